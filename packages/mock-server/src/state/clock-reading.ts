// The clock as the state reads it. The mock clock (sim/clock.ts) implements it; the state names
// only this shape, so it never depends on the simulation that moves time.

/**
 * What work on the world reads of a clock: the mock clock itself, or a tenant's clock (the mock
 * clock plus the tenant's distance ahead of it).
 *
 * @example
 * ```ts
 * const reading: ClockReading = mock.clock;
 * reading.iso();
 * ```
 */
export interface ClockReading {
  /** Milliseconds since the epoch, on this clock. */
  now(): number;
  /** The current time as an ISO 8601 UTC string with milliseconds. */
  iso(): string;
  /** A creation time for a new record: now, strictly after the previous stamp. */
  stamp(): number;
}

/**
 * A clock that also says when it moves: what the stores that expire entries as time passes need.
 *
 * @example
 * ```ts
 * const stop = clock.onAdvance(() => store.sweep());
 * ```
 */
export interface AdvancingClock extends ClockReading {
  /** Calls `listener` after every advance; returns the function that stops it. */
  onAdvance(listener: (now: number) => void): () => void;
}
