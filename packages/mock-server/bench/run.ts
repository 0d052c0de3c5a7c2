/**
 * The mock server's benchmark (not a test): `pnpm --filter @commflow/mock-server bench`.
 * Prints the figures docs/performance.md records. Every loop is bounded in count and time. The
 * loopback figures run each server in a process of its own, never the load generator's.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { setupServer } from 'msw/node';
import { mockHandler } from '../src/surfaces/adapters/msw.js';
import { flat } from '../src/lib/ids.js';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { bigWorldCurve, scenarioWith } from './big-world.js';
import { snapshotCurve } from './snapshot.js';
import { tenantSnapshotCurve } from './tenant-snapshot.js';
import { tenantsOnDemand } from './tenants.js';
import { journalCost } from './journal.js';

const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
const packageRoot = join(import.meta.dirname, '..');
/** Bare `node:http` sending captured bytes: the peers bench's server (issue 36). */
const bareServer = join(packageRoot, '../../benchmarks/peers/servers/bare.mjs');
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

/** A port free on 127.0.0.1 now, for a server started a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

const children = new Set<ChildProcess>();
/** A server in a process of its own, its stdout to /dev/null (the CLI logs every request). */
function serve(args: string[]): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: packageRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
async function stopChildren(): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }),
  );
}
process.once('SIGINT', () => {
  void stopChildren().finally(() => process.exit(130));
});

/** Resolves once `url` answers 200; bounded, and fails at once when the server exits. */
async function answering(child: ChildProcess, url: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server of ${url} exited (${child.exitCode})`);
    const status = await fetch(url).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (status === 200) return;
    await delay(200);
  }
  throw new Error(`${url} did not answer within 60 s`);
}

async function control<T>(base: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}/__mock${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /__mock${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** The CLI from its sources (tsx as a loader: the pid is the server's) on a free port. */
async function startCli(): Promise<{ url: string; headers: Record<string, string> }> {
  const port = await freePort();
  const child = serve(['--import', 'tsx', '--conditions=source', 'src/cli.ts', '--port', String(port)]);
  const url = `http://127.0.0.1:${port}`;
  await answering(child, `${url}/__mock/clock`);
  // The demo key's 600/min would throttle the run: a key with room.
  const { apiKey } = await control<{ apiKey: { key: string } }>(url, '/api-keys', {
    tenantIds: [DEMO_TENANTS.sandbox],
    rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
  });
  return { url, headers: { ...headers, 'X-API-Key': apiKey.key } };
}

/**
 * Loopback: the standalone mock (its CLI), a second one holding 100 overrides of other tenants,
 * and bare `node:http` sending the mock's bytes, each in a process of its own; autocannon here,
 * in the bench's process, which serves nothing. The three interleaved over two rounds after a
 * warm-up. `npx -y pnpm@10 run bench:peers` has the same figures next to other mocks, with wrk.
 */
async function loopback(): Promise<void> {
  try {
    const mock = await startCli();
    const sample = await fetch(`${mock.url}/api/v1/contacts?limit=50`, { headers: mock.headers });
    const body = Buffer.from(await sample.arrayBuffer());
    const sampleHeaders = Object.fromEntries(sample.headers);
    // Content-Length stays: without it the bare server would answer chunked, other framing than the mock's.
    sampleHeaders['content-length'] = String(body.byteLength);
    delete sampleHeaders.date;
    delete sampleHeaders.connection;
    delete sampleHeaders['keep-alive'];
    const fixture = join(mkdtempSync(join(os.tmpdir(), 'commflow-bench-')), 'fixture.json');
    writeFileSync(
      fixture,
      JSON.stringify({ status: sample.status, headers: sampleHeaders, body: body.toString('base64') }),
    );
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await answering(serve([bareServer, String(barePort), fixture]), bareUrl);
    // Issue 27: 100 overrides aimed at other tenants, none of which this request can match.
    const withOverrides = await startCli();
    for (let i = 0; i < 100; i++) {
      const { tenant } = await control<{ tenant: { id: string } }>(withOverrides.url, '/tenants', {});
      await control(withOverrides.url, '/overrides', {
        tenantId: tenant.id,
        operationId: 'contacts.list',
        fault: { status: 503 },
      });
    }
    const servers = [
      { label: 'loopback GET /contacts?limit=50, mock CLI (autocannon)', ...mock },
      { label: '  the same, with 100 inactive overrides of other tenants', ...withOverrides },
      { label: 'loopback, bare node:http with the same bytes', url: bareUrl, headers: mock.headers },
    ];
    const run = (server: (typeof servers)[number], duration: number) =>
      autocannon({ url: `${server.url}/api/v1/contacts?limit=50`, connections: 10, duration, headers: server.headers });
    // A warm-up first: the first seconds of a fresh process are the JIT's, not the server's.
    for (const server of servers) await run(server, 3);
    const results = servers.map(() => [] as autocannon.Result[]);
    for (let round = 0; round < 2; round++) {
      // Interleaved, the order reversed in the second round: the machine's drift hits all three alike.
      const order = round === 0 ? [0, 1, 2] : [2, 1, 0];
      for (const index of order) results[index]!.push(await run(servers[index]!, 5));
    }
    servers.forEach((server, index) => {
      const rounds = results[index]!;
      line(
        server.label,
        rounds
          .map((r) => `${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`)
          .join(' / '),
      );
    });
    const ratios = [0, 1].map((round) => results[0]![round]!.requests.average / results[2]![round]!.requests.average);
    line('  ratio mock / bare, each round (target ≥ 0.5)', ratios.map((ratio) => ratio.toFixed(2)).join(' / '));
  } finally {
    await stopChildren();
  }
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
  tenantSnapshotCurve([1_000, 100_000], line);
  tenantsOnDemand(line);
  memory();
  createTime();
  await cursorPages();
  await inProcess();
  await journalCost();
}
if (!process.argv.includes('--no-loopback')) await loopback();
