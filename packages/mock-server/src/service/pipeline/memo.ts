// Stryker disable all: a memo that only saves time; no mutant of it changes an answer (issue 21).
/**
 * A bounded memo for pure, deterministic work on the request path (schema checks of header and
 * query values, ISO formatting). Past `capacity` entries it starts again empty: a client that
 * sends a new value every time costs one extra map insert per request, never unbounded memory.
 * Never key it by a secret.
 *
 * @example
 * ```ts
 * const memo = new BoundedMemo<string, boolean>(1024);
 * const ok = memo.get(value) ?? memo.set(value, schema.safeParse(value).success);
 * ```
 */
export class BoundedMemo<K, V> {
  readonly #capacity: number;
  readonly #entries = new Map<K, V>();

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Stores `value` and returns it. */
  set(key: K, value: V): V {
    if (this.#entries.size >= this.#capacity) this.#entries.clear();
    this.#entries.set(key, value);
    return value;
  }
}
