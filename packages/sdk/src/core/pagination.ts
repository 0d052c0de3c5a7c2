import type { Pagination } from '@commflow/contract';
import { APIPromise, type ResponseResult } from './api-promise.js';
import { APIUserAbortError, CommFlowError } from './errors.js';
import { signalOf } from './signals.js';
import { optionsProblem } from '../internal/option-problems.js';

/** The query of a list call, as the SDK passes it between pages. */
type Query = Readonly<Record<string, unknown>>;

/**
 * How a {@link Page} asks for another page: the SDK's request core, bound to one operation and
 * one call's options.
 *
 * @internal
 */
export type PageFetcher<Item> = (query: Query) => PagePromise<Item>;

/**
 * Options of `toArray`. A key other than these (from JavaScript, a `maxItems`) throws a
 * `TypeError` naming it, instead of collecting every item.
 *
 * @example
 * ```ts
 * const first500 = await client.contacts.list({ limit: 100 }).toArray({ max: 500 });
 * ```
 */
export interface ToArrayOptions {
  /**
   * Stop after this many items (a non-negative integer); no page beyond the one that reaches it is
   * requested. Default: every item.
   */
  max?: number;
}

/**
 * Every option's name, once: `satisfies` makes TypeScript refuse a name {@link ToArrayOptions}
 * lacks and an option this map forgets, so the check cannot drift from the type.
 */
const TO_ARRAY_OPTION_NAMES = { max: true } as const satisfies Record<keyof ToArrayOptions, true>;

/** `Page.#follow`, for the walks below: reachable from this module only. */
let follow: <Item>(page: Page<Item>) => PagePromise<Item> | null;

/**
 * One page of a list: its `items`, the service's `pagination` block, and the way to the next page.
 * Iterating a page (`for await`) yields its items and those of every following page.
 *
 * @example
 * ```ts
 * let page = await client.contacts.list({ limit: 100 });
 * while (true) {
 *   for (const contact of page.items) console.log(contact.firstName);
 *   if (!page.hasNextPage()) break;
 *   page = await page.getNextPage();
 * }
 * ```
 */
export class Page<Item> implements AsyncIterable<Item> {
  /** The items of this page. */
  readonly items: Item[];
  /** `meta.pagination` of the response: `limit`, `offset`, `hasMore`, `nextCursor`. */
  readonly pagination: Pagination;
  /** The response this page came from. */
  readonly response: Response;
  readonly #query: Query;
  readonly #kind: 'offset' | 'cursor';
  readonly #fetch: PageFetcher<Item>;
  /** The next page as {@link Page.getNextPage} requested it: cached for explicit callers only. */
  #next: PagePromise<Item> | undefined;

  /** @internal */
  constructor(
    items: Item[],
    pagination: Pagination,
    response: Response,
    query: Query,
    kind: 'offset' | 'cursor',
    fetch: PageFetcher<Item>,
  ) {
    this.items = items;
    this.pagination = pagination;
    this.response = response;
    this.#query = query;
    this.#kind = kind;
    this.#fetch = fetch;
  }

