/**
 * The cost of snapshots: per world size (a scenario of 1k, 10k, 100k or 1M contacts plus 100
 * created at run time), each in a fresh process: the time to take a snapshot, its JSON size,
 * the heap it takes while held, and the time to restore it (from the value, as between tests, and
 * from JSON text, as across processes).
 *
 * `tsx --conditions=source bench/snapshot.ts [sizes…]`; needs `--expose-gc` for the heap figures.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMock } from '../src/index.js';
import { scenarioWith } from './big-world.js';
import { benchHeaders as headers, timed } from './measure.js';

const gc = (globalThis as { gc?: () => void }).gc;
async function measure(count: number): Promise<void> {
  if (gc === undefined) throw new Error('run with --expose-gc');
  const scenario = scenarioWith(count);
  const [tenant] = scenario.tenants ?? [];
  if (tenant !== undefined) tenant.users = [{ email: 'bench@bench.test', firstName: 'Bench', lastName: 'User' }];
  const mock = createMock(scenario, { clock: { frozen: true, start: '2026-06-01T00:00:00Z' } });
  for (let i = 0; i < 100; i++) {
    const response = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: `Made${i}`, lastName: 'AtRunTime' }),
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  }
  const rounds = count >= 1_000_000 ? 3 : count >= 100_000 ? 5 : 50;
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const held = mock.snapshot();
  const heldMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const take = timed(rounds, () => mock.snapshot());
  const text = JSON.stringify(take.value);
  const stringifyMs = timed(Math.max(1, Math.floor(rounds / 2)), () => JSON.stringify(held)).ms;
  const other = createMock('demo', { clock: { frozen: true } });
  const restoreValueMs = timed(rounds, () => {
    mock.restore(held);
  }).ms;
  const restoreTextMs = timed(Math.max(1, Math.floor(rounds / 2)), () => {
    other.restore(JSON.parse(text));
  }).ms;
  const result = { count, takeMs: take.ms, stringifyMs, bytes: text.length, heldMb, restoreValueMs, restoreTextMs };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Runs each size in its own process and prints the table. */
export function snapshotCurve(sizes: readonly number[], write: (label: string, value: string) => void): void {
  const self = fileURLToPath(import.meta.url);
  for (const count of sizes) {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', '--conditions=source', self, String(count)],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const r = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
    const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(2)} ms`;
    write(
      `snapshot, ${count.toLocaleString('en')} contacts (+100 created)`,
      `take ${ms(r.takeMs)}, JSON ${((r.bytes ?? 0) / 1024 / 1024).toFixed(2)} MB (stringify ${ms(r.stringifyMs)}), held ${(r.heldMb ?? Number.NaN).toFixed(1)} MB`,
    );
    write('  restore from the value / from JSON text', `${ms(r.restoreValueMs)} / ${ms(r.restoreTextMs)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv.slice(2).map(Number);
  if (sizes.length === 1 && sizes[0] !== undefined) await measure(sizes[0]);
  else
    snapshotCurve(sizes.length > 0 ? sizes : [1_000, 10_000, 100_000, 1_000_000], (label, value) => {
      process.stdout.write(`${label.padEnd(58)} ${value}\n`);
    });
}
