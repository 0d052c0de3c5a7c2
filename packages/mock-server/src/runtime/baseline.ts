/**
 * What a reset returns to: the loaded scenario, when it was loaded, and (after a restore, whose
 * snapshot never holds a secret) the scenario's keys as hashes.
 */
import { buildPlans, buildTenants, loadKeys } from '../scenario/build.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import { KeyStore } from '../state/keys.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * Puts the world back to its baseline: same ids, no created records, events, journal, keys or
 * overrides; deliveries forgotten (attempts in flight aborted, pending retries dropped); the
 * scenario's subscriptions again. The clock keeps its time.
 */
export function loadBaseline(runtime: MockRuntime): void {
  const { state, sim } = runtime.world;
  const { scenario, loadedAt } = runtime.baseline;
  replaceMap(state.tenants, buildTenants(scenario, loadedAt));
  state.createdTenants.clear();
  state.tenantClocks.clear();
  state.tenantStamps.clear();
  state.plans = buildPlans(scenario);
  state.defaultRateLimit = scenario.rateLimit;
  state.keys = new KeyStore();
  if (runtime.baseline.keys === undefined) loadKeys(scenario, state.keys);
  else for (const record of runtime.baseline.keys) state.keys.restore(record);
  state.activeCalls.clear();
  state.endedCalls.clear();
  state.events.clear();
  state.limiter.clear();
  state.idempotency.clear();
  state.overrides.clear();
  state.recordingCarrier.reset();
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

/** Replaces a map's entries in place: the subscription store's tenant check holds the same map. */
export function replaceMap<K, V>(target: Map<K, V>, source: ReadonlyMap<K, V>): void {
  target.clear();
  for (const [key, value] of source) target.set(key, value);
}
