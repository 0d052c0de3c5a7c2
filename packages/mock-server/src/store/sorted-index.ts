/** One component of a sort key. `null` sorts before every value (so it comes last when descending). */
export type KeyPart = string | number | null;
/** A sort key: compared part by part, then by id. */
export type SortKey = readonly KeyPart[];

function comparePart(a: KeyPart, b: KeyPart): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares (key, id) positions. */
export function comparePosition(aKey: SortKey, aId: string, bKey: SortKey, bId: string): number {
  const length = Math.max(aKey.length, bKey.length);
  for (let i = 0; i < length; i++) {
    const order = comparePart(aKey[i] ?? null, bKey[i] ?? null);
    if (order !== 0) return order;
  }
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

/**
 * A maintained sorted index for keyset pagination: records kept in ascending (key, id) order in
 * an array, so a page is a binary search plus a walk of `limit` items, O(limit + log n).
 *
 * Records are stored ascending whatever the list's order; a descending list walks from the end.
 * "Newest first" lists therefore append at the end, so loading 100,000 records in creation order
 * never shifts the array.
 *
 * @example
 * ```ts
 * const byName = new SortedIndex<User>((user) => [user.lastName, user.firstName], 'asc');
 * byName.insert(user);
 * ```
 */
export class SortedIndex<T extends { readonly id: string }> {
  readonly #items: T[] = [];
  readonly #keys: SortKey[] = [];
  readonly key: (item: T) => SortKey;
  readonly order: 'asc' | 'desc';

  constructor(key: (item: T) => SortKey, order: 'asc' | 'desc') {
    this.key = key;
    this.order = order;
  }

  get size(): number {
    return this.#items.length;
  }

  /** The item at storage position `index` (ascending). */
  at(index: number): T | undefined {
    return this.#items[index];
  }

  /** The stored key of the item at storage position `index`. */
  keyAt(index: number): SortKey | undefined {
    return this.#keys[index];
  }

  /** The first storage position whose (key, id) is greater than (or, with `inclusive`, equal to) the given one. */
  lowerBound(key: SortKey, id: string, inclusive: boolean): number {
    let low = 0;
    let high = this.#items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = comparePosition(this.#keys[mid] ?? [], this.#items[mid]?.id ?? '', key, id);
      if (order < 0 || (!inclusive && order === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(item: T): void {
    const key = this.key(item);
    const last = this.#keys.length - 1;
    // Fast path: creation-ordered keys land at the end.
    const lastItem = this.#items[last];
    const position =
      lastItem === undefined || comparePosition(this.#keys[last] ?? [], lastItem.id, key, item.id) < 0
        ? this.#items.length
        : this.lowerBound(key, item.id, true);
    this.#items.splice(position, 0, item);
    this.#keys.splice(position, 0, key);
  }

  /** Removes an item, located by the key it was inserted with. */
  remove(item: T, key: SortKey = this.key(item)): boolean {
    const position = this.lowerBound(key, item.id, true);
    if (this.#items[position]?.id !== item.id) return false;
    this.#items.splice(position, 1);
    this.#keys.splice(position, 1);
    return true;
  }

  /** Re-sorts an item whose key changed: `before` is its key at insertion. */
  update(item: T, before: SortKey): void {
    this.remove(item, before);
    this.insert(item);
  }

  /** Items in list order (ascending or descending). */
  *values(): IterableIterator<T> {
    if (this.order === 'asc') for (const item of this.#items) yield item;
    else
      for (let i = this.#items.length - 1; i >= 0; i--) {
        const item = this.#items[i];
        if (item !== undefined) yield item;
      }
  }

  /** Builds the index from many items at once: one sort instead of n inserts. */
  static from<T extends { readonly id: string }>(
    items: Iterable<T>,
    key: (item: T) => SortKey,
    order: 'asc' | 'desc',
  ): SortedIndex<T> {
    const index = new SortedIndex(key, order);
    const pairs = [...items].map((item) => ({ item, key: key(item) }));
    pairs.sort((a, b) => comparePosition(a.key, a.item.id, b.key, b.item.id));
    for (const pair of pairs) {
      index.#items.push(pair.item);
      index.#keys.push(pair.key);
    }
    return index;
  }
}
