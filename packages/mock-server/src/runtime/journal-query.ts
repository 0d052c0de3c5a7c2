/** The journal read in pages, as `GET /__mock/journal` and the console read it. */
import { DEFAULT_PAGE_LIMIT, type Pagination } from '@commflow/contract';
import { decodeCursor, encodeCursor, filterDigest } from '../service/query/cursor.js';
import { journalEntry, type JournalEntry, type JournalFilter } from '../state/journal.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * A journal filter with paging: `limit` entries (default 50, at most 100) after `cursor`,
 * oldest first.
 *
 * @example
 * ```ts
 * const query: JournalPageQuery = { operationId: 'sms.send', limit: 10 };
 * ```
 */
export interface JournalPageQuery extends JournalFilter {
  limit?: number;
  cursor?: string;
}

/** One page of the journal, oldest first, with the API's `pagination`. */
export function journalPage(
  runtime: MockRuntime,
  query: JournalPageQuery,
): { entries: JournalEntry[]; pagination: Pagination } {
  const { limit = DEFAULT_PAGE_LIMIT, cursor, ...filter } = query;
  const digest = filterDigest({ list: 'journal', ...filter });
  const after = cursor === undefined ? 0 : Number(decodeCursor(cursor, digest).key[0]);
  const records = runtime.world.state.journal.records(filter);
  // Records are in seq order: the first after the cursor is found by binary search.
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((records[middle]?.seq ?? 0) <= after) low = middle + 1;
    else high = middle;
  }
  const page = records.slice(low, low + limit);
  const hasMore = low + limit < records.length;
  const last = page.at(-1);
  return {
    entries: page.map(journalEntry),
    pagination: {
      limit,
      offset: 0,
      hasMore,
      nextCursor:
        hasMore && last !== undefined ? encodeCursor({ key: [last.seq], id: last.summary.requestId }, digest) : null,
    },
  };
}
