import { TenantBoundedLog } from '../../history/bounded.js';
import { notFound } from '../../lib/api-error.js';
import { newId } from '../../lib/ids.js';
import { type DeliveryData, deliveryData, recordOf } from './delivery-data.js';
import { type DeliveryFilter, type DeliveryRecord, deliveryView, type WebhookDelivery } from './delivery-types.js';

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
    return this.#log.list().map((record) => deliveryData(record, this.#nowFor));
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
