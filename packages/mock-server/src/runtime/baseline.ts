/**
 * What a reset returns to: the loaded scenario, when it was loaded, and (after a restore, whose
 * snapshot never holds a secret) the scenario's keys as hashes.
 */
import { buildTenants, loadKeys } from '../scenario/build.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * Puts the world back to its baseline: same ids, no created records, events, journal, keys or
 * overrides; deliveries forgotten (attempts in flight aborted, pending retries dropped); the
 * scenario's subscriptions again. The clock keeps its time.
 */
export function loadBaseline(runtime: MockRuntime): void {
  const { state, sim } = runtime.world;
  const { scenario, loadedAt } = runtime.baseline;
  state.tenants.clear();
  for (const [tenantId, tenant] of buildTenants(scenario, loadedAt)) state.tenants.set(tenantId, tenant);
  state.catalogue.set(scenario.plans, scenario.rateLimit);
  state.keys.load([]);
  if (runtime.baseline.keys === undefined) loadKeys(scenario, state.keys);
  else for (const record of runtime.baseline.keys) state.keys.restore(record);
  state.calls.clear();
  state.events.clear();
  state.limiter.clear();
  state.idempotency.clear();
  state.overrides.clear();
  state.carrierRecord.reset();
  state.journal.clear();
  sim.webhooks.reset();
  scenario.tenants.forEach((tenant, t) => {
    tenant.webhooks.forEach((webhook, w) => {
      state.subscriptions.create({ ...webhook, tenantId: tenant.id.toLowerCase() }, [
        'tenants',
        String(t),
        'webhooks',
        String(w),
      ]);
    });
  });
}

/** Loads another scenario as the baseline, and resets to it. */
export function loadScenario(runtime: MockRuntime, scenario: ResolvedScenario): void {
  runtime.baseline = { scenario, loadedAt: runtime.world.sim.clock.now(), keys: undefined };
  loadBaseline(runtime);
}
