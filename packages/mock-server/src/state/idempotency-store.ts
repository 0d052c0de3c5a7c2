import * as z from 'zod';
import type { AdvancingClock } from './clock-reading.js';

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

/** The tenant of a scope: scopes are `key hash, tenant id, Idempotency-Key`, one per line. */
/**
 * The tenant an entry's scope names: scopes are `key hash, tenant id, key`, one a line.
 *
 * @example
 * ```ts
 * tenantOf(`${hash}\n${tenantId}\norder-1`); // tenantId
 * ```
 */
export const tenantOf = (scope: string): string => scope.split('\n', 2)[1] ?? '';

/** What a replay needs of a stored body: the JSON of an answer whose `meta` names its request. */
const StoredEnvelopeSchema = z.looseObject({ meta: z.looseObject({}) });

/** Whether `text` is the JSON of an answer with a `meta` object, as every answer the mock stores is. */
function isStoredEnvelope(text: string): boolean {
  try {
    return StoredEnvelopeSchema.safeParse(JSON.parse(text)).success;
    // Stryker disable next-line BlockStatement: without the return, undefined fails the refinement all the same
  } catch {
    return false;
  }
}

/** The store as plain data: the finished entries, oldest first. */
export const IdempotencyDataSchema = z.array(
  z.strictObject({
    scope: z.string(),
    fingerprint: z.string(),
    at: z.number(),
    response: z.strictObject({
      status: z.int(),
      headers: z.array(z.tuple([z.string(), z.string()])),
      // A replay renames the answer's request in its `meta`: a body without one could not be replayed.
      body: z.string().refine(isStoredEnvelope, { error: 'must be the JSON of an answer with a meta object' }),
    }),
  }),
);
/** A finished entry as plain data. */
export type IdempotencyEntryData = z.output<typeof IdempotencyDataSchema>[number];

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
 * Bounded: an entry is forgotten {@link IDEMPOTENCY_RETENTION_MS} after its request, on the mock
 * clock, and past `limit` entries the oldest go first. Entries sit in a map in request order, so
 * eviction sweeps from the front and stops at the first live entry: O(1) amortised per request.
 *
 * @example
 * ```ts
 * const r = store.reserve(scope, fingerprint);
 * if (r.kind === 'fresh') store.complete(scope, stored);
 * ```
 */
export class IdempotencyStore {
  readonly #nowFor: (tenantId: string) => number;
  readonly #limit: number;
  /** In request order (oldest first): a re-reserved key is deleted and set again, at the end. */
  #entries = new Map<string, Entry>();

