import * as z from 'zod';
import { TenantBoundedLog } from '../history/bounded.js';

/**
 * One side of a journaled exchange (the request, or the response), without secrets: headers
 * are redacted and a body over the per-entry cap is cut.
 *
 * @example
 * ```ts
 * const { headers, body, bodyTruncated } = mock.journal().at(-1)!.response;
 * ```
 */
export interface JournalMessage<Body = unknown> {
  /** Lower-case names; a secret (`x-api-key`, `authorization`, cookies, anything key-like) reads `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as parsed JSON; `undefined` when there was none, it was not JSON, or it was cut. */
  readonly body: Body | undefined;
  /** The body's text when it was not JSON or was cut (its first `journalBodyLimit` bytes); otherwise absent. */
  readonly bodyText?: string;
  /** The body's size in bytes, before any cut. */
  readonly bodySize: number;
  /** `true` when the body was over `journalBodyLimit` bytes and only its start is kept, in `bodyText`. */
  readonly bodyTruncated: boolean;
}

/**
 * The request of a journal entry: headers, the query (decoded by the operation's schema when it
 * was valid, else as sent), the path parameters and the parsed body.
 *
 * @example
 * ```ts
 * const entry = mock.requests({ operationId: 'sms.send' }).at(-1);
 * entry?.request.body?.body; // the text sent
 * ```
 */
export interface JournalRequest<
  Query = Readonly<Record<string, unknown>>,
  Params = Readonly<Record<string, unknown>>,
  Body = unknown,
> extends JournalMessage<Body> {
  readonly query: Query;
  readonly params: Params;
}

/**
 * One request as the mock saw it, and what it answered. It holds no secrets: headers are
 * redacted, anything shaped like an API key in a path, query or body reads `[redacted]`, and
 * the key only shows as a hint.
 *
 * @example
 * ```ts
 * mock.journal().filter((entry) => entry.status >= 400);
 * ```
 */
export interface JournalEntry {
  readonly requestId: string;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  /** The query string as sent (`?search=ann`), or `''`. */
  readonly query: string;
  readonly operationId: string | null;
  readonly tenantId: string | null;
  /** The acting user's id, when the operation acts as a user. */
  readonly userId: string | null;
  readonly userEmail: string | null;
  /** `cf_…abcd`: enough to tell keys apart, never the secret. */
  readonly keyHint: string | null;
  /** The status answered; 499 when the client went away before its answer (never a 500). */
  readonly status: number;
  readonly errorCode: string | null;
  /** `true` when an idempotency key replayed a stored answer. */
  readonly replayed: boolean;
  /**
   * The override that answered, when one did: its id, and `unchecked` when it is a stub the
   * contract was not asked to check (its answer may break the contract).
   */
  readonly override?: { readonly id: string; readonly unchecked: boolean };
  /**
   * How long the mock took to answer, in milliseconds of real time; `null` after a restore. A
   * measurement of this process, not part of the world: snapshots leave it out, so that a world
   * under a frozen clock stays the same from run to run.
   */
  readonly durationMs: number | null;
  readonly request: JournalRequest;
  readonly response: JournalMessage;
}

/**
 * A journal entry without its request and response: what the live stream sends. Open one
 * with `GET /__mock/journal/{requestId}`.
 *
 * @example
 * ```ts
 * const summary: JournalSummary = { ...entry, request: undefined, response: undefined };
 * ```
 */
export type JournalSummary = Omit<JournalEntry, 'request' | 'response'>;

/**
 * Which entries to return: every given field must match. `since` is an ISO time: entries at or
 * after it; `until`, entries before it.
 *
 * @example
 * ```ts
 * mock.requests({ operationId: 'sms.send', status: 201 });
 * ```
 */
export interface JournalFilter {
  operationId?: string;
  tenantId?: string;
  status?: number;
  errorCode?: string;
  since?: string;
  /** An ISO time: entries before it. */
  until?: string;
}

/** One side of an entry as kept: the body as text (redacted, cut), parsed only when read. */
interface KeptMessage {
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string | null;
  readonly size: number;
  readonly truncated: boolean;
}

/** What the journal keeps per request: text, not objects, so that a full journal stays small. */
export interface JournalRecord {
  readonly summary: JournalSummary;
  readonly request: KeptMessage & {
    readonly query: Readonly<Record<string, unknown>>;
    readonly params: Readonly<Record<string, unknown>>;
  };
  readonly response: KeptMessage;
  /** Position in the journal since the mock started (or was restored): cursors point at it. */
  seq: number;
}

