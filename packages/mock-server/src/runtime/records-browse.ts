/**
 * A tenant's records, resource by resource, in the shapes the API answers with: what the
 * console's data view and `GET /__mock/tenants/{id}/records/{resource}` read. Read-only.
 */
import { DEFAULT_PAGE_LIMIT, type Pagination } from '@commflow/contract';
import { ApiError } from '../lib/api-error.js';
import { keysOf, tableOf } from '../lib/tables.js';
import {
  toAiAgent,
  toCalendarEvent,
  toCdr,
  toChatConversation,
  toChatMessage,
  toContact,
  toFax,
  toFile,
  toPresence,
  toSmsConversation,
  toSmsMessage,
  toUser,
} from '../service/domains/format.js';
import { decodeCursor, encodeCursor, filterDigest } from '../service/query/cursor.js';
import { searchTerm } from '../state/search-rule.js';
import type { SortedIndex } from '../state/sorted-index.js';
import type { TenantState } from '../state/tenant-state.js';
import type { MockRuntime } from './mock-runtime.js';
import { listCalls } from './telephony.js';

/** The items of a resource: counted, and read by position, so a page costs its offset at most. */
interface Source {
  readonly size: number;
  /** The item at a position in list order. */
  at(index: number): unknown;
  /** The items matching `q`, in list order, when the resource has an index that answers it. */
  search?: (q: string) => Iterable<unknown> | undefined;
}

function indexed<T extends { readonly id: string }>(index: SortedIndex<T>, view: (item: T) => unknown): Source {
  return {
    size: index.size,
    at: (position) => {
      // An index stores ascending; a descending list reads it from the end.
      const item = index.at(index.order === 'asc' ? position : index.size - 1 - position);
      return item === undefined ? undefined : view(item);
    },
  };
}

function listed(items: readonly unknown[]): Source {
  return { size: items.length, at: (position) => items[position] };
}

/** Each message of each conversation, conversation by conversation (in list order), newest first within one. */
function messages<C, M extends { readonly id: string }>(
  conversations: Iterable<C>,
  of: (conversation: C) => SortedIndex<M>,
  view: (message: M) => unknown,
): Source {
  const all: unknown[] = [];
  for (const conversation of conversations) for (const message of of(conversation).values()) all.push(view(message));
  return listed(all);
}

/**
 * The resources the data view browses, each read from the tenant's state in the API's order.
 * Contacts search by the API's own rule (name or number, through the index); the others match
 * `q` anywhere in the record's JSON, case-insensitively.
 */
const RESOURCES = {
  users: (tenant) => indexed(tenant.userIndex, toUser),
  contacts: (tenant) => ({
    ...indexed(tenant.contactIndex, toContact),
    search: (q) => {
      const term = searchTerm(q);
      const index = tenant.contactIndex;
      // Storage positions, walked in list order (newest first).
      const positions = term === undefined ? undefined : index.matches(term, index.size - 1, -1);
      if (positions === undefined) return undefined;
      return (function* found() {
        for (const position of positions) {
          const contact = index.at(position);
          if (contact !== undefined) yield toContact(contact);
        }
      })();
    },
  }),
  calls: (tenant, runtime) => listed(listCalls(runtime, { tenantId: tenant.id })),
  cdrs: (tenant) => indexed(tenant.cdrIndex, toCdr),
  'chat-conversations': (tenant) => indexed(tenant.chatIndex, toChatConversation),
  'chat-messages': (tenant) =>
    messages(tenant.chatIndex.values(), (conversation) => conversation.messages, toChatMessage),
  'sms-conversations': (tenant) => indexed(tenant.smsConversationIndex, toSmsConversation),
  'sms-messages': (tenant) =>
    messages(tenant.smsConversationIndex.values(), (conversation) => conversation.messages, toSmsMessage),
  calendar: (tenant) => indexed(tenant.calendarIndex, toCalendarEvent),
  presence: (tenant) => indexed(tenant.userIndex, toPresence),
  files: (tenant) => indexed(tenant.fileIndex, toFile),
  faxes: (tenant) => indexed(tenant.faxIndex, toFax),
  'ai-agents': (tenant) => indexed(tenant.agentIndex, toAiAgent),
} satisfies Record<string, (tenant: TenantState, runtime: MockRuntime) => Source>;

/**
 * The name of a resource the data view browses.
 *
 * @example
 * ```ts
 * const resource: RecordResource = 'sms-messages';
 * ```
 */
export type RecordResource = keyof typeof RESOURCES;

/**
 * Every resource the data view browses, in the order the console lists them.
 *
 * @example
 * ```ts
 * RECORD_RESOURCES.includes('contacts'); // true
 * ```
 */
export const RECORD_RESOURCES: readonly RecordResource[] = keysOf(RESOURCES);

function tenantOf(runtime: MockRuntime, tenantId: string): TenantState {
  const tenant = runtime.world.state.tenants.get(tenantId.toLowerCase());
  if (tenant === undefined) throw new ApiError('NOT_FOUND', `No tenant has id "${tenantId}".`);
  return tenant;
}

function sourceOf(runtime: MockRuntime, tenantId: string, resource: string): Source {
  const tenant = tenantOf(runtime, tenantId);
  const known = RECORD_RESOURCES.find((name) => name === resource);
  if (known === undefined) {
    throw new ApiError('NOT_FOUND', `No resource "${resource}": one of ${RECORD_RESOURCES.join(', ')}.`);
  }
  return RESOURCES[known](tenant, runtime);
}

/** How many records a tenant holds, per resource. */
export function recordCounts(runtime: MockRuntime, tenantId: string): Record<RecordResource, number> {
  return tableOf(RECORD_RESOURCES, (resource) => sourceOf(runtime, tenantId, resource).size);
}

/** One page of a tenant's records of `resource`, optionally those matching `q`, by offset cursor. */
export function browseRecords(
  runtime: MockRuntime,
  tenantId: string,
  resource: string,
  query: { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined },
): { records: unknown[]; total: number | null; pagination: Pagination } {
  const source = sourceOf(runtime, tenantId, resource);
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const q = query.q?.trim().toLowerCase() ?? '';
  const digest = filterDigest({ list: `records:${resource}`, tenant: tenantId.toLowerCase(), q });
  const offset = query.cursor === undefined ? 0 : Number(decodeCursor(query.cursor, digest).key[0]);
  const page: unknown[] = [];
  let matched = 0;
  let hasMore = false;
  const found =
    q === ''
      ? undefined
      : (source.search?.(q) ??
        (function* scan() {
          for (let position = 0; position < source.size; position++) {
            const record = source.at(position);
            if (JSON.stringify(record).toLowerCase().includes(q)) yield record;
          }
        })());
  if (found === undefined) {
    for (let position = offset; position < Math.min(source.size, offset + limit); position++)
      page.push(source.at(position));
    hasMore = offset + limit < source.size;
  } else {
    for (const record of found) {
      if (matched++ < offset) continue;
      if (page.length === limit) {
        hasMore = true;
        break;
      }
      page.push(record);
    }
  }
  return {
    records: page,
    total: q === '' ? source.size : null,
    pagination: {
      limit,
      offset,
      hasMore,
      nextCursor: hasMore ? encodeCursor({ key: [offset + limit], id: '' }, digest) : null,
    },
  };
}
