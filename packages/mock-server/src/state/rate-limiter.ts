import * as z from 'zod';
import type { ClockReading } from './clock-reading.js';

/** The limiter as plain data: its open windows, `[key hash, start ms, count]`. */
export const RateWindowsDataSchema = z.array(z.tuple([z.string(), z.number(), z.int().min(0)]));
import type { RateLimit } from './keys.js';

/** The state of a key's window after counting one request. */
export interface RateLimitState {
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets (delta seconds, never a date). */
  readonly resetSeconds: number;
  readonly allowed: boolean;
}

/**
 * Fixed-window rate limiting per API key, on the mock clock. A window opens with a key's first
 * request and lasts `windowSeconds`; every request in it counts, refused ones included.
 *
 * @example
 * ```ts
 * const limiter = new RateLimiter(clock);
 * limiter.hit(key.hash, { limit: 600, windowSeconds: 60 }).allowed;
 * ```
 */
export class RateLimiter {
  readonly #clock: ClockReading;
  #windows = new Map<string, { start: number; count: number }>();

  constructor(clock: ClockReading) {
    this.#clock = clock;
  }

  /** Counts a request at `now` (the time of the tenant it names; default the mock clock's). */
  hit(keyHash: string, rule: RateLimit, now: number = this.#clock.now()): RateLimitState {
    const length = rule.windowSeconds * 1000;
    let window = this.#windows.get(keyHash);
    if (window === undefined || now >= window.start + length) {
      window = { start: now, count: 0 };
      this.#windows.set(keyHash, window);
    }
    window.count++;
    const allowed = window.count <= rule.limit;
    return {
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.start + length - now) / 1000)),
      allowed,
    };
  }

  clear(): void {
    this.#windows.clear();
  }

  /** Forgets the window of a key that no longer exists. */
  delete(keyHash: string): void {
    this.#windows.delete(keyHash);
  }

  /** The open windows as plain data: `[key hash, start ms, count]`. */
  save(): z.output<typeof RateWindowsDataSchema> {
    return [...this.#windows].map(([hash, window]) => [hash, window.start, window.count]);
  }

  /** Replaces the windows with `windows` (a restore). */
  load(windows: z.output<typeof RateWindowsDataSchema>): void {
    this.#windows.clear();
    for (const [hash, start, count] of windows) this.#windows.set(hash, { start, count });
  }

  /** The open windows of some keys (a tenant's own), as plain data. */
  sliceOf(keyHashes: ReadonlySet<string>): z.output<typeof RateWindowsDataSchema> {
    return this.save().filter(([hash]) => keyHashes.has(hash));
  }

  /** Puts `from`'s windows of some keys in place of this limiter's (a tenant restore). Cannot fail. */
  putKeys(keyHashes: ReadonlySet<string>, from: RateLimiter): void {
    for (const hash of keyHashes) {
      const window = from.#windows.get(hash);
      if (window === undefined) this.#windows.delete(hash);
      else this.#windows.set(hash, window);
    }
  }

  /** A new limiter on the same clock, with no window open. */
  fresh(): RateLimiter {
    return new RateLimiter(this.#clock);
  }

  /** Takes `other`'s windows in place of its own. */
  adopt(other: RateLimiter): void {
    this.#windows = other.#windows;
  }
}
