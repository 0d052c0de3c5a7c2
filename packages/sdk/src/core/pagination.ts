import type { Pagination } from '@commflow/contract';
import { APIPromise, type ResponseResult } from './api-promise.js';
import { CommFlowError } from './errors.js';

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
 * Options of `toArray`.
 *
 * @example
 * ```ts
 * const first500 = await client.contacts.list({ limit: 100 }).toArray({ max: 500 });
 * ```
 */
export interface ToArrayOptions {
  /** Stop after this many items; no page beyond the one that reaches it is requested. */
  max?: number;
}

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
   * same request: a page is never fetched again.
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
    return (this.#next = this.#fetch(query));
  }

  /**
   * This page and every following page, fetched one at a time as the loop asks for them.
   *
   * @example
   * ```ts
   * for await (const page of (await client.cdr.list({ limit: 100 })).iterPages()) console.log(page.items.length);
   * ```
   */
  async *iterPages(): AsyncGenerator<Page<Item>, void, undefined> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk starts at this page
    let page: Page<Item> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /**
   * Every item of this page and of the pages after it.
   *
   * @example
   * ```ts
   * for await (const contact of await client.contacts.list()) console.log(contact.id);
   * ```
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages()) yield* page.items;
  }

  /**
   * Collects the items of this page and the following ones, up to `max`.
   *
   * @example
   * ```ts
   * const contacts = await page.toArray({ max: 1000 });
   * ```
   */
  async toArray(options: ToArrayOptions = {}): Promise<Item[]> {
    const max = options.max ?? Infinity;
    const out: Item[] = [];
    if (max <= 0) return out;
    for await (const page of this.iterPages()) {
      for (const item of page.items) {
        out.push(item);
        if (out.length >= max) return out;
      }
    }
    return out;
  }
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
   * Every item of every page.
   *
   * @example
   * ```ts
   * for await (const record of client.cdr.list()) console.log(record.durationSeconds);
   * ```
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const page = await this;
    yield* page;
  }

  /**
   * Collects every item of every page, up to `max`.
   *
   * @example
   * ```ts
   * const users = await client.users.list({ limit: 100 }).toArray({ max: 250 });
   * ```
   */
  async toArray(options: ToArrayOptions = {}): Promise<Item[]> {
    const page = await this;
    return page.toArray(options);
  }
}
