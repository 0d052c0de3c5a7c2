import { HEADERS } from '@commflow/contract/headers';
import { APITimeoutError, APIUserAbortError } from './errors.js';
import type { WaitLog } from '../internal/wait-log.js';
import { numericHeader } from '../internal/utils.js';

/** Waits longer than this are never silent (see request.ts). */
const LONG_WAIT_MS = 2_000;

interface Waiter {
  grant(): void;
  /** The reset this waiter was told of. */
  told: number;
  blocked(waitMs: number): void;
}

/**
 * The client-side queue of one key and tenant, shared by every client copy that uses them
 * (`withUser`, `withTenant` back to the same tenant): at most `maxConcurrency` attempts in flight
 * and, with `auto`, no more attempts in a rate-limit window than its `RateLimit-Remaining` allows.
 *
 * Until a response tells the window's state (the first call, and again after each reset) one
 * attempt goes alone; after that the estimate only ever errs low: it takes the reported remaining
 * count less the attempts still in flight, and waits until the reported reset (whole seconds,
 * rounded up by the service) has passed.
 *
 * @internal
 */
export class Throttle {
  readonly #auto: boolean;
  readonly #maxConcurrency: number;
  readonly #queue: Waiter[] = [];
  #inFlight = 0;
  /** Attempts the window still allows; `undefined` until a response says. */
  #remaining: number | undefined;
  /** When the window resets (ms since the epoch); 0 when unknown. */
  #resetAt = 0;
  /** Whether an attempt sent while the window was unknown is in flight. */
  #probing = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(auto: boolean, maxConcurrency: number) {
    this.#auto = auto;
    this.#maxConcurrency = maxConcurrency;
  }

  /** Takes a slot now if one is free; with `auto`, counts the attempt against the window. */
  #take(now: number): boolean {
    if (this.#inFlight >= this.#maxConcurrency) return false;
    if (this.#auto) {
      if (this.#resetAt !== 0 && now >= this.#resetAt) {
        this.#remaining = undefined;
        this.#resetAt = 0;
      }
      if (this.#remaining === undefined) {
        if (this.#probing) return false;
        this.#probing = true;
      } else if (this.#remaining > 0) this.#remaining--;
      else return false;
    }
    this.#inFlight++;
    return true;
  }

  /**
   * Grants waiting calls in order while slots are free. When the window holds the rest, tells each
   * of them how long it waits, once per reset, and wakes up when the window resets.
   */
  #pump(): void {
    const now = Date.now();
    while (this.#queue.length > 0 && this.#take(now)) this.#queue.shift()?.grant();
    if (this.#queue.length === 0) return;
    const resetAt = this.#resetAt;
    if (this.#auto && this.#remaining === 0 && resetAt > now) {
      for (const waiter of this.#queue) {
        if (waiter.told === resetAt) continue;
        waiter.told = resetAt;
        waiter.blocked(resetAt - now);
      }
    }
    if (this.#timer === undefined && resetAt > now) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#pump();
      }, this.#resetAt - now);
    }
  }

  /**
   * Takes a slot at once when one is free and no call waits before this one: what {@link wait}
   * does first, without a promise, so that an attempt the queue does not hold costs no microtask
   * turn. `false`: call {@link wait}.
   */
  tryTake(): boolean {
    return this.#queue.length === 0 && this.#take(Date.now());
  }

  /**
   * Waits until an attempt may be sent; a window that resets after `maxRetryAfter` does not hold
   * the call (it goes, and meets the service's 429). Fails at once with an {@link APITimeoutError} when the
   * window resets later than `timeout` from now; otherwise the wait is bounded by `timeout` and
   * `signal` (an {@link APIUserAbortError}). When the window holds the call, `onWait` is told how
   * long first (and the wait log hears of it: see WaitLog); the attempt goes
   * only once `onWait` has settled, and fails if it rejects.
   */
  async wait(
    operation: string,
    signal: AbortSignal | undefined,
    timeout: number,
    maxRetryAfter: number,
    waits: WaitLog,
    onWait: ((segmentMs: number) => Promise<void>) | undefined,
  ): Promise<void> {
    const now = Date.now();
    if (this.#queue.length === 0 && this.#take(now)) return;
    // A window that resets later than the client would wait for a Retry-After: the call goes now,
    // and fails with the service's RateLimitError as it would without the queue.
    if (this.#auto && this.#remaining === 0 && this.#resetAt - now > maxRetryAfter) {
      if (this.#queue.length === 0 && this.#inFlight < this.#maxConcurrency) {
        this.#inFlight++;
        return;
      }
    }
    if (this.#auto && this.#remaining === 0 && this.#resetAt - now > timeout) {
      throw new APITimeoutError(
        `${operation}: the rate-limit window resets in ${String(Math.ceil((this.#resetAt - now) / 1000))} s, after the call's timeout of ${String(timeout)} ms; nothing was sent.`,
      );
    }
    const state = { granted: false };
    let told: Promise<void> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: () => void = () => undefined;
    let endWait: (() => void) | undefined;
    // Made in the promise's executor, which runs at once, so the catch below always has it.
    let waiter: Waiter | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        waiter = {
          told: 0,
          grant: () => {
            state.granted = true;
            resolve();
          },
          blocked: (waitMs) => {
            endWait ??= waits.begin(
              waitMs > LONG_WAIT_MS ? 'warn' : 'info',
              `${operation}: the rate limit's window is used up. Calls wait ${String(Math.round(waitMs / 100) / 10)} s in the queue until it resets. (rateLimit: 'off' sends them at once; a call's timeout bounds its wait.)`,
            );
            if (onWait) {
              // Whole milliseconds, rounded up: the queue holds the call at least this long.
              const hook = onWait(Math.ceil(waitMs));
              hook.catch(reject);
              told = told ? told.then(() => hook) : hook;
            }
          },
        };
        onAbort = () => {
          reject(new APIUserAbortError({ cause: signal?.reason }));
        };
        timer = setTimeout(() => {
          reject(
            new APITimeoutError(
              `${operation}: waited ${String(timeout)} ms in the client-side queue; nothing was sent.`,
            ),
          );
        }, timeout);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
        this.#queue.push(waiter);
        this.#pump();
      });
      // The onWait hooks finish before the attempt's own hooks run.
      await told;
    } catch (error) {
      const at = waiter ? this.#queue.indexOf(waiter) : -1;
      if (state.granted) this.release(undefined);
      else if (at >= 0) this.#queue.splice(at, 1);
      throw error;
    } finally {
      endWait?.();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Gives back an attempt's slot, learning the window's state from its response headers. */
  release(headers: Headers | undefined): void {
    this.#inFlight--;
    if (this.#auto) {
      const remaining = headers && numericHeader(headers, HEADERS.rateLimitRemaining);
      const reset = headers && numericHeader(headers, HEADERS.rateLimitReset);
      if (remaining != null && reset != null) {
        // What the service counted, less what may still reach it uncounted: never more than is left.
        const estimate = Math.max(0, remaining - this.#inFlight);
        this.#remaining = this.#remaining === undefined ? estimate : Math.min(this.#remaining, estimate);
        const resetAt = Date.now() + reset * 1000;
        if (this.#resetAt === 0 || resetAt < this.#resetAt) this.#resetAt = resetAt;
      } else if (headers) {
        // A response without the headers (a service or proxy that sends none): no known limit,
        // so calls go freely rather than one at a time, until a response reports one.
        this.#remaining ??= Infinity;
      }
      this.#probing = false;
    }
    this.#pump();
  }
}
