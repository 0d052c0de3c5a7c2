/**
 * The cost of tenant snapshots (issue 34): per tenant size (a scenario tenant of 1k or 100k
 * contacts plus 100 created at run time, beside the demo-sized other tenants a shared mock
 * holds), each in a fresh process: the time to take one tenant's snapshot, its JSON size, the
 * time to restore it (from the value, and from JSON text), and the time to fork it into a new
 * tenant (`tenants.create({ snapshot })`).
 *
 * `tsx --conditions=source bench/tenant-snapshot.ts [sizes…]`
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMock, DEMO_TENANTS } from '../src/index.js';
import { scenarioWith } from './big-world.js';
import { benchHeaders as headers, timed } from './measure.js';

async function measure(count: number): Promise<void> {
  const scenario = scenarioWith(count);
  const [tenant] = scenario.tenants ?? [];
  if (tenant !== undefined) tenant.users = [{ email: 'bench@bench.test', firstName: 'Bench', lastName: 'User' }];
  const mock = createMock(scenario, { clock: { frozen: true, start: '2026-06-01T00:00:00Z' } });
  // Other tenants share the mock, as on a shared server: a restore leaves them alone.
  for (let i = 0; i < 10; i++) mock.tenants.create();
  for (let i = 0; i < 100; i++) {
    const response = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: `Made${i}`, lastName: 'AtRunTime' }),
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  }
  const rounds = count >= 100_000 ? 5 : 50;
  const take = timed(rounds, () => mock.tenants.snapshot(DEMO_TENANTS.sandbox));
  const held = take.value;
  const text = JSON.stringify(held);
  const restoreValueMs = timed(rounds, () => mock.tenants.restore(DEMO_TENANTS.sandbox, held)).ms;
  const restoreTextMs = timed(rounds, () => mock.tenants.restore(DEMO_TENANTS.sandbox, JSON.parse(text))).ms;
  let forkMs = 0;
  for (let i = 0; i <= rounds; i++) {
    const started = performance.now();
    const fork = mock.tenants.create({ snapshot: held });
    if (i > 0) forkMs += performance.now() - started;
    mock.tenants.delete(fork.tenant.id);
  }
  const result = { count, takeMs: take.ms, bytes: text.length, restoreValueMs, restoreTextMs, forkMs: forkMs / rounds };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await mock.close();
}

/** Runs each size in its own process and prints the table. */
export function tenantSnapshotCurve(sizes: readonly number[], write: (label: string, value: string) => void): void {
  const self = fileURLToPath(import.meta.url);
  for (const count of sizes) {
    const output = execFileSync(
      process.execPath,
      ['--max-old-space-size=4096', '--import', 'tsx', '--conditions=source', self, String(count)],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const r = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
    const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(2)} ms`;
    write(
      `tenant snapshot, ${count.toLocaleString('en')} contacts (+100 created)`,
      `take ${ms(r.takeMs)}, JSON ${((r.bytes ?? 0) / 1024).toFixed(1)} KB`,
    );
    write('  restore from the value / from JSON text', `${ms(r.restoreValueMs)} / ${ms(r.restoreTextMs)}`);
    write('  fork (tenants.create({ snapshot }))', ms(r.forkMs));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv.slice(2).map(Number);
  if (sizes.length === 1 && sizes[0] !== undefined) await measure(sizes[0]);
  else
    tenantSnapshotCurve(sizes.length > 0 ? sizes : [1_000, 100_000], (label, value) => {
      process.stdout.write(`${label.padEnd(58)} ${value}\n`);
    });
}
