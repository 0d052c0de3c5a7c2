/** `GET /__mock/journal` (filtered, in pages) and `GET /__mock/journal/{requestId}`. */
import { MAX_PAGE_LIMIT, RequestId } from '@commflow/contract';
import * as z from 'zod';
import { ApiError } from '../../service/api-error.js';
import { journalPage } from '../../runtime/journal-query.js';
import { parseQuery, type ControlReply } from './reply.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';

const JournalQuery = z.strictObject({
  operationId: z.string().min(1).max(100).optional(),
  tenantId: z.string().min(1).max(100).optional(),
  status: z.coerce.number().int().min(100).max(599).optional(),
  errorCode: z.string().min(1).max(100).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  cursor: z.string().min(1).max(2000).optional(),
});

/** The routes of this module, or `undefined` for another path. */
export function journalRoute(runtime: MockRuntime, method: string, url: URL, path: string): ControlReply | undefined {
  if (method !== 'GET') return undefined;
  if (path === '/__mock/journal') {
    const query = Object.fromEntries(
      Object.entries(parseQuery(JournalQuery, url)).filter(([, value]) => value !== undefined),
    );
    if (query.since !== undefined) query.since = new Date(query.since).toISOString();
    const page = journalPage(runtime, query);
    return { status: 200, data: { entries: page.entries }, pagination: page.pagination };
  }
  const one = /^\/__mock\/journal\/([^/]+)$/.exec(path);
  if (one === null) return undefined;
  const requestId = decodeURIComponent(one[1] ?? '');
  const entry = RequestId.safeParse(requestId).success ? runtime.world.state.journal.get(requestId) : undefined;
  if (entry === undefined) throw new ApiError('NOT_FOUND', `No journal entry has request id "${requestId}".`);
  return { status: 200, data: { entry } };
}
