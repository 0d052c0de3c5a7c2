import { HEADERS } from '@commflow/contract';
import { APITimeoutError } from './errors.js';
import { numericHeader } from '../internal/utils.js';

/**
 * A place in the queue of a {@link Throttle}: `ready` settles when the attempt may be sent.
 *
 * @internal
 */
export interface Ticket {
  /** Settles when the attempt may go; rejects with the signal's reason or an {@link APITimeoutError}. */
  readonly ready: Promise<void>;
  /** Leaves the queue (or gives back the slot already granted). */
  cancel(): void;
}

/**
 * Told when a queued call starts waiting for the window to reset: how long, and whether it is the
 * first call to wait for this reset (the one whose wait is logged). `fail` rejects the call.
 *
 * @internal
 */
export type OnBlocked = (waitMs: number, first: boolean, fail: (error: unknown) => void) => void;

interface Waiter {
  grant(): void;
  /** The reset this waiter was told of. */
  told: number;
  blocked(waitMs: number, first: boolean): void;
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
  /** The reset whose wait was logged, so a queue of calls logs it once. */
  #announced = 0;

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
        const first = this.#announced !== resetAt;
        this.#announced = resetAt;
        waiter.blocked(resetAt - now, first);
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
   * Queues an attempt. Fails at once with an {@link APITimeoutError} when the window resets later
   * than `timeout` from now; otherwise the wait is bounded by `timeout` and `signal`.
   */
  enter(operation: string, signal: AbortSignal | undefined, timeout: number, onBlocked: OnBlocked): Ticket {
    const now = Date.now();
    if (this.#queue.length === 0 && this.#take(now)) {
      return { ready: Promise.resolve(), cancel: () => this.release(undefined) };
    }
    if (this.#auto && this.#remaining === 0 && this.#resetAt - now > timeout) {
      throw new APITimeoutError(
        `${operation}: the rate-limit window resets in ${String(Math.ceil((this.#resetAt - now) / 1000))} s, after the call's timeout of ${String(timeout)} ms; nothing was sent.`,
      );
    }
    let state: 'waiting' | 'granted' | 'gone' = 'waiting';
    let settle: (error?: unknown) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const waiter: Waiter = {
      grant: () => {
        state = 'granted';
        settle();
      },
      told: 0,
      blocked: (waitMs, first) => {
        onBlocked(waitMs, first, fail);
      },
    };
    const leave = () => {
      const at = this.#queue.indexOf(waiter);
      if (at >= 0) this.#queue.splice(at, 1);
    };
    const ready = new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        fail(signal?.reason);
      };
      fail = (error: unknown) => {
        if (state !== 'waiting') return;
        state = 'gone';
        leave();
        settle(error);
      };
      settle = (error?: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the signal's reason, as an abort rejects
        if (error !== undefined) reject(error);
        else resolve();
      };
      timer = setTimeout(() => {
        fail(
          new APITimeoutError(`${operation}: waited ${String(timeout)} ms in the client-side queue; nothing was sent.`),
        );
      }, timeout);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    // Awaited only after the onWait hooks: an abort meanwhile must not be an unhandled rejection.
    ready.catch(() => undefined);
    this.#queue.push(waiter);
    this.#pump();
    return {
      ready,
      cancel: () => {
        if (state === 'granted') this.release(undefined);
        else if (state === 'waiting') {
          state = 'gone';
          leave();
          settle();
        }
      },
    };
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
      }
      this.#probing = false;
    }
    this.#pump();
  }
}
