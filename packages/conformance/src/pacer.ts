/**
 * Paces requests by the service's rate-limit headers, so that a run never drives a key into
 * 429s (rules R12 and R29: `RateLimit-Remaining` is what is left of a fixed window,
 * `RateLimit-Reset` the delta seconds until it resets).
 */
import { HEADERS } from '@commflow/contract';

/**
 * How many requests of the window the kit leaves unused: when `RateLimit-Remaining` falls to
 * this, it waits `RateLimit-Reset` seconds before the next request. One spare request leaves
 * room for the app sharing the key.
 *
 * @example
 * ```ts
 * if (Number(response.headers.get('RateLimit-Remaining')) <= PACING_RESERVE) await waitForReset();
 * ```
 */
export const PACING_RESERVE = 1;
/** Added to every wait: `RateLimit-Reset` is rounded to whole seconds. */
const MARGIN_MS = 250;
/** The longest wait the kit accepts from a header; a larger value is treated as this. */
export const MAX_WAIT_MS = 120_000;

const seconds = (value: string | null): number | undefined => {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
};

/** The running totals of a pacer. */
export interface PacingStats {
  /** Requests sent, retries included. */
  requests: number;
  /** Total time spent waiting for a window to reset, in milliseconds. */
  waitedMs: number;
  /** 429 answers received (each was waited out and retried). */
  rateLimited: number;
}

/** Waits before a request when the last answer said the window is spent. */
export class Pacer {
  readonly stats: PacingStats = { requests: 0, waitedMs: 0, rateLimited: 0 };
  #notBefore = 0;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
    this.#sleep = sleep;
  }

  /** Resolves when the next request may go. */
  async ready(): Promise<void> {
    const wait = this.#notBefore - Date.now();
    if (wait > 0) {
      this.stats.waitedMs += wait;
      await this.#sleep(wait);
    }
    this.stats.requests++;
  }

  /** Reads an answer's rate-limit headers; returns whether it was a 429 worth retrying after the wait. */
  observe(status: number, headers: Headers): boolean {
    const reset = seconds(headers.get(HEADERS.rateLimitReset));
    if (status === 429) {
      this.stats.rateLimited++;
      const after = seconds(headers.get(HEADERS.retryAfter)) ?? reset ?? 1;
      this.#waitFor(after);
      return true;
    }
    const remaining = seconds(headers.get(HEADERS.rateLimitRemaining));
    if (remaining !== undefined && reset !== undefined && remaining <= PACING_RESERVE) this.#waitFor(reset);
    return false;
  }

  #waitFor(delaySeconds: number): void {
    const until = Date.now() + Math.min(delaySeconds * 1000 + MARGIN_MS, MAX_WAIT_MS);
    this.#notBefore = Math.max(this.#notBefore, until);
  }
}
