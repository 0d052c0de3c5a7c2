import type { RecordingCarrier } from '../sim/carrier.js';
import type { ClockReading } from '../state/clock-reading.js';
import type { Sim } from '../sim/sim.js';
import type { EventLog } from '../state/events/index.js';
import type { HistoryLimits } from '../history/limits.js';
import type { IdempotencyStore } from '../state/idempotency-store.js';
import type { Journal } from '../state/journal.js';
import type { OverrideStore } from '../state/overrides.js';
import type { KeyStore, RateLimit } from '../state/keys.js';
import type { RateLimiter } from '../state/rate-limiter.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import type { CallRecord } from '../state/records.js';
import type { TenantState } from '../state/tenant-state.js';
import type { DeliveryTable } from '../state/webhooks/deliveries.js';
import type { SubscriptionStore } from '../state/webhooks/subscriptions.js';

/** A tenant as a scenario resolves it: the template a tenant's reset goes back to. */
export type TenantTemplate = ResolvedScenario['tenants'][number];

/** A tenant created at run time (`POST /__mock/tenants`): what its reset rebuilds, and from when. */
export interface CreatedTenant {
  readonly template: TenantTemplate;
  /** Its clock's time at creation: records without a createdAt are staggered before it. */
  readonly createdAt: number;
}

/** A plan of the pricing catalogue. */
export type Plan = ResolvedScenario['plans'][number];

/**
 * Everything the world is made of, as data: tenants and their records, keys (hashes only),
 * plans, idempotency entries, rate-limit windows, calls, events, the journal, webhook
 * subscriptions, overrides and the recording carrier's record. A snapshot serialises exactly this
 * (with the deliveries and the clock's time); nothing lives in module-level variables, so mocks
 * never share state.
 */
export interface WorldState {
  tenants: Map<string, TenantState>;
  /** The tenants created at run time, by id, with what their reset rebuilds. */
  readonly createdTenants: Map<string, CreatedTenant>;
  /** Each tenant clock's distance ahead of the mock clock, in ms (absent: 0). */
  readonly tenantClocks: Map<string, number>;
  /** Each tenant's last creation time handed out: one tenant's records never shift another's. */
  readonly tenantStamps: Map<string, number>;
  plans: Map<string, Plan>;
  defaultRateLimit: RateLimit;
  keys: KeyStore;
  /** Rate-limit windows by key hash. */
  readonly limiter: RateLimiter;
  readonly idempotency: IdempotencyStore;
  /** Faults and stubs, each aimed at some requests (issue 27). */
  readonly overrides: OverrideStore;
  /** What reached the default carrier, and how it is set. */
  readonly recordingCarrier: RecordingCarrier;
  readonly events: EventLog;
  readonly journal: Journal;
  readonly subscriptions: SubscriptionStore;
  /** Every webhook delivery, and the pending ones waiting for their next attempt. */
  readonly deliveries: DeliveryTable;
  /** Calls whose progress still runs on the clock. */
  readonly activeCalls: Set<CallRecord>;
  /** Ended calls, oldest first: past `limits.callLimit` the oldest leave their tenant's history. */
  readonly endedCalls: Set<CallRecord>;
  /** The history caps, decided. */
  readonly limits: Required<HistoryLimits>;
}

/**
 * What the service runs on: the world's state, and the simulated outside that acts on it.
 * Pipeline steps and domain modules receive it.
 */
export interface World {
  readonly state: WorldState;
  readonly sim: Sim;
  /**
   * The clock this work runs on: the mock clock, or, inside a request for a tenant and in what
   * the control surface does to one, that tenant's clock.
   */
  readonly clock: ClockReading;
}
