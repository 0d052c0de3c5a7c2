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
