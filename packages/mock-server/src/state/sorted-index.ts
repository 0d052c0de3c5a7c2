import { matchesFields } from './search-rule.js';
import { TextBlocks, type SearchFields, type SearchTerm } from './text-blocks.js';

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

/** Compares two sort keys part by part (0 when equal: the ids decide). */
function compareKeys(aKey: SortKey, bKey: SortKey): number {
  const length = Math.max(aKey.length, bKey.length);
  for (let i = 0; i < length; i++) {
    const order = comparePart(aKey[i] ?? null, bKey[i] ?? null);
    if (order !== 0) return order;
  }
  return 0;
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares an item's position with (key, id); the item's id is read only on a tie (it may be derived). */
function compareItem(itemKey: SortKey, item: { readonly id: string }, key: SortKey, id: string): number {
  return compareKeys(itemKey, key) || compareIds(item.id, id);
}

/**
 * A maintained sorted index for keyset pagination: records kept in ascending (key, id) order in
 * an array, so a page is a binary search plus a walk of `limit` items, O(limit + log n).
 *
 * Records are stored ascending whatever the list's order; a descending list walks from the end.
 * "Newest first" lists therefore append at the end, so loading 100,000 records in creation order
 * never shifts the array. Keys are computed when compared, never stored per record: a million
 * records would otherwise carry a million small arrays.
 *
 * With `search` fields, the index also answers `search` from blocks of haystacks kept up to
 * date on every insert and removal ({@link TextBlocks}).
 *
 * @example
 * ```ts
 * const byName = new SortedIndex<User>((user) => [user.lastName, user.firstName], 'asc');
 * byName.insert(user);
 * ```
 */
export class SortedIndex<T extends { readonly id: string }> {
  #items: T[] = [];
  readonly key: (item: T) => SortKey;
  readonly order: 'asc' | 'desc';
  readonly #search: SearchFields<T> | undefined;
  #text: TextBlocks<T> | undefined;

  constructor(key: (item: T) => SortKey, order: 'asc' | 'desc', search?: SearchFields<T>) {
    this.key = key;
    this.order = order;
    this.#search = search;
    this.#text = search === undefined ? undefined : new TextBlocks(search);
  }

  get size(): number {
    return this.#items.length;
  }

  /** The item at storage position `index` (ascending). */
  at(index: number): T | undefined {
    return this.#items[index];
  }

  /** The first storage position whose (key, id) is greater than (or, with `inclusive`, equal to) the given one. */
  lowerBound(key: SortKey, id: string, inclusive: boolean): number {
    let low = 0;
    let high = this.#items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const item = this.#items[mid];
      if (item === undefined) break;
      const order = compareItem(this.key(item), item, key, id);
      if (order < 0 || (!inclusive && order === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(item: T): void {
    const key = this.key(item);
    const lastItem = this.#items.at(-1);
    // Fast path: creation-ordered keys land at the end.
    const position =
      lastItem === undefined || compareItem(this.key(lastItem), lastItem, key, item.id) < 0
        ? this.#items.length
        : this.lowerBound(key, item.id, true);
    if (position === this.#items.length) this.#items.push(item);
    else this.#items.splice(position, 0, item);
    this.#text?.invalidateFrom(position);
  }

  /** Removes an item, located by its current key. */
  remove(item: T): boolean {
    const position = this.lowerBound(this.key(item), item.id, true);
    // Stryker disable next-line BooleanLiteral,ConditionalExpression: every caller moves an item the index holds; the check guards a key changed outside move()
    if (this.#items[position] !== item) return false;
    this.#items.splice(position, 1);
    this.#text?.invalidateFrom(position);
    return true;
  }

  /** Re-sorts an item whose key `change` alters: out before the change, back in after it. */
  move(item: T, change: () => void): void {
    this.remove(item);
    change();
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

  /**
   * The storage positions of the items matching `term`, from `start` by `step`, or `undefined`
   * when the index cannot answer it (no search fields, or an unusual term): filter instead.
   */
  // Stryker disable next-line BlockStatement: `undefined` only makes the caller filter item by item, by the same rule
  matches(term: SearchTerm, start: number, step: 1 | -1): Iterable<number> | undefined {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a list without search fields takes no search, and `undefined` only makes the caller filter item by item, by the same rule
    if (this.#text === undefined || !TextBlocks.usable(term)) return undefined;
    return this.#text.matches(this.#items, term, start, step);
  }

  /** Whether `item` matches `term` by the same rule, checked field by field. */
  matchesNaively(item: T, term: SearchTerm): boolean {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: a list without search fields takes no search
    return this.#search === undefined ? true : matchesFields(this.#search, item, term);
  }

  /**
   * Builds the index from items already in ascending (key, id) order, oldest first for a
   * newest-first list: no sort and no insert. Its callers hold such lists already (a scenario's
   * contact rows, and a restore's merge of them with the created contacts), so the index takes
   * the array as it is instead of checking what they vouch for.
   */
  static fromSorted<T extends { readonly id: string }>(
    ascending: readonly T[],
    key: (item: T) => SortKey,
    order: 'asc' | 'desc',
    search?: SearchFields<T>,
  ): SortedIndex<T> {
    const index = new SortedIndex(key, order, search);
    index.#items = [...ascending];
    return index;
  }
}
