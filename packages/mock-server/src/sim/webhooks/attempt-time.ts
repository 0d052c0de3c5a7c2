/**
 * Which clock a delivery attempt is signed with, and when each retry runs.
 *
 * A receiver checks `webhook-timestamp` against its own clock (Standard Webhooks: ±5 minutes).
 * After a test advances the mock clock by hours, a timestamp on the mock's timeline is "too new"
 * for every standard receiver, so by default an attempt is signed with the wall-clock time at
 * which it is really sent. The event's own `timestamp` field stays on the mock's timeline.
 * `'mock'` signs with the attempt's mock time instead: stable bytes for snapshots, for receivers
 * that verify with the mock's clock.
 *
 * @module
 */

/**
 * The clock of `webhook-timestamp`: `'wall'` (default), the real time the attempt is sent, which
 * receivers verify with their own clock; `'mock'`, the attempt's time on the mock clock, for
 * deterministic signatures.
 *
 * @example
 * ```ts
 * const mock = createMock('demo', { clock: { frozen: true }, webhookTimestamp: 'mock' });
 * ```
 */
export type WebhookTimestampClock = 'wall' | 'mock';

/** The `webhook-timestamp` (whole seconds) of an attempt made at `attemptAtMs` on the mock clock. */
export function signatureTimestampSeconds(clock: WebhookTimestampClock, attemptAtMs: number): number {
  return Math.floor((clock === 'wall' ? Date.now() : attemptAtMs) / 1000);
}

/** Whether an item has a time for its next attempt. */
function isScheduled<T extends { nextAttemptAt: number | undefined }>(item: T): item is T & { nextAttemptAt: number } {
  return item.nextAttemptAt !== undefined;
}

/**
 * The scheduled items due at `now`, earliest first (ties keep their order). A clock jump makes
 * several due at once: they start in the order they were scheduled, each at its own time.
 */
export function dueInOrder<T extends { nextAttemptAt: number | undefined }>(
  scheduled: Iterable<T>,
  now: number | ((item: T) => number),
): (T & { nextAttemptAt: number })[] {
  const due: (T & { nextAttemptAt: number })[] = [];
  for (const item of scheduled) {
    const at = typeof now === 'number' ? now : now(item);
    if (isScheduled(item) && item.nextAttemptAt <= at) due.push(item);
  }
  return due.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt);
}
