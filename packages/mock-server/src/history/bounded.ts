/**
 * One tenant's items, oldest first: `items[head…]` are kept, the slots before `head` are spent;
 * `arrivals[i]` is when `items[i]` came, counted across tenants (the merge of a listing reads it).
 */
interface Bucket<T> {
  items: (T | undefined)[];
  arrivals: number[];
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
 * never evicts another's. Appending is O(1) amortised (an evictable predicate that refuses the
 * oldest makes it O(capacity)) and touches only the item's tenant; one tenant's items list in
 * O(its items), and the whole log lists oldest first across tenants by merging the buckets on
 * arrival (a plain copy when one tenant has items). A tenant's bucket is freed when the tenant is
 * forgotten.
 *
 * Memory is bounded by `capacity × (tenants with items + 1)` items.
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
  #arrivals = 0;
  #size = 0;

  constructor(options: TenantBoundedLogOptions<T>) {
    this.#options = options;
  }

  /** How many items it keeps per tenant, at most. */
  get capacity(): number {
    return this.#options.capacity;
  }

  /** How many items are kept, across tenants. */
  get size(): number {
    return this.#size;
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
      bucket = { items: [], arrivals: [], head: 0 };
      this.#buckets.set(tenantId, bucket);
    }
    bucket.items.push(item);
    bucket.arrivals.push(++this.#arrivals);
    this.#size++;
    if (bucket.items.length - bucket.head > capacity) this.#trim(bucket);
  }

  /** Every kept item, oldest first across tenants (a copy). */
  list(): T[] {
    const buckets = [...this.#buckets.values()];
    if (buckets.length === 1 && buckets[0] !== undefined) return kept(buckets[0]);
    const all: T[] = [];
    this.#merge(buckets, (bucket, index) => {
      const item = bucket.items[index];
      if (item !== undefined) all.push(item);
    });
    return all;
  }

  /** Visits every kept slot of `buckets` in arrival order: a k-way merge on a heap, O(items × log tenants). */
  #merge(buckets: readonly Bucket<T>[], visit: (bucket: Bucket<T>, index: number) => void): void {
    const cursors = buckets
      .filter((bucket) => bucket.head < bucket.items.length)
      .map((bucket) => ({ bucket, index: bucket.head }));
    const arrival = (cursor: { bucket: Bucket<T>; index: number }) => cursor.bucket.arrivals[cursor.index] ?? Infinity;
    const heap = new MinHeap(cursors, (a, b) => arrival(a) < arrival(b));
    for (let top = heap.peek(); top !== undefined; top = heap.peek()) {
      visit(top.bucket, top.index++);
      if (top.index < top.bucket.items.length) heap.siftDownTop();
      else heap.pop();
    }
  }

  /** One tenant's kept items (`null`: those with no tenant), oldest first (a copy). */
  listTenant(tenantId: string | null): T[] {
    const bucket = this.#buckets.get(tenantId);
    return bucket === undefined ? [] : kept(bucket);
  }

  /** Forgets every item. */
  clear(): void {
    this.#buckets = new Map();
    this.#size = 0;
  }

  /** Forgets one tenant's items and frees its bucket; returns them, oldest first. */
  forgetTenant(tenantId: string | null): T[] {
    const dropped = this.listTenant(tenantId);
    this.#buckets.delete(tenantId);
    this.#size -= dropped.length;
    return dropped;
  }

  /** Forgets the items `drop` accepts, in every bucket, keeping the order of the rest. */
  forget(drop: (item: T) => boolean): void {
    for (const [tenantId, bucket] of this.#buckets) {
      const items: T[] = [];
      const arrivals: number[] = [];
      for (let index = bucket.head; index < bucket.items.length; index++) {
        const item = bucket.items[index];
        if (item === undefined) continue;
        if (drop(item)) {
          this.#size--;
          continue;
        }
        items.push(item);
        arrivals.push(bucket.arrivals[index] ?? 0);
      }
      if (items.length === 0) this.#buckets.delete(tenantId);
      else Object.assign(bucket, { items, arrivals, head: 0 });
    }
  }

  /** Takes `other`'s items in place of its own (a restore built aside). */
  adopt(other: TenantBoundedLog<T>): void {
    this.#buckets = other.#buckets;
    this.#arrivals = other.#arrivals;
    this.#size = other.#size;
  }

  /**
   * Replaces one tenant's items with `items` (oldest first; all of that tenant), keeping its
   * newest `capacity` (the evictable rule and `onEvict` apply as on `push`): a tenant restore.
   * Every other bucket stays as it is, items and arrivals alike. The items take their place
   * among the other tenants' by `timeOf`: an item goes before the first kept item of another
   * tenant that is later, so the whole log still lists oldest first (an arrival between two
   * others is a fraction between theirs; one after every other item arrives now).
   *
   * @example
   * ```ts
   * log.replaceTenant('a', [{ tenantId: 'a', n: 9 }], (item) => item.n);
   * ```
   */
  replaceTenant(tenantId: string | null, items: readonly T[], timeOf: (item: T) => number): void {
    this.#size -= this.listTenant(tenantId).length;
    this.#buckets.delete(tenantId);
    const { capacity, evictable } = this.#options;
    if (items.length === 0 || (capacity <= 0 && evictable === undefined)) return;
    const bucket: Bucket<T> = { items: [...items], arrivals: [], head: 0 };
    // The other tenants' items in arrival order, and where each of ours falls among them.
    let next = 0;
    let previous: number | undefined;
    const place = (before: number | undefined, upTo: (item: T) => boolean) => {
      let count = 0;
      for (let item = items[next]; item !== undefined && upTo(item); item = items[++next]) count++;
      const from = previous ?? (before ?? 0) - 1;
      for (let i = 1; i <= count; i++) {
        bucket.arrivals.push(before === undefined ? ++this.#arrivals : from + ((before - from) * i) / (count + 1));
      }
    };
    this.#merge([...this.#buckets.values()], (other, index) => {
      const item = other.items[index];
      const arrival = other.arrivals[index];
      if (item === undefined || arrival === undefined) return;
      const at = timeOf(item);
      place(arrival, (own) => timeOf(own) < at);
      previous = arrival;
    });
    place(undefined, () => true);
    this.#buckets.set(tenantId, bucket);
    this.#size += bucket.items.length;
    if (bucket.items.length > capacity) this.#trim(bucket);
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
      } else {
        bucket.items.splice(index, 1);
        bucket.arrivals.splice(index, 1);
      }
      if (item === undefined) continue;
      this.#size--;
      onEvict?.(item);
    }
    // Spent slots are dropped in one copy once they are half the array: O(1) amortised.
    if (bucket.head >= 32 && bucket.head * 2 >= bucket.items.length) {
      bucket.items = bucket.items.slice(bucket.head);
      bucket.arrivals = bucket.arrivals.slice(bucket.head);
      bucket.head = 0;
    }
  }
}

