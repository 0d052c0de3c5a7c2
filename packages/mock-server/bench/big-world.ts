/**
 * The big-world curve: one tenant with 1k, 10k, 100k and 1M contacts, each size measured in a
 * fresh process (heaps measured side by side disturb each other). Prints, per size: creation
 * time, heap after GC, one page, a no-match search, a digits search and a name search.
 *
 * `tsx --conditions=source bench/big-world.ts [sizes…]`; a size alone runs just that size in
 * this process (that is what the parent spawns). Needs `--expose-gc` for the heap figures.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type ScenarioInput } from '../src/index.js';

const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
const gc = (globalThis as { gc?: () => void }).gc;

/** The same world as the main bench: contacts given one by one in the scenario. */
export function scenarioWith(count: number): ScenarioInput {
  const start = Date.UTC(2026, 0, 1);
  return {
    tenants: [
      {
        id: DEMO_TENANTS.sandbox,
        name: 'Bench',
        mode: 'sandbox',
        contacts: Array.from({ length: count }, (_, i) => ({
          firstName: `First${i}`,
          lastName: `Last${i}`,
          phoneMobile: `+1415${String(i).padStart(7, '0')}`,
          createdAt: new Date(start + i * 1000).toISOString(),
        })),
      },
    ],
    apiKeys: [
      {
        key: DEMO_KEYS.sandbox,
        tenantIds: [DEMO_TENANTS.sandbox],
        permissions: ['*'],
        rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
      },
    ],
  };
}

async function perCall(count: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, count); i++) await run();
  const started = performance.now();
  for (let i = 0; i < count; i++) await run();
  return (performance.now() - started) / count;
}

/** Measures one size in this process; prints one JSON line. */
async function measure(count: number): Promise<void> {
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  // The input is built before the timer and dropped after: the heap figure is the mock's own.
  const input: { scenario?: ScenarioInput } = { scenario: scenarioWith(count) };
  const started = performance.now();
  const mock = createMock(input.scenario);
  const createMs = performance.now() - started;
  delete input.scenario;
  gc();
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const get = (query: string) => async () => {
    const response = await mock.fetch(`/api/v1/contacts?${query}`, { headers });
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    return response.arrayBuffer();
  };
  const rounds = count >= 1_000_000 ? 20 : 100;
  // The first search builds the search blocks; later creates keep them up to date.
  const firstSearchStarted = performance.now();
  await get('limit=50&search=first1')();
  const firstSearchMs = performance.now() - firstSearchStarted;
  const pageMs = await perCall(200, get('limit=50'));
  const noMatchMs = await perCall(rounds, get('limit=50&search=zzzz'));
  const digitsMs = await perCall(rounds, get('limit=50&search=415000777'));
  const nameMs = await perCall(rounds, get('limit=50&search=st12345'));
  gc();
  const searchHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const resetStarted = performance.now();
  mock.reset();
  const resetMs = performance.now() - resetStarted;
  const result = { count, createMs, heapMb, searchHeapMb, firstSearchMs, pageMs, noMatchMs, digitsMs, nameMs, resetMs };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  if (mock.scenario.tenants.length !== 1) throw new Error('unexpected scenario');
}

/** Runs each size in its own process and prints the table. */
export function bigWorldCurve(sizes: readonly number[], write: (label: string, value: string) => void): void {
  const self = fileURLToPath(import.meta.url);
  for (const count of sizes) {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', '--conditions=source', self, String(count)],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
    const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(3)} ms`;
    write(
      `big world, ${count.toLocaleString('en')} contacts`,
      `create ${(result.createMs ?? Number.NaN).toFixed(0)} ms, heap ${(result.heapMb ?? Number.NaN).toFixed(1)} MB`,
    );
    write(
      '  heap once searched / first search (builds the blocks) / reset',
      `${(result.searchHeapMb ?? Number.NaN).toFixed(1)} MB / ${ms(result.firstSearchMs)} / ${ms(result.resetMs)}`,
    );
    write(
      '  page / no-match search / digits search / name search',
      `${ms(result.pageMs)} / ${ms(result.noMatchMs)} / ${ms(result.digitsMs)} / ${ms(result.nameMs)}`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv.slice(2).map(Number);
  if (sizes.length === 1 && sizes[0] !== undefined) await measure(sizes[0]);
  else
    bigWorldCurve(sizes.length > 0 ? sizes : [1_000, 10_000, 100_000, 1_000_000], (label, value) => {
      process.stdout.write(`${label.padEnd(58)} ${value}\n`);
    });
}
