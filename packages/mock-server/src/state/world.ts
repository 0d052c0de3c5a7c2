import type { AiResponder } from '../sim/ai-responder.js';
import type { CarrierAdapter, RecordingCarrier } from '../sim/carrier.js';
import type { MockClock } from '../sim/clock.js';
import type { EventLog } from './events/index.js';
import type { HistoryLimits } from '../history/limits.js';
import type { FaultStore } from './faults.js';
import type { IdempotencyStore } from './idempotency-store.js';
import type { KeyStore, RateLimit } from './keys.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import type { CallRecord } from './records.js';
import type { TenantState } from './tenant-state.js';

/** A plan of the pricing catalogue. */
export type Plan = ResolvedScenario['plans'][number];

/**
 * Everything one mock holds: its state and its services. Pipeline steps and domain modules
 * receive it; nothing lives in module-level variables, so mocks never share state.
 */
export interface World {
  readonly clock: MockClock;
  readonly events: EventLog;
  readonly keys: KeyStore;
  readonly limiter: RateLimiter;
  readonly idempotency: IdempotencyStore;
  readonly faults: FaultStore;
  readonly recordingCarrier: RecordingCarrier;
  carrier: CarrierAdapter;
  aiResponder: AiResponder;
  defaultRateLimit: RateLimit;
  tenants: Map<string, TenantState>;
  plans: Map<string, Plan>;
  /** Calls whose progress still runs on the clock. */
  readonly activeCalls: Set<CallRecord>;
  /** Ended calls, oldest first: past `limits.callLimit` the oldest leave their tenant's history. */
  readonly endedCalls: Set<CallRecord>;
  /** The history caps, decided. */
  readonly limits: Required<HistoryLimits>;
}
