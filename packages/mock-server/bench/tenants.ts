/**
 * Tenants on demand: the cost of creating one from the demo's sandbox tenant, and the heap after
 * 1,000 tenants created and deleted (it must come back to where it was); then 1,000 tenants
 * created, used (requests journaled, contacts created, events emitted and delivered to a webhook,
 * a request of no tenant beside each) and deleted, one after another, with the heap read every
 * 250: history is kept per tenant, and a deleted tenant's is freed, so it stays flat.
 * In-process, in a fresh process under `--expose-gc`.
 *
 * `tsx --conditions=source bench/tenants.ts` (also part of `bench`).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMock, DEMO_TENANTS, HISTORY_LIMITS, type CommFlowMock } from '../src/index.js';

const gc = (globalThis as { gc?: () => void }).gc;
const ROUNDS = 1_000;
/** Requests each used tenant receives: every fourth creates a contact (an event, a delivery). */
const REQUESTS_PER_TENANT = 20;
const CHECKPOINT = 250;

/** One tenant's life in a suite: created, subscribed, sent its requests, and deleted. */
async function useTenant(mock: CommFlowMock, n: number): Promise<void> {
  const { tenant, key } = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
  mock.webhooks.subscribe({
    tenantId: tenant.id,
    events: ['contact.changed'],
    callback: () => new Response(null, { status: 204 }),
  });
  const headers = { 'X-API-Key': key, 'X-Tenant-Id': tenant.id, 'X-User-Email': 'ann.lee@acme.test' };
  for (let i = 0; i < REQUESTS_PER_TENANT; i++) {
    const response =
      i % 4 === 0
        ? await mock.fetch('/api/v1/contacts', {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ firstName: `Used${String(n)}-${String(i)}` }),
          })
        : await mock.fetch('/api/v1/contacts?limit=10', { headers });
    await response.arrayBuffer();
  }
  // A request of no tenant (no key): the journal's bucket of its own.
  await (await mock.fetch('/api/v1/users')).arrayBuffer();
  await mock.idle();
  mock.tenants.delete(tenant.id);
}

/** The heap after GC (MB) every CHECKPOINT tenants created, used and deleted; the first is before any. */
async function usedTenantsHeap(): Promise<{ heapMb: number[]; journal: number; events: number; deliveries: number }> {
  if (gc === undefined) throw new Error('run with --expose-gc');
  // A frozen clock: the bounded memo of ISO times (65,536 of them, a few MB) would otherwise fill
  // with the wall clock's milliseconds during the run and read as growth.
  const mock = createMock('demo', { clock: { frozen: true } });
  // Warm-up: code paths compiled, and the journal's bucket of no tenant full (a plateau of its own).
  for (let n = 0; n < 50; n++) await useTenant(mock, n);
  for (let n = 0; n < HISTORY_LIMITS.journalLimit.defaultValue; n++)
    await (await mock.fetch('/api/v1/users')).arrayBuffer();
  const heapMb: number[] = [];
  const read = () => {
    gc();
    gc();
    heapMb.push(process.memoryUsage().heapUsed / 1024 / 1024);
  };
  read();
  for (let n = 0; n < ROUNDS; n++) {
    await useTenant(mock, n);
    if ((n + 1) % CHECKPOINT === 0) read();
  }
  const kept = { journal: mock.journal().length, events: mock.events().length, deliveries: mock.deliveries().length };
  await mock.close();
  return { heapMb, ...kept };
}

async function measure(): Promise<void> {
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
  const used = await usedTenantsHeap();
  const result = {
    createMs,
    minimalMs,
    deleteMs,
    heldMb: mb(heapHeld - heapBefore),
    afterMb: mb(heapAfter - heapBefore),
    secondMb: mb(heapAfterSecond - heapAfter),
    usedHeapMb: used.heapMb,
    usedKept: [used.journal, used.events, used.deliveries],
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
  const r = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number> & {
    usedHeapMb?: number[];
    usedKept?: number[];
  };
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
  const heap = r.usedHeapMb ?? [];
  write(
    `heap after GC every ${String(CHECKPOINT)} of ${String(ROUNDS)} tenants created, used (${String(REQUESTS_PER_TENANT)} requests) and deleted`,
    heap.map((value) => value.toFixed(1)).join(' / ') + ' MB',
  );
  write(
    'kept after them: journal entries / events / deliveries',
    (r.usedKept ?? []).map((value) => String(value)).join(' / '),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'measure') await measure();
  else
    tenantsOnDemand((label, value) => {
      process.stdout.write(`${label.padEnd(58)} ${value}\n`);
    });
}
