/** One tenant's items, oldest first: `items[head…]` are kept; the slots before `head` are spent. */
interface Bucket<T> {
  items: (T | undefined)[];
  head: number;
}

/**
 * How a {@link TenantBoundedLog} files and trims its items.
 *
 * @example
 * ```ts
 * const options: TenantBoundedLogOptions<WebhookEvent> = { capacity: 1_000, tenantOf: (event) => event.tenantId };
 * ```
 */
export interface TenantBoundedLogOptions<T> {
  /** Items kept per tenant, and in the bucket of items with no tenant. */
  capacity: number;
  /** The tenant an item belongs to; `null` files it in the bucket of items with no tenant. */
  tenantOf: (item: T) => string | null;
  /** Whether an item may be evicted (default: all may); an item refused stays, past the cap if need be. */
  evictable?: (item: T) => boolean;
  /** Told of each item the cap evicts (not of those `clear`, `forget` or `forgetTenant` drop). */
  onEvict?: (item: T) => void;
}

/**
 * The newest `capacity` items of each tenant, and as many with no tenant: one tenant's traffic
 * never evicts another's. Kept in arrival order across tenants too, so that the whole log lists
 * oldest first in O(items) and one tenant's items in O(that tenant's items). Appending is O(1)
 * amortised (an evictable predicate that refuses the oldest makes it O(capacity)); a tenant's
 * bucket is freed when the tenant is forgotten.
 *
 * Memory is bounded by `capacity × (tenants with items + 1)` items. Items are objects, each
 * pushed once (the stores push new records only; a second push of one is not checked for).
 *
 * @example
 * ```ts
 * const log = new TenantBoundedLog<{ tenantId: string | null; n: number }>({ capacity: 2, tenantOf: (item) => item.tenantId });
 * for (let n = 0; n < 5; n++) log.push({ tenantId: 'a', n });
 * log.push({ tenantId: 'b', n: 5 });
 * log.listTenant('a').map((item) => item.n); // [3, 4]
 * log.list().map((item) => item.n); // [3, 4, 5]
 * ```
 */
export class TenantBoundedLog<T extends object> {
  readonly #options: TenantBoundedLogOptions<T>;
  #buckets = new Map<string | null, Bucket<T>>();
  /** Every kept item, in arrival order: a Set, so that an eviction anywhere is O(1). */
  #order = new Set<T>();

  constructor(options: TenantBoundedLogOptions<T>) {
    this.#options = options;
  }

  /** The options it was built with (a fresh log of the same shape is built from them). */
  get options(): TenantBoundedLogOptions<T> {
    return this.#options;
  }

  /** How many items it keeps per tenant, at most. */
  get capacity(): number {
    return this.#options.capacity;
  }

  /** How many items are kept, across tenants. */
  get size(): number {
    return this.#order.size;
  }

  /** How many tenants (the bucket of items with no tenant included) have items kept. */
  get tenantCount(): number {
    return this.#buckets.size;
  }

  /** Appends `item` to its tenant's bucket, evicting that tenant's oldest past the cap. */
  push(item: T): void {
    const { capacity, evictable } = this.#options;
    if (capacity <= 0 && evictable === undefined) return;
    const tenantId = this.#options.tenantOf(item);
    let bucket = this.#buckets.get(tenantId);
    if (bucket === undefined) {
      bucket = { items: [], head: 0 };
      this.#buckets.set(tenantId, bucket);
    }
    bucket.items.push(item);
    this.#order.add(item);
    if (bucket.items.length - bucket.head > capacity) this.#trim(bucket);
  }

  /** Every kept item, oldest first across tenants (a copy). */
  list(): T[] {
    return [...this.#order];
  }

  /** One tenant's kept items (`null`: those with no tenant), oldest first (a copy). */
  listTenant(tenantId: string | null): T[] {
    const bucket = this.#buckets.get(tenantId);
    const kept: T[] = [];
    if (bucket === undefined) return kept;
    for (let index = bucket.head; index < bucket.items.length; index++) {
      const item = bucket.items[index];
      if (item !== undefined) kept.push(item);
    }
    return kept;
  }

  /** Forgets every item. */
  clear(): void {
    this.#buckets = new Map();
    this.#order = new Set();
  }

  /** Forgets one tenant's items and frees its bucket; returns them, oldest first. */
  forgetTenant(tenantId: string | null): T[] {
    const dropped = this.listTenant(tenantId);
    this.#buckets.delete(tenantId);
    for (const item of dropped) this.#order.delete(item);
    return dropped;
  }

  /** Forgets the items `drop` accepts, in every bucket, keeping the order of the rest. */
  forget(drop: (item: T) => boolean): void {
    for (const [tenantId, bucket] of this.#buckets) {
      const kept: T[] = [];
      for (const item of this.listTenant(tenantId)) {
        if (drop(item)) this.#order.delete(item);
        else kept.push(item);
      }
      if (kept.length === 0) this.#buckets.delete(tenantId);
      else if (kept.length < bucket.items.length - bucket.head) {
        bucket.items = kept;
        bucket.head = 0;
      }
    }
  }

  /** Takes `other`'s items in place of its own (a restore built aside). */
  adopt(other: TenantBoundedLog<T>): void {
    this.#buckets = other.#buckets;
    this.#order = other.#order;
  }

  /** Replaces the items with `items` (oldest first), each tenant keeping its newest `capacity`: a restore. */
  replace(items: Iterable<T>): void {
    this.clear();
    for (const item of items) this.push(item);
  }

  #trim(bucket: Bucket<T>): void {
    const { capacity, evictable, onEvict } = this.#options;
    while (bucket.items.length - bucket.head > capacity) {
      let index = bucket.head;
      let item = bucket.items[index];
      if (evictable !== undefined) {
        // Refused items (pending work) stay where they are; the oldest evictable one goes.
        while (item !== undefined && !evictable(item)) item = bucket.items[++index];
        if (item === undefined) break;
      }
      // Slots from `head` on always hold an item: one evicted elsewhere is spliced out.
      if (index === bucket.head) {
        bucket.items[index] = undefined;
        bucket.head++;
      } else bucket.items.splice(index, 1);
      if (item === undefined) continue;
      this.#order.delete(item);
      onEvict?.(item);
    }
    // Spent slots are dropped in one copy once they are half the array: O(1) amortised.
    if (bucket.head >= 32 && bucket.head * 2 >= bucket.items.length) {
      bucket.items = bucket.items.slice(bucket.head);
      bucket.head = 0;
    }
  }
}
