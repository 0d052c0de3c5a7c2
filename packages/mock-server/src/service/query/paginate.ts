import type { Pagination } from '@commflow/contract';
import { DEFAULT_PAGE_LIMIT } from '@commflow/contract';
import { decodeCursor, encodeCursor, filterDigest } from './cursor.js';
import type { SortedIndex } from '../../state/sorted-index.js';
import type { SearchTerm } from '../../state/text-blocks.js';

/** The paging part of a decoded list query. */
export interface PageQuery {
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/** A page of items and its `meta.pagination`. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** How to take one page from an index. */
export interface PageRequest<T> {
  query: PageQuery;
  /** The tenant the list belongs to: a cursor is bound to it, as to the list and its filters. */
  tenantId: string;
  /** Keeps only the items the caller may see and asked for; absent, every item matches. */
  filter?: ((item: T) => boolean) | undefined;
  /** The list's `search`, answered from the index's search fields. */
  search?: SearchTerm | undefined;
  /**
   * For a list that accepts `cursor`: what its cursors are bound to, besides the tenant (the
   * operation, the acting user, the search, the parent). Absent for an offset-only list, which
   * takes no cursor and issues none.
   */
  cursorScope?: Readonly<Record<string, string | number | undefined>> | undefined;
}

/**
 * Takes one page from a sorted index, by cursor (keyset) or by offset.
 *
 * Keyset: a binary search finds the position after the cursor, then the walk collects `limit`
 * matching items and looks one further for `hasMore`. Items inserted or deleted elsewhere in the
 * index do not move the position, so no item is seen twice and none is skipped. A `search` walks
 * only the matching positions the index finds, in the same order.
 */
export function takePage<T extends { readonly id: string }>(index: SortedIndex<T>, request: PageRequest<T>): Page<T> {
  const limit = request.query.limit ?? DEFAULT_PAGE_LIMIT;
  const offset = request.query.offset ?? 0;
  const scope = request.cursorScope;
  // An offset-only list never reads a cursor (its query schema has none) and issues none.
  const digest = scope === undefined ? undefined : filterDigest({ ...scope, tenant: request.tenantId });
  const descending = index.order === 'desc';
  const step: 1 | -1 = descending ? -1 : 1;
  let position: number;
  if (request.query.cursor !== undefined && digest !== undefined) {
    const after = decodeCursor(request.query.cursor, digest);
    // Ascending: first stored position strictly after the cursor. Descending: last one strictly before it.
    position = descending
      ? index.lowerBound(after.key, after.id, true) - 1
      : index.lowerBound(after.key, after.id, false);
  } else {
    position = descending ? index.size - 1 : 0;
  }
  const term = request.search;
  const matching = term === undefined ? undefined : index.matches(term, position, step);
  const given = request.filter;
  // A term the index cannot answer is checked item by item, by the same rule.
  const filter =
    term === undefined || matching !== undefined
      ? given
      : (item: T) => index.matchesNaively(item, term) && (given === undefined || given(item));
  let skip = request.query.cursor === undefined ? offset : 0;
  if (filter === undefined && matching === undefined && skip > 0) {
    position += step * skip;
    skip = 0;
  }
  const items: T[] = [];
  let hasMore = false;
  for (const at of matching ?? walk(position, step, index.size)) {
    const item = index.at(at);
    if (item === undefined) break;
    if (filter !== undefined && !filter(item)) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (items.length === limit) {
      hasMore = true;
      break;
    }
    items.push(item);
  }
  const last = items.at(-1);
  const nextCursor =
    hasMore && digest !== undefined && last !== undefined
      ? encodeCursor({ key: index.key(last), id: last.id }, digest)
      : null;
  return { items, pagination: { limit, offset: request.query.cursor === undefined ? offset : 0, hasMore, nextCursor } };
}

/** Every storage position from `position` to the end of the walk. */
function* walk(position: number, step: 1 | -1, size: number): Generator<number> {
  for (let at = position; at >= 0 && at < size; at += step) yield at;
}
