/**
 * A tenant's records over HTTP, read-only, in the API's shapes: `GET /__mock/tenants/{id}/records`
 * counts them per resource, `GET /__mock/tenants/{id}/records/{resource}?q=&cursor=&limit=` pages
 * through one resource. The console's data view reads only these.
 */
import { Id, MAX_PAGE_LIMIT } from '@commflow/contract';
import * as z from 'zod';
import { validationError } from '../../service/api-error.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import { browseRecords, RECORD_RESOURCES, recordCounts } from '../../runtime/records-browse.js';
import { parseQuery, type ControlReply } from './reply.js';

const RecordsQuery = z.strictObject({
  q: z.string().max(200).optional(),
  cursor: z.string().min(1).max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
});

/** The routes of this module, or `undefined` for another path. */
export function recordsRoute(runtime: MockRuntime, method: string, url: URL, path: string): ControlReply | undefined {
  if (method !== 'GET') return undefined;
  const match = /^\/__mock\/tenants\/([^/]+)\/records(?:\/([^/]+))?$/.exec(path);
  if (match === null) return undefined;
  const tenantId = decodeURIComponent(match[1] ?? '');
  if (!Id.safeParse(tenantId).success) throw validationError([{ path: ['path', 'id'], message: 'Invalid UUID' }]);
  if (match[2] === undefined) {
    return { status: 200, data: { resources: RECORD_RESOURCES, counts: recordCounts(runtime, tenantId) } };
  }
  const page = browseRecords(runtime, tenantId, decodeURIComponent(match[2]), parseQuery(RecordsQuery, url));
  return { status: 200, data: { records: page.records, total: page.total }, pagination: page.pagination };
}
