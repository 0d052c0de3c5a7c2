// SDK per call: one local HTTP server (servers/bare.mjs, its own process) answers every request
// with the mock's JSON for `GET /api/v1/users`; a client process (calls-client.mjs) measures its
// own CPU time per call for each client.
import { join } from 'node:path';
import { OURS, capture, startMock, writeFixture } from './mock.mjs';
import { packageInfo } from './peer-servers.mjs';
import { freePort, runToEnd, startServer, stopProcess, waitForHttp } from './processes.mjs';

/** The rows, in the table's order; `floor` names the row the ratio is taken against. */
export const CLIENTS = [
  { id: 'fetch', label: 'plain `fetch` (the floor)', floor: 'fetch', version: `Node ${process.version}` },
  { id: 'ky', label: 'ky alone (`ky.get(url).json()`)', floor: 'fetch', pkg: 'ky' },
  { id: 'sdk', label: '**@commflow/sdk** (`users.list()`)', floor: 'fetch', version: OURS },
  { id: 'openai', label: 'openai (`models.list()`, `baseURL`)', floor: 'fetch', pkg: 'openai' },
  { id: 'stripe', label: 'stripe (`customers.list()`, host/port/protocol)', floor: 'fetch', pkg: 'stripe' },
  { id: 'inProcessRaw', label: 'raw `mock.fetch`, in-process (the floor)', floor: 'inProcessRaw', version: OURS },
  {
    id: 'inProcessSdk',
    label: '**@commflow/sdk** against the in-process `mock.fetch`',
    floor: 'inProcessRaw',
    version: OURS,
  },
];

export async function callCost({ work, warmup, rounds, perRound, log }) {
  log('calls: capturing the mock’s answer to GET /api/v1/users');
  const mock = await startMock('mock (capture)');
  let captured;
  try {
    captured = await capture(`${mock.url}/api/v1/users`, mock.headers);
  } finally {
    await stopProcess(mock.server.child);
  }
  const fixture = join(work, 'users-fixture.json');
  writeFixture(fixture, captured);
  const port = await freePort();
  const server = startServer('bare (calls)', process.execPath, [
    join(import.meta.dirname, '../servers/bare.mjs'),
    String(port),
    fixture,
  ]);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(server, `${url}/api/v1/users`);
    log(`calls: ${warmup} warm-up calls of each client, then ${rounds} rounds of ${perRound}`);
    const config = {
      url,
      apiKey: mock.headers['X-API-Key'],
      tenantId: mock.headers['X-Tenant-Id'],
      warmup,
      rounds,
      perRound,
    };
    const result = await runToEnd(
      process.execPath,
      [join(import.meta.dirname, 'calls-client.mjs'), JSON.stringify(config)],
      {
        cwd: join(import.meta.dirname, '..'),
        timeoutMs: 8 * 60_000,
      },
    );
    if (result.code !== 0) throw new Error(`the client process failed (${result.code}): ${result.stderr}`);
    const figures = JSON.parse(result.stdout);
    return CLIENTS.map((client) => ({
      ...client,
      version: client.version ?? packageInfo(client.pkg).version,
      us: figures[client.id].us,
      ratio: figures[client.id].us / figures[client.floor].us,
      rounds: figures[client.id].rounds,
    }));
  } finally {
    await stopProcess(server.child);
  }
}