function readMessage(kept: KeptMessage): JournalMessage {
  const base = { headers: kept.headers, bodySize: kept.size, bodyTruncated: kept.truncated };
  if (kept.text === null) return { ...base, body: undefined };
  if (!kept.truncated) {
    try {
      const body: unknown = JSON.parse(kept.text);
      return { ...base, body };
    } catch {
      // Not JSON: shown as text.
    }
  }
  return { ...base, body: undefined, bodyText: kept.text };
}

function keepMessage(message: Partial<JournalMessage> | undefined): KeptMessage {
  // A body restored from JSON is JSON again: `JSON.stringify` of a parsed value is never undefined.
  const text: string | null = message?.bodyText ?? (message?.body === undefined ? null : JSON.stringify(message.body));
  return {
    headers: { ...message?.headers },
    text,
    size: message?.bodySize ?? (text === null ? 0 : Buffer.byteLength(text)),
    truncated: message?.bodyTruncated === true,
  };
}

/** A saved entry as the journal keeps it, without its position. */
function keptRecord(entry: z.output<typeof JournalDataSchema>[number]): Omit<JournalRecord, 'seq'> {
  const { request, response, ...summary } = entry;
  return {
    summary: { ...summary, durationMs: null },
    request: { ...keepMessage(request), query: { ...request?.query }, params: { ...request?.params } },
    response: keepMessage(response),
  };
}

/** A kept record as the entry users read: bodies parsed. */
export function journalEntry(record: JournalRecord): JournalEntry {
  const { query, params } = record.request;
  return {
    ...record.summary,
    request: { ...readMessage(record.request), query, params },
    response: readMessage(record.response),
  };
}

function matches(summary: JournalSummary, filter: JournalFilter): boolean {
  return (
    (filter.operationId === undefined || summary.operationId === filter.operationId) &&
    (filter.tenantId === undefined || summary.tenantId === filter.tenantId.toLowerCase()) &&
    (filter.status === undefined || summary.status === filter.status) &&
    (filter.errorCode === undefined || summary.errorCode === filter.errorCode) &&
    (filter.since === undefined || summary.at >= filter.since) &&
    (filter.until === undefined || summary.at < filter.until)
  );
}

const nullableText = z.string().nullable();

/** One side of a saved entry: headers, and the body as parsed JSON or as (cut) text. */
const MessageDataSchema = z.strictObject({
  headers: z.record(z.string(), z.string()),
  body: z.unknown().exactOptional(),
  bodyText: z.string().exactOptional(),
  bodySize: z.int().min(0),
  bodyTruncated: z.boolean(),
});

/**
 * The journal as plain data: its entries as {@link JournalEntry} shapes them, without the timing,
 * oldest first. Entries saved before the journal kept bodies have no `request` and `response`,
 * nor a `userId`.
 */
export const JournalDataSchema = z.array(
  z.strictObject({
    requestId: z.string(),
    at: z.string(),
    method: z.string(),
    path: z.string(),
    query: z.string(),
    operationId: nullableText,
    tenantId: nullableText,
    userId: nullableText.default(null),
    userEmail: nullableText,
    keyHint: nullableText,
    status: z.int(),
    errorCode: nullableText,
    replayed: z.boolean(),
    override: z.strictObject({ id: z.string(), unchecked: z.boolean() }).exactOptional(),
    request: MessageDataSchema.extend({
      query: z.record(z.string(), z.unknown()),
      params: z.record(z.string(), z.unknown()),
    }).exactOptional(),
    response: MessageDataSchema.exactOptional(),
  }),
);

/**
 * A bounded journal: the newest `capacity` entries of each tenant, and as many of requests that
 * belong to no tenant, so that a long benchmark cannot grow it without end and one tenant's
 * traffic never evicts another's. Bodies are kept as text and parsed when read.
 */
export class Journal {
  readonly #log: TenantBoundedLog<JournalRecord>;
  readonly #listeners = new Set<(record: JournalRecord) => void>();
  #seq = 0;

  /** @param capacity Entries kept per tenant, and for requests with no tenant. */
  constructor(capacity: number) {
    this.#log = new TenantBoundedLog({ capacity, tenantOf: (record) => record.summary.tenantId });
  }

  /** How many entries it keeps per tenant (and for requests with no tenant). */
  get capacity(): number {
    return this.#log.capacity;
  }

  /** How many entries are kept, across tenants. */
  get size(): number {
    return this.#log.size;
  }

