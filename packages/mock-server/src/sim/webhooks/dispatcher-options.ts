import type { EventLog } from '../../state/events/event-log.js';
import type { DeliveryTable } from '../../state/webhooks/deliveries.js';
import type { SubscriptionStore } from '../../state/webhooks/subscriptions.js';
import type { MockClock } from '../clock.js';
import type { WebhookTimestampClock } from './attempt-time.js';

/**
 * Options of a `WebhookDispatcher` (dispatcher.ts).
 *
 * @example
 * ```ts
 * const options: WebhookDispatcherOptions = { events, clock, realTimers: false, timeoutMs: 50 };
 * ```
 */
export interface WebhookDispatcherOptions {
  /** The mock's event log; every emitted event is delivered. */
  events: EventLog;
  /** The mock's clock: attempt timestamps and retry times are on it. */
  clock: MockClock;
  /** The subscriptions to deliver to (state). Default: a new store on `clock`. */
  subscriptions?: SubscriptionStore;
  /** The deliveries' table (state). Default: a new table capped at `deliveryLimit`. */
  deliveries?: DeliveryTable;
  /** Per-attempt timeout in real milliseconds. Default 15 000 (decisions §10). */
  timeoutMs?: number;
  /** Delays between attempts. Default `RETRY_SCHEDULE_MS` (retry-schedule.ts). */
  retryScheduleMs?: readonly number[];
  /**
   * Also run due retries from a real (unref'd) timer, for a clock that follows wall time
   * (standalone mode). Pass `false` with a frozen clock: only `clock.advance()` drives retries
   * then. Default true; a timer that finds the clock standing still stops re-arming by itself.
   */
  realTimers?: boolean;
  /** The fetch for HTTP subscriptions. Default: the global fetch at call time. */
  fetch?: typeof fetch;
  /** The clock of `webhook-timestamp`. Default `'wall'`: see {@link WebhookTimestampClock}. */
  webhookTimestamp?: WebhookTimestampClock;
  /** How many deliveries are kept per tenant; past it that tenant's oldest finished ones are forgotten. Default 1 000. */
  deliveryLimit?: number;
  /**
   * Each tenant's time, when tenants have clocks of their own: a delivery's attempts and retries
   * run on its tenant's clock. Default: `clock` for every tenant.
   */
  nowFor?: (tenantId: string) => number;
}
