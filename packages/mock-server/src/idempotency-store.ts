import type { MockClock } from './clock.js';

/**
 * How long a stored result is replayed: 24 hours on the mock clock.
 *
 * @example
 * ```ts
 * mock.advanceClock(IDEMPOTENCY_RETENTION_MS); // the key is free again
 * ```
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A response as stored for replay. */
export interface StoredResponse {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
}

type Entry =
  | { state: 'running'; fingerprint: string; at: number }
  | { state: 'done'; fingerprint: string; at: number; response: StoredResponse };

/** What the idempotency store says about a request. */
export type Reservation =
  { kind: 'fresh' } | { kind: 'replay'; response: StoredResponse } | { kind: 'reused' } | { kind: 'in-progress' };

/**
 * Idempotency keys, scoped by API key + tenant + key value. The first request reserves the key
 * before the operation runs, so a concurrent duplicate sees `in-progress` instead of acting.
 *
 * @example
 * ```ts
 * const r = store.reserve(scope, fingerprint);
 * if (r.kind === 'fresh') store.complete(scope, stored);
 * ```
 */
export class IdempotencyStore {
  readonly #clock: MockClock;
  readonly #entries = new Map<string, Entry>();

  constructor(clock: MockClock) {
    this.#clock = clock;
  }

  reserve(scope: string, fingerprint: string): Reservation {
    const now = this.#clock.now();
    const entry = this.#entries.get(scope);
    if (entry !== undefined && now - entry.at < IDEMPOTENCY_RETENTION_MS) {
      if (entry.fingerprint !== fingerprint) return { kind: 'reused' };
      return entry.state === 'running' ? { kind: 'in-progress' } : { kind: 'replay', response: entry.response };
    }
    this.#entries.set(scope, { state: 'running', fingerprint, at: now });
    return { kind: 'fresh' };
  }

  /** Stores the result of a reserved request for replay. */
  complete(scope: string, response: StoredResponse): void {
    const entry = this.#entries.get(scope);
    if (entry === undefined) return;
    this.#entries.set(scope, { state: 'done', fingerprint: entry.fingerprint, at: entry.at, response });
  }

  /** Frees a reserved key without storing (401, 403, 429 and 5xx results are not kept). */
  release(scope: string): void {
    this.#entries.delete(scope);
  }

  clear(): void {
    this.#entries.clear();
  }
}