  /**
   * @param nowFor Each tenant's time (a tenant clock may run ahead of the mock clock); default:
   *   the mock clock for every tenant.
   */
  constructor(clock: AdvancingClock, limit = 100_000, nowFor: (tenantId: string) => number = () => clock.now()) {
    this.#clock = clock;
    this.#nowFor = nowFor;
    this.#limit = limit;
    // Memory is given back when time passes, not only when the next keyed request arrives.
    this.#stopSweeping = clock.onAdvance(() => {
      this.#sweep();
    });
  }

  readonly #clock: AdvancingClock;
  readonly #stopSweeping: () => void;

  /** A new, empty store with the same cap and clocks; it does not sweep on its own (a restore loads it aside). */
  fresh(): IdempotencyStore {
    const store = new IdempotencyStore(this.#clock, this.#limit, this.#nowFor);
    store.#stopSweeping();
    return store;
  }

  /** Takes `other`'s entries in place of its own. */
  adopt(other: IdempotencyStore): void {
    this.#entries = other.#entries;
  }

  reserve(scope: string, fingerprint: string): Reservation {
    const now = this.#nowFor(tenantOf(scope));
    this.#sweep();
    let entry = this.#entries.get(scope);
    // Past its tenant's retention (a tenant clock ran ahead of the others): gone.
    if (entry !== undefined && now - entry.at >= IDEMPOTENCY_RETENTION_MS) {
      this.#entries.delete(scope);
      entry = undefined;
    }
    if (entry !== undefined) {
      if (entry.fingerprint !== fingerprint) return { kind: 'reused' };
      return entry.state === 'running' ? { kind: 'in-progress' } : { kind: 'replay', response: entry.response };
    }
    this.#entries.set(scope, { state: 'running', fingerprint, at: now });
    if (this.#entries.size > this.#limit) {
      for (const oldest of this.#entries.keys()) {
        this.#entries.delete(oldest);
        break;
      }
    }
    return { kind: 'fresh' };
  }

  /** Stores the result of a reserved request for replay. */
  complete(scope: string, response: StoredResponse): void {
    const entry = this.#entries.get(scope);
    if (entry === undefined) return;
    // Same key: Map.set keeps its place in request order.
    this.#entries.set(scope, { state: 'done', fingerprint: entry.fingerprint, at: entry.at, response });
  }

  /** Frees a reserved key without storing (401, 403, 429 and 5xx results are not kept). */
  release(scope: string): void {
    this.#entries.delete(scope);
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Forgets a tenant's entries (its reset or deletion): scopes are `key hash, tenant id, key`. */
  forgetTenant(tenantId: string): void {
    const marker = `\n${tenantId}\n`;
    for (const scope of [...this.#entries.keys()]) if (scope.includes(marker)) this.#entries.delete(scope);
  }

  /**
   * The finished entries, oldest first, as plain data. Entries of requests still running are
   * left out: restored, they would answer "in progress" to every retry until they expire.
   */
  save(): IdempotencyEntryData[] {
    const entries: IdempotencyEntryData[] = [];
    for (const [scope, entry] of this.#entries) {
      if (entry.state !== 'done') continue;
      const { response } = entry;
      const headers = response.headers.map(([name, value]): [string, string] => [name, value]);
      entries.push({ scope, fingerprint: entry.fingerprint, at: entry.at, response: { ...response, headers } });
    }
    return entries;
  }

  /** One tenant's finished entries, oldest first, as plain data (a tenant snapshot). */
  sliceOf(tenantId: string): IdempotencyEntryData[] {
    return this.save().filter((entry) => tenantOf(entry.scope) === tenantId);
  }

  /**
   * Puts `from`'s entries of one tenant in place of this store's (a tenant restore), merged into
   * request order by time; the other tenants' entries, running ones included, stay. Cannot fail.
   */
  putTenant(tenantId: string, from: IdempotencyStore): void {
    const theirs = [...from.#entries].filter(([scope]) => tenantOf(scope) === tenantId);
    const merged = new Map<string, Entry>();
    let next = 0;
    // Takes the tenant's entries older than `at`, in their order.
    const takeBefore = (at: number) => {
      for (let item = theirs[next]; item !== undefined && item[1].at < at; item = theirs[++next]) {
        merged.set(item[0], item[1]);
      }
    };
    for (const [scope, entry] of this.#entries) {
      if (tenantOf(scope) === tenantId) continue;
      takeBefore(entry.at);
      merged.set(scope, entry);
    }
    takeBefore(Infinity);
    this.#entries = merged;
  }

  /** Replaces every entry with `entries` (oldest first): a restore. */
  load(entries: readonly IdempotencyEntryData[]): void {
    this.#entries.clear();
    for (const entry of entries) {
      this.#entries.set(entry.scope, {
        state: 'done',
        fingerprint: entry.fingerprint,
        at: entry.at,
        response: entry.response,
      });
    }
  }

  /** Forgets every entry whose retention has passed on its tenant's clock (after a tenant clock moved). */
  sweepAll(): void {
    for (const [scope, entry] of this.#entries) {
      if (this.#nowFor(tenantOf(scope)) - entry.at >= IDEMPOTENCY_RETENTION_MS) this.#entries.delete(scope);
    }
  }

  /**
   * Forgets the entries whose retention has passed: they are at the front (an entry of a tenant
   * whose clock ran ahead may expire sooner: {@link IdempotencyStore.sweepAll} and `reserve` catch it).
   */
  #sweep(): void {
    for (const [scope, entry] of this.#entries) {
      if (this.#nowFor(tenantOf(scope)) - entry.at < IDEMPOTENCY_RETENTION_MS) return;
      this.#entries.delete(scope);
    }
  }
}
