import type { CarrierRecord } from '../state/carrier-record.js';
import type { ClockReading } from '../state/clock-reading.js';
import type { Sim } from '../sim/sim.js';
import type { EventLog } from '../state/events/index.js';
import type { HistoryLimits } from '../history/limits.js';
import type { IdempotencyStore } from '../state/idempotency-store.js';
import type { Journal } from '../state/journal.js';
import type { OverrideStore } from '../state/overrides.js';
import type { KeyStore } from '../state/keys.js';
import type { RateLimiter } from '../state/rate-limiter.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import type { CallsStore } from '../state/calls.js';
import type { Catalogue } from '../state/catalogue.js';
import type { TenantRegistry } from '../state/tenant-registry.js';
import type { DeliveryTable } from '../state/webhooks/deliveries.js';
import type { SubscriptionStore } from '../state/webhooks/subscriptions.js';

/** A tenant as a scenario resolves it: the template a tenant's reset goes back to. */
export type TenantTemplate = ResolvedScenario['tenants'][number];

/** The world's tenants, with their clocks, stamps and creation templates. */
export type WorldTenants = TenantRegistry<TenantTemplate>;

/**
 * Everything the world is made of, as data: its stores (`runtime/snapshot/stores.ts` lists
 * them), each saving to plain data and loading from it. A snapshot serialises exactly these
 * (with the baseline and the clock's time); nothing lives in module-level variables, so mocks
 * never share state.
 */
export interface WorldState {
  /** The tenants and what the world keeps per tenant: clocks, stamps, creation templates. */
  readonly tenants: WorldTenants;
  /** The pricing plans and the default rate limit. */
  readonly catalogue: Catalogue;
  readonly keys: KeyStore;
  /** Rate-limit windows by key hash. */
  readonly limiter: RateLimiter;
  readonly idempotency: IdempotencyStore;
  /** Faults and stubs, each aimed at some requests (issue 27). */
  readonly overrides: OverrideStore;
  /** What reached the default carrier, and how it is set. */
  readonly carrierRecord: CarrierRecord;
  readonly events: EventLog;
  readonly journal: Journal;
  readonly subscriptions: SubscriptionStore;
  /** Every webhook delivery, and the pending ones waiting for their next attempt. */
  readonly deliveries: DeliveryTable;
  /** Calls whose progress runs on the clock, and the ended ones up to `limits.callLimit`. */
  readonly calls: CallsStore;
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
