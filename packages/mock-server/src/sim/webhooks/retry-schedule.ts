/**
 * The delays between delivery attempts, from decisions §10: after the first attempt fails, retry
 * after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. Eight attempts in all, about 27.6 hours, then
 * the delivery is `failed`.
 *
 * @example
 * ```ts
 * RETRY_SCHEDULE_MS[0]; // 5_000: the first retry comes 5 s after the first attempt
 * ```
 */
export const RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
]);

/**
 * How many attempts a delivery gets before it is `failed`: the first one plus one per retry delay.
 *
 * @example
 * ```ts
 * MAX_DELIVERY_ATTEMPTS; // 8
 * ```
 */
export const MAX_DELIVERY_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;

/**
 * The delay before the next attempt once `attemptsMade` attempts have failed, or `undefined`
 * when the schedule is spent and the delivery fails.
 *
 * @example
 * ```ts
 * nextRetryDelay(1); // 5_000
 * nextRetryDelay(8); // undefined
 * ```
 */
export function nextRetryDelay(
  attemptsMade: number,
  schedule: readonly number[] = RETRY_SCHEDULE_MS,
): number | undefined {
  // Past the schedule, and for anything but a whole number from 1, the index reads `undefined`.
  return schedule[attemptsMade - 1];
}
