/**
 * A standalone mock of the demo scenario on 127.0.0.1 and its remote handle, for the tests of the
 * calling file or `describe` block: started before them, closed after.
 */
import { afterAll, beforeAll } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/surfaces/adapters/node.js';
import { connectMock, type RemoteMock } from '../../src/surfaces/remote/index.js';

/** The running server and its remote handle; read them inside a test (they exist from `beforeAll`). */
export interface RemoteDemo {
  readonly server: RunningMockServer;
  readonly remote: RemoteMock;
}

/** Registers the hooks that start and close the server; call it once, where the tests are declared. */
export function remoteDemo(): RemoteDemo {
  let running: RemoteDemo | undefined;
  beforeAll(async () => {
    const server = await startMockServer({ scenario: 'demo' });
    running = { server, remote: await connectMock(server.url) };
  });
  afterAll(async () => {
    await running?.server.close();
  });
  const started = (): RemoteDemo => {
    if (running === undefined) throw new Error('the demo server starts in beforeAll: read it inside a test');
    return running;
  };
  return {
    get server() {
      return started().server;
    },
    get remote() {
      return started().remote;
    },
  };
}
