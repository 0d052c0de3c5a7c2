/**
 * The mock server's benchmark (not a test): `pnpm --filter @commflow/mock-server bench`.
 * Prints the figures docs/performance.md records. Every loop is bounded in count and time.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { setupServer } from 'msw/node';
import { mockHandler } from '../src/surfaces/adapters/msw.js';
import { startMockServer } from '../src/surfaces/adapters/node.js';
import { flat } from '../src/lib/ids.js';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { bigWorldCurve, scenarioWith } from './big-world.js';
import { snapshotCurve } from './snapshot.js';
import { tenantsOnDemand } from './tenants.js';
import { journalCost } from './journal.js';

const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const line = (label: string, value: string) => {
  process.stdout.write(`${label.padEnd(58)} ${value}\n`);
};

async function timePerCall(label: string, count: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(200, count); i++) await run();
  const started = performance.now();
  for (let i = 0; i < count; i++) await run();
  const perCall = (performance.now() - started) / count;
  line(label, `${(perCall * 1000).toFixed(1)} µs`);
  return perCall;
}

function createTime(): void {
  createMock('demo');
  const runs = 200;
  const started = performance.now();
  for (let i = 0; i < runs; i++) createMock('demo');
  line('create a mock from the demo scenario (mean of 200)', `${((performance.now() - started) / runs).toFixed(3)} ms`);
}

async function cursorPages(): Promise<void> {
  const results: number[] = [];
  for (const count of [1_000, 100_000]) {
    const mock = createMock(scenarioWith(count));
    const middle = (await (await mock.fetch(`/api/v1/contacts?limit=100&offset=${count / 2}`, { headers })).json()) as {
      meta: { pagination: { nextCursor: string } };
    };
    const cursor = middle.meta.pagination.nextCursor;
    results.push(
      await timePerCall(`one cursor page (limit 50) at ${count.toLocaleString('en')} contacts`, 2_000, () =>
        mock.fetch(`/api/v1/contacts?limit=50&cursor=${cursor}`, { headers }).then((r) => r.arrayBuffer()),
      ),
    );
  }
  line('  ratio 100k / 1k (target ≤ 2)', ((results[1] ?? 0) / (results[0] ?? 1)).toFixed(2));
}

function memory(): void {
  gc();
  const before = process.memoryUsage();
  const scenario = scenarioWith(100_000);
  const mock = createMock(scenario);
  (scenario.tenants ?? []).length = 0;
  gc();
  const after = process.memoryUsage();
  line(
    'RSS of a mock holding 100,000 contacts (delta)',
    `${mb(after.rss - before.rss)} (heap ${mb(after.heapUsed - before.heapUsed)})`,
  );
  line('  process RSS with it loaded', mb(after.rss));
  if (mock.scenario.tenants.length !== 1) throw new Error('unexpected scenario');
  // Each variant in a fresh process: measured side by side, the heaps disturb each other.
  for (const [label, expression] of [
    ['100,000 randomUUID() strings as returned (ropes)', 'randomUUID()'],
    [
      '100,000 randomUUID() strings flattened (ids.ts flat())',
      "Buffer.from(randomUUID(), 'latin1').toString('latin1')",
    ],
  ] as const) {
    const script = `import { randomUUID } from 'node:crypto'; gc(); gc(); const h = process.memoryUsage().heapUsed; const held = Array.from({ length: 100000 }, () => ${expression}); gc(); gc(); process.stdout.write(String(process.memoryUsage().heapUsed - h)); void held;`;
    const bytes = Number(
      execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' }),
    );
    line(`  ${label}`, mb(bytes));
  }
  if (flat('x') !== 'x') throw new Error('flat() changed the text');
}

async function inProcess(): Promise<void> {
  const mock = createMock('demo', { journalLimit: 0 });
  const direct = await timePerCall('mock.fetch round trip, GET /contacts (2,000 requests)', 2_000, () =>
    mock.fetch('http://api.commflow.test/api/v1/contacts?limit=50', { headers }).then((r) => r.arrayBuffer()),
  );
  const server = setupServer(mockHandler(mock, { baseUrl: 'http://api.commflow.test' }));
  server.listen({ onUnhandledFrame: 'error' });
  gc();
  const resourcesBefore = process.getActiveResourcesInfo().length;
  const heapBefore = process.memoryUsage().heapUsed;
  const viaMsw = await timePerCall('msw round trip, same request (2,000 requests)', 2_000, () =>
    fetch('http://api.commflow.test/api/v1/contacts?limit=50', { headers }).then((r) => r.arrayBuffer()),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  const resourcesAfter = process.getActiveResourcesInfo().length;
  const heapAfter = process.memoryUsage().heapUsed;
  server.close();
  line('  ratio msw / direct (target ≥ 20)', (viaMsw / direct).toFixed(1));
  line('  msw: active handles before → after 2,200 requests', `${resourcesBefore} → ${resourcesAfter}`);
  line('  msw: heap growth over 2,200 requests (after gc)', mb(heapAfter - heapBefore));
}

async function loopback(): Promise<void> {
  const running = await startMockServer({ scenario: 'demo', overrideGlobalObjects: true });
  const sample = await fetch(`${running.url}/api/v1/contacts?limit=50`, { headers });
  const body = Buffer.from(await sample.arrayBuffer());
  const sampleHeaders = Object.fromEntries(sample.headers);
  // Content-Length stays: without it the bare server would answer chunked, other framing than the mock's.
  sampleHeaders['content-length'] = String(body.byteLength);
  delete sampleHeaders.date;
  delete sampleHeaders.connection;
  delete sampleHeaders['keep-alive'];
  const bare = createServer((_request, response) => {
    response.writeHead(200, sampleHeaders);
    response.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const run = (url: string) =>
    autocannon({ url: `${url}/api/v1/contacts?limit=50`, connections: 10, duration: 10, headers });
  // The demo key's 600/min would throttle the run: give it a key with room.
  const { key } = running.mock.createApiKey({
    tenantIds: [DEMO_TENANTS.sandbox],
    rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
  });
  // A short warm-up first: the first seconds of a fresh process are the JIT's, not the mock's.
  await autocannon({
    url: `${running.url}/api/v1/contacts?limit=50`,
    connections: 10,
    duration: 3,
    headers: { ...headers, 'X-API-Key': key },
  });
  const mockResult = await autocannon({
    url: `${running.url}/api/v1/contacts?limit=50`,
    connections: 10,
    duration: 10,
    headers: { ...headers, 'X-API-Key': key },
  });
  const bareResult = await run(bareUrl);
  line(
    'loopback GET /contacts?limit=50, mock (autocannon 10 conn, 10 s)',
    `${mockResult.requests.average.toFixed(0)} req/s, p99 ${mockResult.latency.p99} ms, ${mockResult.non2xx} non-2xx`,
  );
  // Issue 27: 100 overrides aimed at other tenants, none of which this request can match.
  for (let i = 0; i < 100; i++) {
    const { tenant } = running.mock.tenants.create();
    running.mock.overrides.add({ tenantId: tenant.id, operationId: 'contacts.list', fault: { status: 503 } });
  }
  const withOverrides = await autocannon({
    url: `${running.url}/api/v1/contacts?limit=50`,
    connections: 10,
    duration: 10,
    headers: { ...headers, 'X-API-Key': key },
  });
  line(
    '  the same, with 100 inactive overrides of other tenants',
    `${withOverrides.requests.average.toFixed(0)} req/s, p99 ${withOverrides.latency.p99} ms, ${withOverrides.non2xx} non-2xx`,
  );
  // Then without them again: the two figures without bracket the one with, under the machine's drift.
  running.mock.overrides.clear();
  const withoutAgain = await autocannon({
    url: `${running.url}/api/v1/contacts?limit=50`,
    connections: 10,
    duration: 10,
    headers: { ...headers, 'X-API-Key': key },
  });
  line(
    '  the same, the overrides removed again',
    `${withoutAgain.requests.average.toFixed(0)} req/s, p99 ${withoutAgain.latency.p99} ms, ${withoutAgain.non2xx} non-2xx`,
  );
  line(
    'loopback, bare node:http with the same bytes',
    `${bareResult.requests.average.toFixed(0)} req/s, p99 ${bareResult.latency.p99} ms`,
  );
  line('  ratio mock / bare (target ≥ 0.5)', (mockResult.requests.average / bareResult.requests.average).toFixed(2));
  await running.close();
  await new Promise<void>((resolve) =>
    bare.close(() => {
      resolve();
    }),
  );
}

line(
  'machine',
  `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, ${mb(os.totalmem())} RAM, Node ${process.version}, ${os.platform()}`,
);
// `--only-loopback` (or BENCH_ONLY=loopback) runs just the loopback comparison, for iterating.
const onlyLoopback = process.argv.includes('--only-loopback') || process.env.BENCH_ONLY === 'loopback';
if (!onlyLoopback) {
  // One tenant with 1k … 1M contacts, each size in its own process.
  bigWorldCurve([1_000, 10_000, 100_000, 1_000_000], line);
  // Snapshot and restore of the same worlds, each size in its own process.
  snapshotCurve([1_000, 10_000, 100_000, 1_000_000], line);
  tenantsOnDemand(line);
  memory();
  createTime();
  await cursorPages();
  await inProcess();
  await journalCost();
}
if (!process.argv.includes('--no-loopback')) await loopback();
