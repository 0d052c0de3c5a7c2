/**
 * Where a delivery stands: `pending` until an attempt gets a 2xx (`succeeded`) or the schedule
 * is spent (`failed`).
 *
 * @example
 * ```ts
 * const status: DeliveryStatus = 'failed';
 * ```
 */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * Every delivery status, for validating a `?status=` filter.
 *
 * @example
 * ```ts
 * DELIVERY_STATUSES.includes('pending'); // true
 * ```
 */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = Object.freeze(['pending', 'succeeded', 'failed']);

/**
 * One attempt of a delivery.
 *
 * @example
 * ```ts
 * const attempt: DeliveryAttempt = { at: '2026-01-01T00:00:05.000Z', status: 503, error: 'HTTP 503 is not a 2xx', durationMs: 3 };
 * ```
 */
export interface DeliveryAttempt {
  /** When the attempt started, on the mock clock (its `webhook-timestamp`). */
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed. */
  error?: string;
  /** Real (wall-clock) time the attempt took: the mock clock may stand still. */
  durationMs: number;
}

/**
 * The delivery of one event to one subscription.
 *
 * @example
 * ```ts
 * const failed = dispatcher.deliveries({ status: 'failed' });
 * failed[0]?.attempts.length; // 8
 * ```
 */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  tenantId: string;
  subscriptionId: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (mock clock), while `pending`. */
  nextAttemptAt?: string;
  createdAt: string;
  /** Set on a replay: the delivery it re-sends. A replay makes one attempt and never retries. */
  replayOf?: string;
}

/**
 * A filter of {@link WebhookDelivery} lists; every field is optional and they combine with AND.
 *
 * @example
 * ```ts
 * dispatcher.deliveries({ status: 'failed', subscriptionId });
 * ```
 */
export interface DeliveryFilter {
  status?: DeliveryStatus | undefined;
  subscriptionId?: string | undefined;
  eventId?: string | undefined;
  tenantId?: string | undefined;
}

/** A delivery as the table holds it; the dispatcher (sim/webhooks) moves it along. */
export interface DeliveryRecord {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly tenantId: string;
  readonly subscriptionId: string;
  readonly createdAt: string;
  readonly replayOf: string | undefined;
  /** The exact JSON bytes sent on every attempt: serialised once, never again. */
  readonly payload: string;
  /** Replays make one attempt; deliveries of new events follow the schedule. */
  readonly retries: boolean;
  readonly attempts: DeliveryAttempt[];
  status: DeliveryStatus;
  /** Mock-clock ms when the next attempt is due, while pending and not in flight. */
  nextAttemptAt: number | undefined;
  inFlight: boolean;
}

/** What a delivery shows: a copy, with times as ISO strings. */
export function deliveryView(record: DeliveryRecord): WebhookDelivery {
  const view: WebhookDelivery = {
    id: record.id,
    eventId: record.eventId,
    eventType: record.eventType,
    tenantId: record.tenantId,
    subscriptionId: record.subscriptionId,
    status: record.status,
    attempts: record.attempts.map((attempt) => ({ ...attempt })),
    createdAt: record.createdAt,
  };
  if (record.status === 'pending' && record.nextAttemptAt !== undefined) {
    view.nextAttemptAt = new Date(record.nextAttemptAt).toISOString();
  }
  if (record.replayOf !== undefined) view.replayOf = record.replayOf;
  return view;
}
