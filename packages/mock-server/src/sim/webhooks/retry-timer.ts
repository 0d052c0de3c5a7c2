import type { ClockReading } from '../../state/clock-reading.js';

/** setTimeout's limit; longer delays are re-armed when the timer fires. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The real (unref'd) timer that wakes the dispatcher for its soonest retry, for a clock that
 * follows wall time (standalone mode). One timer at most; arming again replaces it.
 *
 * @example
 * ```ts
 * const timer = new RetryTimer(clock, () => dispatcher.runDue());
 * timer.arm(5_000); // runDue() in 5 s of real time
 * ```
 */
export class RetryTimer {
  readonly #clock: ClockReading;
  /** Starts what is due and re-arms; answers how many attempts started. */
  readonly #runDue: () => number;
  #timer: NodeJS.Timeout | undefined;

  constructor(clock: ClockReading, runDue: () => number) {
    this.#clock = clock;
    this.#runDue = runDue;
  }

  /** Wakes up in `waitMs` real ms (`undefined`: nothing waits, so no timer). */
  arm(waitMs: number | undefined): void {
    this.disarm();
    if (waitMs === undefined) return;
    const armedAt = this.#clock.now();
    const armedReal = performance.now();
    const delay = Math.min(Math.max(waitMs, 0), MAX_TIMER_MS);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const started = this.#runDue(); // re-arms for the next retry
      // A frozen clock did not move while real time passed: only advance() can drive it, and
      // onAdvance re-arms, so stop waking up for nothing. Real time is read from the monotonic
      // clock: Node starts a timer from the loop's time, read when the loop turned, so on a busy
      // machine a timer can fire before Date.now() has moved at all. A clock that follows the
      // wall then reads as frozen, and stopping here lost the retry for good.
      const realElapsed = performance.now() - armedReal;
      // Stryker disable next-line all: the mock arms real timers only for a clock that follows the wall (create-runtime.ts); a dispatcher built by hand on a frozen clock needs it
      if (started === 0 && delay > 0 && this.#clock.now() === armedAt && realElapsed >= delay) this.disarm();
    }, delay);
    this.#timer.unref();
  }

  disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
