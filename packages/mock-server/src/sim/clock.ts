import type { ClockReading } from '../state/clock-reading.js';

export type { ClockReading };

/**
 * The mock's clock. Everything time-based (rate-limit windows, call progress, idempotency
 * retention, timestamps) reads it, so a test can move time forward instead of sleeping.
 *
 * By default it follows the wall clock plus whatever a test has advanced; `frozen` makes time
 * stand still between advances, for fully deterministic suites.
 *
 * @example
 * ```ts
 * const clock = new MockClock({ frozen: true, start: '2026-01-01T00:00:00.000Z' });
 * clock.advance(60_000);
 * clock.iso(); // '2026-01-01T00:01:00.000Z'
 * ```
 */
export class MockClock {
  readonly #frozen: boolean;
  #base: number;
  #offset = 0;
  #lastStamp = 0;
  #isoMs = Number.NaN;
  #iso = '';
  readonly #listeners = new Set<(now: number) => void>();

  constructor(options: ClockOptions = {}) {
    this.#frozen = options.frozen ?? false;
    const start = options.start === undefined ? Date.now() : new Date(options.start).getTime();
    if (!Number.isFinite(start)) throw new TypeError('clock start is not a valid date');
    // A wall clock starting elsewhere keeps ticking from there: store the distance.
    this.#base = this.#frozen ? start : start - Date.now();
  }

  /** Milliseconds since the epoch, on the mock's timeline. */
  now(): number {
    return (this.#frozen ? this.#base : Date.now() + this.#base) + this.#offset;
  }

  /**
   * The current time as an ISO 8601 UTC string with milliseconds. Formatted once per millisecond:
   * many requests share one, and every response and journal entry asks.
   */
  iso(): string {
    const now = this.now();
    if (now !== this.#isoMs) {
      this.#iso = new Date(now).toISOString();
      this.#isoMs = now;
    }
    return this.#iso;
  }

  /**
   * A creation time for a new record: the current time, nudged forward by a millisecond when
   * records are created faster than the clock ticks, so "newest first" follows creation order.
   */
  stamp(): number {
    const now = this.now();
    this.#lastStamp = now > this.#lastStamp ? now : this.#lastStamp + 1;
    return this.#lastStamp;
  }

  /**
   * The last creation time handed out by {@link MockClock.stamp}.
   *
   * @internal
   */
  get lastStamp(): number {
    return this.#lastStamp;
  }

  /**
   * Puts the timeline at `now` (a restore): the clock goes on from there, frozen or ticking as
   * it was made, with `offsetMs` as the snapshot had it. Listeners are not called: a restore is
   * not an advance.
   *
   * @internal
   */
  resume(at: { now: number; offsetMs: number; lastStamp: number }): void {
    this.#offset = at.offsetMs;
    this.#base = (this.#frozen ? at.now : at.now - Date.now()) - at.offsetMs;
    this.#lastStamp = at.lastStamp;
    this.#isoMs = Number.NaN;
  }

  /** How far tests have moved the clock, in milliseconds. */
  get offsetMs(): number {
    return this.#offset;
  }

  /** Moves time forward and lets time-driven state (calls) catch up. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('ms must be a finite number >= 0');
    this.#offset += ms;
    const now = this.now();
    for (const listener of this.#listeners) listener(now);
  }

  /** Runs `listener` after every advance; returns the unsubscribe function. */
  onAdvance(listener: (now: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/**
 * How a {@link MockClock} starts.
 *
 * @example
 * ```ts
 * const options: ClockOptions = { frozen: true, start: Date.UTC(2026, 0, 1) };
 * ```
 */
export interface ClockOptions {
  /** Where the timeline starts (a date, ISO string or epoch ms). Default: now. */
  start?: Date | string | number;
  /** Stand still between advances. Default: false (follow the wall clock). */
  frozen?: boolean;
}