  /**
   * The query of the next page, or `null` at the end of the list. Cursor-paged operations follow
   * `nextCursor`; the others advance `offset` by the items received.
   *
   * @example
   * ```ts
   * const next = page.nextPageQuery(); // { limit: 100, cursor: 'eyJr…' }
   * ```
   */
  nextPageQuery(): Query | null {
    const { hasMore, nextCursor, offset } = this.pagination;
    // An empty page cannot advance an offset, and a repeated cursor would ask for the same page.
    if (!hasMore || this.items.length === 0) return null;
    if (this.#kind === 'cursor') {
      if (nextCursor === null || nextCursor === this.#query.cursor) return null;
      return { ...this.#query, offset: undefined, cursor: nextCursor };
    }
    return { ...this.#query, offset: offset + this.items.length };
  }

  /**
   * Whether another page follows this one.
   *
   * @example
   * ```ts
   * if (page.hasNextPage()) page = await page.getNextPage();
   * ```
   */
  hasNextPage(): boolean {
    return this.nextPageQuery() !== null;
  }

  /**
   * Fetches the next page, with the same parameters and call options. Asking twice returns the
   * same request: a page is never fetched again. When that request fails, the next call asks
   * again.
   *
   * @throws {@link CommFlowError} when there is no next page.
   * @example
   * ```ts
   * const second = await (await client.contacts.list()).getNextPage();
   * ```
   */
  getNextPage(): PagePromise<Item> {
    if (this.#next) return this.#next;
    const query = this.nextPageQuery();
    if (!query) throw new CommFlowError('There is no next page: check hasNextPage() first.');
    const next = this.#fetch(query);
    this.#next = next;
    // A failure is not kept: the caller may retry that page.
    next.then(undefined, () => {
      if (this.#next === next) this.#next = undefined;
    });
    return next;
  }

  /**
   * The next page for a walk: the one {@link Page.getNextPage} already asked for, else a new
   * request that this page does not keep, so a page the walk has moved past holds no chain to the
   * pages after it. `null` at the end of the list.
   */
  #follow(): PagePromise<Item> | null {
    if (this.#next) return this.#next;
    const query = this.nextPageQuery();
    return query ? this.#fetch(query) : null;
  }

  static {
    follow = (page) => page.#follow();
  }

  /**
   * This page and every following page, fetched one at a time as the loop asks for them. A page
   * the loop has moved past is not kept by the walk, so a long walk holds one page at a time; a
   * second walk therefore requests the following pages again, except one that
   * {@link Page.getNextPage} already fetched.
   *
   * @example
   * ```ts
   * for await (const page of (await client.cdr.list({ limit: 100 })).iterPages()) console.log(page.items.length);
   * ```
   */
  iterPages(): AsyncGenerator<Page<Item>, void, undefined> {
    return walkPages(this);
  }

  /**
   * Every item of this page and of the pages after it. When the call's `signal` aborts, the loop
   * rejects with {@link APIUserAbortError} before its next item.
   *
   * @example
   * ```ts
   * for await (const contact of await client.contacts.list()) console.log(contact.id);
   * ```
   */
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    return walkItems(walkPages(this));
  }

  /**
   * Collects the items of this page and the following ones, up to `max`.
   *
   * @throws `RangeError` when `max` is not a non-negative integer, `TypeError` when the options
   * are not an object or hold a key other than `max`.
   * @example
   * ```ts
   * const contacts = await page.toArray({ max: 1000 });
   * ```
   */
  async toArray(options: ToArrayOptions = {}): Promise<Item[]> {
    return collect(walkPages(this), maxOf(options));
  }
}

/**
 * The pages of a list from `page` on, without chaining them (see `Page.#follow`). The parameter
 * is the walk's only hold on a page, reassigned as the walk moves on.
 */
async function* walkPages<Item>(
  page: Page<Item> | PromiseLike<Page<Item> | null> | null,
): AsyncGenerator<Page<Item>, void, undefined> {
  for (page = await page; page; page = await follow(page)) {
    const signal = signalOf(page.response);
    if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
    yield page;
  }
}

/** The items of every page, checking the call's signal before each one. */
async function* walkItems<Item>(
  pages: AsyncGenerator<Page<Item>, void, undefined>,
): AsyncGenerator<Item, void, undefined> {
  for await (const page of pages) {
    const signal = signalOf(page.response);
    for (const item of page.items) {
      if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
      yield item;
    }
  }
}

/**
 * `max`, or `Infinity` for every item. Options that are not an object or hold an unknown key
 * (`maxItems`, `limit`) throw a `TypeError`: from plain JavaScript they would otherwise collect
 * every item of every page without a word.
 */
function maxOf(options: ToArrayOptions): number {
  const wrong = optionsProblem(options, TO_ARRAY_OPTION_NAMES, 'toArray');
  if (wrong !== undefined) throw new TypeError(wrong);
  const { max } = options;
  if (max === undefined) return Infinity;
  if (!Number.isInteger(max) || max < 0) {
    throw new RangeError(`toArray: max must be a non-negative integer, got ${String(max)}.`);
  }
  return max;
}

async function collect<Item>(pages: AsyncGenerator<Page<Item>, void, undefined>, max: number): Promise<Item[]> {
  const out: Item[] = [];
  if (max > 0) {
    for await (const item of walkItems(pages)) if (out.push(item) >= max) break;
  }
  return out;
}

/**
 * What a list call returns: a promise of the first page that is also an async iterable over
 * every item of every page. The first page is requested at once; later pages as iteration needs
 * them.
 *
 * @example
 * ```ts
 * for await (const contact of client.contacts.list({ search: 'ann' })) console.log(contact.firstName);
 * const firstPage = await client.contacts.list({ limit: 10 });
 * ```
 */
export class PagePromise<Item> extends APIPromise<Page<Item>> implements AsyncIterable<Item> {
  /** @internal */
  // eslint-disable-next-line @typescript-eslint/no-useless-constructor -- narrows the parameter type for docs
  constructor(result: Promise<ResponseResult<Page<Item>>>) {
    super(result);
  }

  /**
   * Every item of every page. When the call's `signal` aborts, the loop rejects with
   * {@link APIUserAbortError} before its next item.
   *
   * @example
   * ```ts
   * for await (const record of client.cdr.list()) console.log(record.durationSeconds);
   * ```
   */
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    // Not a generator method: a generator keeps its `this`, and with it the first page.
    return walkItems(walkPages<Item>(this));
  }

  /**
   * Collects every item of every page, up to `max`.
   *
   * @throws `RangeError` when `max` is not a non-negative integer, `TypeError` when the options
   * are not an object or hold a key other than `max`.
   * @example
   * ```ts
   * const users = await client.users.list({ limit: 100 }).toArray({ max: 250 });
   * ```
   */
  async toArray(options: ToArrayOptions = {}): Promise<Item[]> {
    let max: number;
    try {
      max = maxOf(options);
    } catch (error) {
      // The first page is already on its way: its outcome no longer matters.
      this.then(undefined, () => undefined);
      throw error;
    }
    return collect(walkPages<Item>(this), max);
  }
}
