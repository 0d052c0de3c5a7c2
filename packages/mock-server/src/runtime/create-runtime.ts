/**
 * The mock's runtime: its world (state and simulated outside) and the baseline a reset returns
 * to. The facade, the control surface and the console all act on it; it imports none of them.
 */
import { scriptedResponder, type AiResponder } from '../sim/ai-responder.js';
import { RecordingCarrier, type CarrierAdapter } from '../sim/carrier.js';
import { CarrierRecord } from '../state/carrier-record.js';
import { MockClock, type ClockOptions } from '../sim/clock.js';
import type { Sim } from '../sim/sim.js';
import { progressCalls } from '../service/domains/voice.js';
import { EventLog } from '../state/events/index.js';
import { IdempotencyStore } from '../state/idempotency-store.js';
import { Journal } from '../state/journal.js';
import { KeyStore } from '../state/keys.js';
import { OverrideStore } from '../state/overrides.js';
import { RateLimiter } from '../state/rate-limiter.js';
import type { World, WorldState, WorldTenants } from './world.js';
import { TENANT_TEMPLATES } from './tenant-templates.js';
import { CallsStore } from '../state/calls.js';
import { Catalogue } from '../state/catalogue.js';
import { TenantRegistry } from '../state/tenant-registry.js';
import { resolveHistoryLimits, type HistoryLimits } from '../history/limits.js';
import { demoScenario } from '../scenario/demo.js';
import { parseScenario, type ResolvedScenario } from '../scenario/parse.js';
import type { ScenarioInput } from '../scenario/schema.js';
import type { WebhookTimestampClock } from '../sim/webhooks/attempt-time.js';
import { WebhookDispatcher } from '../sim/webhooks/dispatcher.js';
import { DeliveryTable } from '../state/webhooks/deliveries.js';
import { SubscriptionStore } from '../state/webhooks/subscriptions.js';
import { loadBaseline } from './baseline.js';
import type { MockRuntime } from './mock-runtime.js';

export type { MockRuntime } from './mock-runtime.js';

/**
 * How to create a mock.
 *
 * @example
 * ```ts
 * const mock = createMock('demo', { clock: { frozen: true, start: '2026-01-01T00:00:00Z' } });
 * ```
 */
export interface MockOptions extends HistoryLimits {
  /** The clock: frozen or following the wall clock, and where it starts. */
  clock?: ClockOptions;
  /** Serve the control surface over HTTP under `/__mock`. Default: true. */
  control?: boolean;
  /** The AI agents' responder. Default: {@link scriptedResponder}. */
  aiResponder?: AiResponder;
  /** The carrier of live tenants. Default: a recording carrier driven by `/__mock/carrier`. */
  carrier?: CarrierAdapter;
  /** The base URL `mock.fetch` resolves relative paths against. Default: `http://commflow.mock`. */
  baseUrl?: string;
  /**
   * The clock of deliveries' `webhook-timestamp`. Default `'wall'`: the real time of each
   * attempt, so receivers verify with their own clock after a test advanced the mock's.
   * `'mock'`: the attempt's time on the mock clock, for deterministic signatures and snapshots.
   * The event's `timestamp` field is on the mock clock either way.
   */
  webhookTimestamp?: WebhookTimestampClock;
}

/** A scenario input or the name of the built-in one, resolved. */
export function resolveScenario(scenario: ScenarioInput | ResolvedScenario | 'demo'): ResolvedScenario {
  return parseScenario(scenario === 'demo' ? demoScenario : scenario);
}

/** Creates the world's stores, the machinery that acts on them, and loads `scenario`. */
export function createRuntime(
  scenario: ScenarioInput | ResolvedScenario | 'demo',
  options: MockOptions = {},
): MockRuntime {
  const resolved = resolveScenario(scenario);
  const clock = new MockClock(options.clock);
  const limits = resolveHistoryLimits(options);
  const carrierRecord = new CarrierRecord(limits.carrierMessageLimit);
  const recordingCarrier = RecordingCarrier.writingTo(carrierRecord);
  const tenants: WorldTenants = new TenantRegistry(TENANT_TEMPLATES);
  // Each tenant's time: the mock clock plus the tenant clock's distance ahead (decisions.md).
  const nowFor = (tenantId: string) => clock.now() + tenants.aheadMs(tenantId);
  const events = new EventLog(clock, limits.eventLimit, (tenantId) => new Date(nowFor(tenantId)).toISOString());
  const subscriptions = new SubscriptionStore({
    clock,
    tenantExists: (tenantId) => tenants.has(tenantId.toLowerCase()),
  });
  const state: WorldState = {
    tenants,
    catalogue: new Catalogue(),
    keys: new KeyStore(),
    limiter: new RateLimiter(clock),
    idempotency: new IdempotencyStore(clock, limits.idempotencyLimit, nowFor),
    overrides: new OverrideStore(),
    carrierRecord,
    events,
    journal: new Journal(limits.journalLimit),
    subscriptions,
    deliveries: new DeliveryTable({ nowFor, limit: limits.deliveryLimit }),
    calls: new CallsStore(limits.callLimit),
    limits,
  };
  // A frozen clock only moves when a test advances it, and that drives due retries; a clock
  // that follows the wall (standalone mode) also needs real, unref'd timers for them.
  const webhooks = new WebhookDispatcher({
    events,
    clock,
    realTimers: options.clock?.frozen !== true,
    webhookTimestamp: options.webhookTimestamp ?? 'wall',
    subscriptions,
    deliveries: state.deliveries,
    nowFor,
  });
  const sim: Sim = {
    clock,
    recordingCarrier,
    carrier: options.carrier ?? recordingCarrier,
    aiResponder: options.aiResponder ?? scriptedResponder,
    webhooks,
  };
  const world: World = { state, sim, clock };
  clock.onAdvance(() => {
    progressCalls(world);
  });
  const runtime: MockRuntime = {
    world,
    baseline: { scenario: resolved, loadedAt: clock.now(), keys: undefined },
    control: options.control ?? true,
    baseUrl: options.baseUrl ?? 'http://commflow.mock',
  };
  loadBaseline(runtime);
  return runtime;
}