/** A bucket's kept items, oldest first (a copy). */
function kept<T>(bucket: Bucket<T>): T[] {
  const items: T[] = [];
  for (let index = bucket.head; index < bucket.items.length; index++) {
    const item = bucket.items[index];
    if (item !== undefined) items.push(item);
  }
  return items;
}

/** A binary min-heap, just what the merge needs: the least, its sift down after it changed, pop. */
class MinHeap<T> {
  readonly #items: T[];
  readonly #less: (a: T, b: T) => boolean;

  constructor(items: T[], less: (a: T, b: T) => boolean) {
    this.#items = items;
    this.#less = less;
    for (let index = (items.length >> 1) - 1; index >= 0; index--) this.#siftDown(index);
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  /** The least item changed (grew): moves it to its place. */
  siftDownTop(): void {
    this.#siftDown(0);
  }

  pop(): void {
    const last = this.#items.pop();
    if (last === undefined || this.#items.length === 0) return;
    this.#items[0] = last;
    this.#siftDown(0);
  }

  #siftDown(start: number): void {
    const items = this.#items;
    let index = start;
    const here = items[index];
    if (here === undefined) return;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= items.length) break;
      const right = left + 1;
      let child = left;
      let childItem = items[left];
      const rightItem = items[right];
      if (childItem === undefined) break;
      if (rightItem !== undefined && this.#less(rightItem, childItem)) {
        child = right;
        childItem = rightItem;
      }
      if (!this.#less(childItem, here)) break;
      items[index] = childItem;
      index = child;
    }
    items[index] = here;
  }
}
