import * as z from 'zod';
import { TenantBoundedLog } from '../../history/bounded.js';
import { notFound } from '../../lib/api-error.js';
import { newId } from '../../lib/ids.js';

/**
 * Where a delivery stands: `pending` until an attempt gets a 2xx (`succeeded`) or the schedule
 * is spent (`failed`).
 *
 * @example
 * ```ts
 * const status: DeliveryStatus = 'failed';
 * ```
 */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * Every delivery status, for validating a `?status=` filter.
 *
 * @example
 * ```ts
 * DELIVERY_STATUSES.includes('pending'); // true
 * ```
 */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = Object.freeze(['pending', 'succeeded', 'failed']);

/**
 * One attempt of a delivery.
 *
 * @example
 * ```ts
 * const attempt: DeliveryAttempt = { at: '2026-01-01T00:00:05.000Z', status: 503, error: 'HTTP 503 is not a 2xx', durationMs: 3 };
 * ```
 */
export interface DeliveryAttempt {
  /** When the attempt started, on the mock clock (its `webhook-timestamp`). */
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed. */
  error?: string;
  /** Real (wall-clock) time the attempt took: the mock clock may stand still. */
  durationMs: number;
}

/**
 * The delivery of one event to one subscription.
 *
 * @example
 * ```ts
 * const failed = dispatcher.deliveries({ status: 'failed' });
 * failed[0]?.attempts.length; // 8
 * ```
 */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  tenantId: string;
  subscriptionId: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (mock clock), while `pending`. */
  nextAttemptAt?: string;
  createdAt: string;
  /** Set on a replay: the delivery it re-sends. A replay makes one attempt and never retries. */
  replayOf?: string;
}

/**
 * A filter of {@link WebhookDelivery} lists; every field is optional and they combine with AND.
 *
 * @example
 * ```ts
 * dispatcher.deliveries({ status: 'failed', subscriptionId });
 * ```
 */
export interface DeliveryFilter {
  status?: DeliveryStatus | undefined;
  subscriptionId?: string | undefined;
  eventId?: string | undefined;
  tenantId?: string | undefined;
}

/**
 * The table as plain data, as a snapshot holds it: every delivery, oldest first. An attempt in
 * flight when it was saved is due again at once after a load (`nextAttemptAt` = the save's time).
 */
export const DeliveriesDataSchema = z.array(
  z.strictObject({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    tenantId: z.string(),
    subscriptionId: z.string(),
    createdAt: z.string(),
    replayOf: z.string().nullable(),
    payload: z.string(),
    retries: z.boolean(),
    attempts: z.array(
      z.strictObject({
        at: z.string(),
        durationMs: z.number(),
        status: z.int().optional(),
        error: z.string().optional(),
      }),
    ),
    status: z.enum(['pending', 'succeeded', 'failed']),
    nextAttemptAt: z.number().nullable(),
  }),
);
/** One delivery as plain data. */
export type DeliveryData = z.output<typeof DeliveriesDataSchema>[number];

/** A delivery as the table holds it; the dispatcher (sim/webhooks) moves it along. */
export interface DeliveryRecord {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly tenantId: string;
  readonly subscriptionId: string;
  readonly createdAt: string;
  readonly replayOf: string | undefined;
  /** The exact JSON bytes sent on every attempt: serialised once, never again. */
  readonly payload: string;
  /** Replays make one attempt; deliveries of new events follow the schedule. */
  readonly retries: boolean;
  readonly attempts: DeliveryAttempt[];
  status: DeliveryStatus;
  /** Mock-clock ms when the next attempt is due, while pending and not in flight. */
  nextAttemptAt: number | undefined;
  inFlight: boolean;
}

/**
 * Every webhook delivery, oldest first, and the pending ones waiting for their time: state, which
 * the dispatcher (sim/webhooks) acts on. Past `limit` deliveries of one tenant, that tenant's
 * oldest finished deliveries are forgotten (pending ones never are); one tenant's deliveries
 * never evict another's.
 *
 * @example
 * ```ts
 * const table = new DeliveryTable({ nowFor: () => clock.now() });
 * table.list({ status: 'pending' });
 * ```
 */
export class DeliveryTable {
  /** Every delivery by id, for `find`. */
  #records = new Map<string, DeliveryRecord>();
  /** The same deliveries per tenant, in order, each tenant capped on its own. */
  #log: TenantBoundedLog<DeliveryRecord>;
  /** Pending deliveries waiting for a retry time (not in flight). */
  #waiting = new Set<DeliveryRecord>();
  readonly #limit: number;
  readonly #nowFor: (tenantId: string) => number;

