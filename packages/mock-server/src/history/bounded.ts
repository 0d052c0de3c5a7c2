/**
 * The newest `capacity` items of a stream, oldest first. Appending is O(1) amortised: the array
 * grows by `slack` items past the capacity (default: the capacity itself, so twice it), then
 * drops the excess in one slice. A smaller slack holds less at the peak and copies more often.
 *
 * @example
 * ```ts
 * const log = new BoundedLog<string>(2);
 * log.push('a'); log.push('b'); log.push('c');
 * log.list(); // ['b', 'c']
 * ```
 */
export class BoundedLog<T> {
  readonly #capacity: number;
  readonly #slack: number;
  #items: T[] = [];

  constructor(capacity: number, slack: number = capacity) {
    this.#capacity = capacity;
    this.#slack = Math.max(1, slack);
  }

  push(item: T): void {
    if (this.#capacity <= 0) return;
    this.#items.push(item);
    if (this.#items.length >= this.#capacity + this.#slack) this.#items = this.#items.slice(-this.#capacity);
  }

  /** How many items it keeps at most. */
  get capacity(): number {
    return this.#capacity;
  }

  /** How many items are kept (at most the capacity). */
  get size(): number {
    return Math.min(this.#items.length, this.#capacity);
  }

  /** The kept items, oldest first (a copy). */
  list(): T[] {
    return this.#items.slice(-this.#capacity);
  }

  clear(): void {
    this.#items = [];
  }

  /** Drops the items `drop` accepts (a tenant deleted), keeping the order of the rest. */
  forget(drop: (item: T) => boolean): void {
    this.#items = this.#items.filter((item) => !drop(item));
  }

  /** Takes `other`'s items in place of its own (a restore built aside). */
  adopt(other: BoundedLog<T>): void {
    this.#items = other.#items;
  }

  /** Replaces the items (oldest first), keeping the newest `capacity`: a restore. */
  replace(items: readonly T[]): void {
    this.#items = this.#capacity <= 0 ? [] : items.slice(-this.#capacity);
  }
}

/**
 * Deletes the oldest entries of an insertion-ordered map while it holds more than `limit`,
 * skipping those `evictable` refuses (work still running). Stops as soon as the map fits.
 *
 * @example
 * ```ts
 * trimOldest(deliveries, 10_000, (delivery) => delivery.status !== 'pending');
 * ```
 */
export function trimOldest<K, V>(map: Map<K, V>, limit: number, evictable: (value: V) => boolean): void {
  let excess = map.size - limit;
  if (excess <= 0) return;
  for (const [key, value] of map) {
    if (!evictable(value)) continue;
    map.delete(key);
    if (--excess === 0) return;
  }
}
