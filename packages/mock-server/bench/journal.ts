/**
 * What the journal costs: per request in process (journal off vs on, a list and a create), and
 * its heap at the cap (1,000 entries) for typical answers and for bodies cut at 64 KiB.
 */
import { createMock, DEMO_TENANTS } from '../src/index.js';

const headers = {
  'X-API-Key': '',
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
  'content-type': 'application/json',
};

/** A demo mock whose bench key is never rate limited (the demo keys allow 600 a minute). */
function benchMock(options: Parameters<typeof createMock>[1] = {}) {
  const mock = createMock('demo', options);
  headers['X-API-Key'] = mock.createApiKey({
    tenantIds: [DEMO_TENANTS.sandbox],
    rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
  }).key;
  return mock;
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const line = (label: string, value: string) => {
  process.stdout.write(`${label.padEnd(58)} ${value}\n`);
};

async function perCall(journalLimit: number, request: () => RequestInit & { path: string }): Promise<number> {
  const mock = benchMock({ journalLimit });
  const run = async () => {
    const { path, ...init } = request();
    await (await mock.fetch(path, init)).arrayBuffer();
  };
  for (let i = 0; i < 300; i++) await run();
  const count = 3_000;
  const started = performance.now();
  for (let i = 0; i < count; i++) await run();
  await mock.close();
  return ((performance.now() - started) / count) * 1000;
}

async function heapAtCap(
  label: string,
  request: (i: number) => RequestInit & { path: string },
  count = 1_000,
): Promise<void> {
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const mock = benchMock();
  for (let i = 0; i < count; i++) {
    const { path, ...init } = request(i);
    await (await mock.fetch(path, init)).arrayBuffer();
  }
  gc();
  gc();
  const full = process.memoryUsage().heapUsed;
  const entries = mock.journal();
  if (entries.some((entry) => entry.status === 429)) throw new Error('rate limited: the figures would lie');
  if (entries.length !== 1_000) throw new Error(`expected 1,000 entries, got ${entries.length}`);
  // The journal trims itself in halves: between trims it holds up to 2 × journalLimit records.
  const bodies = entries.reduce((sum, entry) => sum + entry.request.bodySize + entry.response.bodySize, 0);
  line(`  ${label}`, `${mb(full - before)} (bodies sent + answered: ${mb(bodies)})`);
  await mock.close();
}

/** The journal's figures for docs/performance.md. */
export async function journalCost(): Promise<void> {
  const list = () => ({ path: '/api/v1/contacts?limit=50', headers });
  let n = 0;
  const create = () => ({
    path: '/api/v1/contacts',
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: `Bench ${++n}`, lastName: 'Journal' }),
  });
  for (const [label, request] of [
    ['GET /contacts?limit=50', list],
    ['POST /contacts', create],
  ] as const) {
    // Interleaved, best of three each: the machine is shared, and the first rounds warm the JIT.
    const offs: number[] = [];
    const ons: number[] = [];
    for (let round = 0; round < 3; round++) {
      offs.push(await perCall(0, request));
      ons.push(await perCall(1_000, request));
    }
    const off = Math.min(...offs);
    const on = Math.min(...ons);
    line(
      `mock.fetch ${label}: journal off → on (3,000 requests)`,
      `${off.toFixed(1)} → ${on.toFixed(1)} µs (+${(on - off).toFixed(1)} µs)`,
    );
  }
  line('journal heap at its cap (1,000 entries, after gc)', '');
  await heapAtCap('GET /contacts?limit=50 (a 50-contact answer each)', () => list());
  await heapAtCap('POST /contacts (small bodies)', () => create());
  const big = `{"firstName":"${'x'.repeat(100_000)}"}`;
  const bigPost = () => ({ path: '/api/v1/contacts', method: 'POST', headers, body: big });
  await heapAtCap('POST of a 100 KB body (400; kept: its first 64 KiB)', bigPost);
  await heapAtCap('same, 1,124 requests (the peak: 1,124 records held)', bigPost, 1_124);
}