  /** `limit`: deliveries kept per tenant (pending ones stay past it); default 1,000. */
  constructor(options: { nowFor: (tenantId: string) => number; limit?: number | undefined }) {
    this.#nowFor = options.nowFor;
    this.#limit = options.limit ?? 1_000;
    this.#log = this.#newLog();
  }

  #newLog(): TenantBoundedLog<DeliveryRecord> {
    return new TenantBoundedLog({
      capacity: this.#limit,
      tenantOf: (record) => record.tenantId,
      evictable: (record) => record.status !== 'pending',
      onEvict: (record) => {
        this.#records.delete(record.id);
        this.#waiting.delete(record);
      },
    });
  }

  /**
   * Records a new `pending` delivery of an event (or a replay) to one subscription, forgetting
   * the tenant's oldest finished ones past the cap.
   */
  create(input: {
    event: { id: string; type: string; tenantId: string };
    subscriptionId: string;
    payload: string;
    retries: boolean;
    replayOf: string | undefined;
    now: number;
  }): DeliveryRecord {
    const record: DeliveryRecord = {
      id: newId(),
      eventId: input.event.id,
      eventType: input.event.type,
      tenantId: input.event.tenantId,
      subscriptionId: input.subscriptionId,
      createdAt: new Date(input.now).toISOString(),
      replayOf: input.replayOf,
      payload: input.payload,
      retries: input.retries,
      attempts: [],
      status: 'pending',
      nextAttemptAt: input.now,
      inFlight: false,
    };
    this.#records.set(record.id, record);
    this.#log.push(record);
    return record;
  }

  /** True while `record` is still the table's delivery of its id (not forgotten or replaced). */
  holds(record: DeliveryRecord): boolean {
    return this.#records.get(record.id) === record;
  }

  /**
   * One delivery's record.
   *
   * @throws `ApiError` `NOT_FOUND` when there is none.
   */
  find(id: string): DeliveryRecord {
    const record = this.#records.get(id);
    if (record === undefined) throw notFound('Webhook delivery');
    return record;
  }

  /**
   * The deliveries, oldest first, filtered by status, subscription, event or tenant (a tenant's
   * are read from its own bucket).
   */
  list(filter: DeliveryFilter = {}): WebhookDelivery[] {
    const views: WebhookDelivery[] = [];
    // The whole log merges the tenants' buckets on arrival: a tenant restore puts its deliveries in time order.
    const kept = filter.tenantId === undefined ? this.#log.list() : this.#log.listTenant(filter.tenantId);
    for (const record of kept) {
      if (
        (filter.status === undefined || record.status === filter.status) &&
        (filter.subscriptionId === undefined || record.subscriptionId === filter.subscriptionId) &&
        (filter.eventId === undefined || record.eventId === filter.eventId)
      ) {
        views.push(deliveryView(record));
      }
    }
    return views;
  }

  /** The pending deliveries waiting for their next attempt's time. */
  waiting(): ReadonlySet<DeliveryRecord> {
    return this.#waiting;
  }

  /** A pending delivery waits for its next attempt at `at` (mock-clock ms). */
  wait(record: DeliveryRecord, at: number): void {
    record.nextAttemptAt = at;
    this.#waiting.add(record);
  }

  /** A delivery's attempt starts: it stops waiting. */
  start(record: DeliveryRecord): void {
    record.inFlight = true;
    record.nextAttemptAt = undefined;
    this.#waiting.delete(record);
  }

  /** Forgets every delivery. */
  clear(): void {
    this.#records.clear();
    this.#log.clear();
    this.#waiting.clear();
  }

  /** Forgets a tenant's deliveries and frees their bucket (its reset or deletion). */
  forgetTenant(tenantId: string): void {
    for (const record of this.#log.forgetTenant(tenantId)) {
      this.#records.delete(record.id);
      this.#waiting.delete(record);
    }
  }

  /** Every delivery as plain data, oldest first. */
  save(): DeliveryData[] {
    return this.#log.list().map((record) => ({
      id: record.id,
      eventId: record.eventId,
      eventType: record.eventType,
      tenantId: record.tenantId,
      subscriptionId: record.subscriptionId,
      createdAt: record.createdAt,
      replayOf: record.replayOf ?? null,
      payload: record.payload,
      retries: record.retries,
      attempts: record.attempts.map((attempt) => ({ ...attempt })),
      status: record.status,
      nextAttemptAt:
        record.status !== 'pending'
          ? null
          : record.inFlight
            ? this.#nowFor(record.tenantId)
            : (record.nextAttemptAt ?? this.#nowFor(record.tenantId)),
    }));
  }

  /**
   * Replaces every delivery with `data` (a restore): pending ones wait for their time (the
   * dispatcher starts those already due). This table's cap applies to each tenant, and may be
   * lower than the one the data was saved under. `context.nowFor` is each tenant's time in the world being
   * restored (a saved pending delivery without its time is due then).
   */
  load(data: readonly DeliveryData[], context: { nowFor(tenantId: string): number }): void {
    this.clear();
    for (const delivery of data) {
      const record = recordOf(delivery);
      // A duplicated id replaces the earlier delivery, as a map by id always did.
      const earlier = this.#records.get(record.id);
      if (earlier !== undefined) this.#forget(earlier);
      this.#records.set(record.id, record);
      if (record.status === 'pending') this.wait(record, delivery.nextAttemptAt ?? context.nowFor(delivery.tenantId));
      this.#log.push(record);
    }
  }

  /**
   * Replaces one tenant's deliveries with `data` (oldest first, all of that tenant): a tenant
   * restore. Its pending ones wait for their time as after {@link DeliveryTable.load} (the
   * dispatcher starts those already due); its attempt in flight, if any, has its result dropped
   * ({@link DeliveryTable.holds} turns false). Nothing of another tenant is touched: their
   * records, waiting retries and attempts in flight stay the same objects. The tenant keeps its
   * newest `limit` (pending ones stay past it); its deliveries take their place among the
   * others' by creation time. A delivery whose id another tenant's delivery holds is left out
   * (ids are unique across the world; a copy or fork renames them).
   *
   * @example
   * ```ts
   * table.replaceTenant(tenantId, saved.filter((delivery) => delivery.tenantId === tenantId), { nowFor });
   * ```
   */
  replaceTenant(tenantId: string, data: readonly DeliveryData[], context: { nowFor(tenantId: string): number }): void {
    for (const record of this.#log.listTenant(tenantId)) {
      this.#records.delete(record.id);
      this.#waiting.delete(record);
    }
    // By id, so that a duplicated id replaces the earlier delivery, as in `load`.
    const mine = new Map<string, DeliveryRecord>();
    for (const delivery of data) {
      if (this.#records.has(delivery.id)) continue;
      const record = recordOf(delivery);
      mine.delete(record.id);
      mine.set(record.id, record);
      if (record.status === 'pending') record.nextAttemptAt = delivery.nextAttemptAt ?? context.nowFor(tenantId);
    }
    for (const record of mine.values()) {
      this.#records.set(record.id, record);
      if (record.status === 'pending') this.wait(record, record.nextAttemptAt ?? context.nowFor(tenantId));
    }
    // Past the cap, the log's eviction hook forgets the tenant's oldest finished ones from both maps.
    this.#log.replaceTenant(tenantId, [...mine.values()], (record) => Date.parse(record.createdAt));
  }

  /** A new, empty table with the same cap and clocks. */
  fresh(): DeliveryTable {
    return new DeliveryTable({ nowFor: this.#nowFor, limit: this.#limit });
  }

  /** Takes `other`'s deliveries in place of its own. */
  adopt(other: DeliveryTable): void {
    this.#records = other.#records;
    this.#waiting = other.#waiting;
    // The log's eviction hook must clear this table's maps, now `other`'s: it is rebuilt here.
    this.#log = this.#newLog();
    for (const record of other.#log.list()) this.#log.push(record);
  }

  #forget(record: DeliveryRecord): void {
    this.#records.delete(record.id);
    this.#waiting.delete(record);
    this.#log.forget((kept) => kept === record);
  }
}

/** A saved delivery as the table holds it: not in flight; its time to wait is set by the table. */
function recordOf(delivery: DeliveryData): DeliveryRecord {
  return {
    ...delivery,
    replayOf: delivery.replayOf ?? undefined,
    attempts: delivery.attempts.map(({ status, error, ...attempt }) => ({
      ...attempt,
      ...(status === undefined ? {} : { status }),
      ...(error === undefined ? {} : { error }),
    })),
    nextAttemptAt: undefined,
    inFlight: false,
  };
}

/** What a delivery shows: a copy, with times as ISO strings. */
export function deliveryView(record: DeliveryRecord): WebhookDelivery {
  const view: WebhookDelivery = {
    id: record.id,
    eventId: record.eventId,
    eventType: record.eventType,
    tenantId: record.tenantId,
    subscriptionId: record.subscriptionId,
    status: record.status,
    attempts: record.attempts.map((attempt) => ({ ...attempt })),
    createdAt: record.createdAt,
  };
  if (record.status === 'pending' && record.nextAttemptAt !== undefined) {
    view.nextAttemptAt = new Date(record.nextAttemptAt).toISOString();
  }
  if (record.replayOf !== undefined) view.replayOf = record.replayOf;
  return view;
}
