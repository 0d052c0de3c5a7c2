/**
 * A standalone mock on a frozen clock, for the tests that take a snapshot in one process and
 * restore it in another: a frozen clock makes the world at the snapshot exact, whatever the
 * machine's speed. Listens on 127.0.0.1, port 0; the first line on stdout is the base URL.
 *
 * Usage: tsx --conditions=source test/snapshot/serve-frozen.ts <clock start, ISO 8601>
 */
import { createMock } from '../../src/index.js';
import { startMockServer } from '../../src/surfaces/adapters/node.js';

const mock = createMock('demo', { clock: { frozen: true, start: process.argv[2] ?? '2026-11-21T12:00:00.000Z' } });
const running = await startMockServer({ mock, host: '127.0.0.1', port: 0 });
process.stdout.write(`${running.url}\n`);
const stop = () => {
  void running.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
