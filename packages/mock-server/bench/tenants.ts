/**
 * Tenants on demand: the cost of creating one from the demo's sandbox tenant, and the heap after
 * 1,000 tenants created and deleted (it must come back to where it was). In-process, in a fresh
 * process under `--expose-gc`.
 *
 * `tsx --conditions=source bench/tenants.ts` (also part of `bench`).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMock, DEMO_TENANTS } from '../src/index.js';

const gc = (globalThis as { gc?: () => void }).gc;
const ROUNDS = 1_000;

function measure(): void {
  if (gc === undefined) throw new Error('run with --expose-gc');
  const mock = createMock('demo');
  // Warm-up, then the timed creations (kept, so deletion is measured apart).
  for (let i = 0; i < 50; i++) mock.tenants.delete(mock.tenants.create({ from: DEMO_TENANTS.sandbox }).tenant.id);
  gc();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < ROUNDS; i++) ids.push(mock.tenants.create({ from: DEMO_TENANTS.sandbox }).tenant.id);
  const createMs = (performance.now() - started) / ROUNDS;
  const minimalStarted = performance.now();
  for (let i = 0; i < ROUNDS; i++) ids.push(mock.tenants.create().tenant.id);
  const minimalMs = (performance.now() - minimalStarted) / ROUNDS;
  gc();
  const heapHeld = process.memoryUsage().heapUsed;
  const deleteStarted = performance.now();
  for (const id of ids) mock.tenants.delete(id);
  const deleteMs = (performance.now() - deleteStarted) / ids.length;
  gc();
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  // A second round: whatever the first left (code caches, warmed-up shapes) must not grow again.
  for (let i = 0; i < 2 * ROUNDS; i++)
    mock.tenants.delete(mock.tenants.create({ from: DEMO_TENANTS.sandbox }).tenant.id);
  gc();
  gc();
  const heapAfterSecond = process.memoryUsage().heapUsed;
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const result = {
    createMs,
    minimalMs,
    deleteMs,
    heldMb: mb(heapHeld - heapBefore),
    afterMb: mb(heapAfter - heapBefore),
    secondMb: mb(heapAfterSecond - heapAfter),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Runs in a fresh process and prints the lines. */
export function tenantsOnDemand(write: (label: string, value: string) => void): void {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--conditions=source', fileURLToPath(import.meta.url), 'measure'],
    { encoding: 'utf8' },
  );
  const r = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
  const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(3)} ms`;
  write(
    'tenant from the demo template / minimal sandbox / delete',
    `${ms(r.createMs)} / ${ms(r.minimalMs)} / ${ms(r.deleteMs)}`,
  );
  const signed = (value: number | undefined) => `${(value ?? 0) >= 0 ? '+' : ''}${(value ?? Number.NaN).toFixed(2)} MB`;
  write(
    `heap after GC: ${String(2 * ROUNDS)} tenants held / all deleted / ${String(2 * ROUNDS)} more, deleted`,
    `${signed(r.heldMb)} / ${signed(r.afterMb)} / ${signed(r.secondMb)}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'measure') measure();
  else
    tenantsOnDemand((label, value) => {
      process.stdout.write(`${label.padEnd(58)} ${value}\n`);
    });
}
