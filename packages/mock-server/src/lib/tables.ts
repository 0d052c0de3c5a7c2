/**
 * Typed keys of lookup tables. `Object.keys` answers `string[]` because an object may hold more
 * keys than its type names; a table declared as an object literal (`HISTORY_LIMITS`, the record
 * resources, the contract's `operations`) holds exactly its type's keys, so the two casts below
 * are the only place that says so, instead of one cast per table.
 */

/**
 * The keys of a table declared as an object literal (here or in the contract), in declaration
 * order. Never for an object that came from outside: it may hold keys its type does not name.
 *
 * @example
 * ```ts
 * const names = keysOf(HISTORY_LIMITS); // ('journalLimit' | 'eventLimit' | …)[]
 * ```
 */
export function keysOf<K extends string>(table: Readonly<Record<K, unknown>>): K[] {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the table is an object literal of the workspace: its own keys are exactly K
  return Object.keys(table) as K[];
}

/**
 * A table with an entry for each of `keys`, the value made from its key.
 *
 * @param keys Every key of `K` (such as {@link keysOf} answers), so that the table is complete.
 * @example
 * ```ts
 * const counts = tableOf(RECORD_RESOURCES, (resource) => sourceOf(resource).size);
 * ```
 */
export function tableOf<K extends string, V>(keys: readonly K[], valueOf: (key: K) => V): Record<K, V> {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- every key of K is given, so every key has its value
  return Object.fromEntries(keys.map((key) => [key, valueOf(key)])) as Record<K, V>;
}