  /** Whether a record would be kept or heard: with `journalLimit: 0` and no listener, none is built. */
  get wanted(): boolean {
    return this.#log.capacity > 0 || this.#listeners.size > 0;
  }

  record(record: JournalRecord): void {
    record.seq = ++this.#seq;
    this.#log.push(record);
    // The console's live view listens; with no listener the request path pays one size check.
    if (this.#listeners.size > 0) for (const listener of this.#listeners) listener(record);
  }

  /** Every kept record, oldest first across tenants. */
  list(): JournalRecord[] {
    return this.#log.list();
  }

  /** The entries, oldest first, bodies parsed. */
  entries(filter: JournalFilter = {}): JournalEntry[] {
    return this.records(filter).map(journalEntry);
  }

  /** The kept records that match, oldest first; a tenant's are read from its own bucket. */
  records(filter: JournalFilter = {}): JournalRecord[] {
    const { tenantId, ...rest } = filter;
    const kept = tenantId === undefined ? this.#log.list() : this.#log.listTenant(tenantId.toLowerCase());
    return Object.keys(rest).length === 0 ? kept : kept.filter((record) => matches(record.summary, rest));
  }

  /** The entry of one request, by the `X-Request-Id` it was answered with (the newest, if sent twice). */
  get(requestId: string): JournalEntry | undefined {
    let found: JournalRecord | undefined;
    for (const record of this.#log.list()) if (record.summary.requestId === requestId) found = record;
    return found === undefined ? undefined : journalEntry(found);
  }

  /** Calls `listener` with each record as it is recorded; returns the unsubscribe function. */
  subscribe(listener: (record: JournalRecord) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Forgets every entry; listeners stay. */
  clear(): void {
    this.#log.clear();
  }

  /** Forgets a tenant's entries and frees their bucket (its reset or deletion). */
  forgetTenant(tenantId: string): void {
    this.#log.forgetTenant(tenantId.toLowerCase());
  }

  /** Forgets the records `drop` accepts, keeping the order of the rest. */
  forget(drop: (record: JournalRecord) => boolean): void {
    this.#log.forget(drop);
  }

  /**
   * The journal as plain data, oldest first across tenants. Timing is this process's
   * measurement, not the world's: left out, like the machinery.
   */
  save(): z.output<typeof JournalDataSchema> {
    return structuredClone(this.entries().map(({ durationMs: _, ...entry }) => entry));
  }

  /** A new, empty journal with the same cap and no listener. */
  fresh(): Journal {
    return new Journal(this.capacity);
  }

  /** Takes `other`'s entries in place of its own, keeping its listeners. */
  adopt(other: Journal): void {
    this.#log.adopt(other.#log);
    this.#seq = other.#seq;
  }

  /**
   * Replaces the journal with saved entries (oldest first), each tenant keeping its newest
   * `capacity`; older ones without bodies are accepted.
   */
  load(entries: z.output<typeof JournalDataSchema>): void {
    this.#seq = 0;
    this.#log.replace(entries.map((entry) => ({ ...keptRecord(entry), seq: ++this.#seq })));
  }

  /**
   * Replaces one tenant's entries with saved ones (oldest first, all of that tenant), keeping
   * its newest `capacity`: a tenant restore. Other tenants' records stay as they are, their
   * `seq` (and so their cursors) included. The entries take their place among the others by
   * time, and get positions between their neighbours', so that the journal still lists in
   * position order (a cursor across the restore resumes after the same entry).
   *
   * @example
   * ```ts
   * journal.replaceTenant(tenantId, saved.filter((entry) => entry.tenantId === tenantId));
   * ```
   */
  replaceTenant(tenantId: string, entries: z.output<typeof JournalDataSchema>): void {
    const own = tenantId.toLowerCase();
    const records = new Set(entries.map((entry) => ({ ...keptRecord(entry), seq: 0 })));
    this.#log.replaceTenant(own, [...records], (record) => Date.parse(record.summary.at));
    // Positions follow the listing: a run of the tenant's between two others' splits the gap.
    let previous = 0;
    let run: JournalRecord[] = [];
    for (const record of this.#log.list()) {
      if (!records.has(record)) {
        const gap = (record.seq - previous) / (run.length + 1);
        for (const [i, mine] of run.entries()) mine.seq = previous + gap * (i + 1);
        run = [];
        previous = record.seq;
      } else run.push(record);
    }
    for (const mine of run) mine.seq = ++this.#seq;
  }
}
