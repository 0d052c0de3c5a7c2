import * as z from 'zod/mini';
import type { HeaderCode } from './headers.js';
import { AiAgentChatBody } from './schemas/ai.js';
import { CalendarListQuery, CreateCalendarEventBody } from './schemas/calendar.js';
import {
  ChatConversationsListQuery,
  ChatMessagesListQuery,
  CreateChatConversationBody,
  SendChatMessageBody,
} from './schemas/chat.js';
import { ContactsListQuery, CreateContactBody } from './schemas/contacts.js';
import { FaxListQuery } from './schemas/fax.js';
import { FilesListQuery } from './schemas/files.js';
import type { PaginationKind } from './schemas/pagination.js';
import { UpdatePresenceBody } from './schemas/presence.js';
import { PricingQuoteBody } from './schemas/pricing.js';
import { IdInput } from './schemas/primitives.js';
import { SendSmsBody, SmsConversationsListQuery, SmsMessagesListQuery } from './schemas/sms.js';
import { UsersListQuery } from './schemas/users.js';
import { CdrListQuery, Click2DialBody } from './schemas/voice.js';

/**
 * The request half of a registry entry: what a client needs to send an operation and unwrap its
 * result. The registry ({@link operations}) spreads each of these into its entry, so a client that
 * imports only this half leaves the response schemas, summaries, gating and error lists out of
 * its bundle; nothing here is written twice.
 *
 * @example
 * ```ts
 * const request: OperationRequest = operationRequests['contacts.create'];
 * request.method; // 'POST'
 * ```
 */
export interface OperationRequest {
  /** The operation id: the service spec's, or `decisions.md`'s for the nine it leaves unnamed. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT';
  /** The path template under `/api/v1`, with `{name}` parameters. */
  readonly path: `/api/v1/${string}`;
  /** The header codes of the spec's Headers column. */
  readonly headers: readonly HeaderCode[];
  readonly pathParams: z.ZodMiniObject | undefined;
  readonly query: z.ZodMiniType<Record<string, unknown>, Record<string, string | undefined>> | undefined;
  readonly body: z.ZodMiniType | undefined;
  /** The key of `data` the SDK returns, or `undefined` for the whole of `data`. */
  readonly resultKey: string | undefined;
  readonly pagination: PaginationKind;
}

/**
 * Defines the request half of a registry entry, keeping every literal type.
 *
 * @example
 * ```ts
 * const request = defineRequest({ ...operationRequests['users.list'] });
 * ```
 */
export function defineRequest<const T extends OperationRequest>(request: T): T {
  return request;
}

const idPath = z.strictObject({ id: IdInput.check(z.meta({ description: 'The resource id (a UUID).' })) });

/**
 * The request half of every operation of the registry, keyed by id (see {@link OperationRequest}).
 *
 * @example
 * ```ts
 * const { method, path } = operationRequests['sms.send']; // 'POST', '/api/v1/sms/send'
 * ```
 */
export const operationRequests = {
  'users.list': defineRequest({
    id: 'users.list',
    method: 'GET',
    path: '/api/v1/users',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: UsersListQuery,
    body: undefined,
    resultKey: 'users',
    pagination: 'cursor',
  }),
  'contacts.list': defineRequest({
    id: 'contacts.list',
    method: 'GET',
    path: '/api/v1/contacts',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: ContactsListQuery,
    body: undefined,
    resultKey: 'contacts',
    pagination: 'cursor',
  }),
  'contacts.create': defineRequest({
    id: 'contacts.create',
    method: 'POST',
    path: '/api/v1/contacts',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: CreateContactBody,
    resultKey: 'contact',
    pagination: 'none',
  }),
  'voice.click2dial': defineRequest({
    id: 'voice.click2dial',
    method: 'POST',
    path: '/api/v1/click2dial',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: Click2DialBody,
    resultKey: undefined,
    pagination: 'none',
  }),
  'cdr.list': defineRequest({
    id: 'cdr.list',
    method: 'GET',
    path: '/api/v1/cdr',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: CdrListQuery,
    body: undefined,
    resultKey: 'records',
    pagination: 'offset',
  }),
  'chat.conversations': defineRequest({
    id: 'chat.conversations',
    method: 'GET',
    path: '/api/v1/chat/conversations',
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: ChatConversationsListQuery,
    body: undefined,
    resultKey: 'conversations',
    pagination: 'offset',
  }),
  'chat.conversations.create': defineRequest({
    id: 'chat.conversations.create',
    method: 'POST',
    path: '/api/v1/chat/conversations',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: CreateChatConversationBody,
    resultKey: 'conversation',
    pagination: 'none',
  }),
  'chat.messages.list': defineRequest({
    id: 'chat.messages.list',
    method: 'GET',
    path: '/api/v1/chat/messages',
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: ChatMessagesListQuery,
    body: undefined,
    resultKey: 'messages',
    pagination: 'cursor',
  }),
  'chat.messages.send': defineRequest({
    id: 'chat.messages.send',
    method: 'POST',
    path: '/api/v1/chat/messages',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: SendChatMessageBody,
    resultKey: 'message',
    pagination: 'none',
  }),
  'sms.conversations': defineRequest({
    id: 'sms.conversations',
    method: 'GET',
    path: '/api/v1/sms/conversations',
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: SmsConversationsListQuery,
    body: undefined,
    resultKey: 'conversations',
    pagination: 'cursor',
  }),
  'sms.messages.list': defineRequest({
    id: 'sms.messages.list',
    method: 'GET',
    path: '/api/v1/sms/conversations/{id}/messages',
    headers: ['T', 'U', 'R'],
    pathParams: idPath,
    query: SmsMessagesListQuery,
    body: undefined,
    resultKey: 'messages',
    pagination: 'cursor',
  }),
  'sms.send': defineRequest({
    id: 'sms.send',
    method: 'POST',
    path: '/api/v1/sms/conversations/{id}/messages',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: idPath,
    query: undefined,
    body: SendSmsBody,
    resultKey: 'message',
    pagination: 'none',
  }),
  'ai.agents.list': defineRequest({
    id: 'ai.agents.list',
    method: 'GET',
    path: '/api/v1/ai/agents',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: undefined,
    body: undefined,
    resultKey: 'agents',
    pagination: 'none',
  }),
  'ai.agents.get': defineRequest({
    id: 'ai.agents.get',
    method: 'GET',
    path: '/api/v1/ai/agents/{id}',
    headers: ['T', 'R'],
    pathParams: idPath,
    query: undefined,
    body: undefined,
    resultKey: 'agent',
    pagination: 'none',
  }),
  'ai.agents.chat': defineRequest({
    id: 'ai.agents.chat',
    method: 'POST',
    path: '/api/v1/ai/agents/{id}/test-chat',
    headers: ['T', 'R', 'I'],
    pathParams: idPath,
    query: undefined,
    body: AiAgentChatBody,
    resultKey: 'reply',
    pagination: 'none',
  }),
  'pricing.quote': defineRequest({
    id: 'pricing.quote',
    method: 'POST',
    path: '/api/v1/pricing/quote',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: undefined,
    body: PricingQuoteBody,
    resultKey: 'quote',
    pagination: 'none',
  }),
  'files.list': defineRequest({
    id: 'files.list',
    method: 'GET',
    path: '/api/v1/files',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: FilesListQuery,
    body: undefined,
    resultKey: 'files',
    pagination: 'offset',
  }),
  'calendar.list': defineRequest({
    id: 'calendar.list',
    method: 'GET',
    path: '/api/v1/calendar',
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: CalendarListQuery,
    body: undefined,
    resultKey: 'events',
    pagination: 'cursor',
  }),
  'calendar.create': defineRequest({
    id: 'calendar.create',
    method: 'POST',
    path: '/api/v1/calendar',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: CreateCalendarEventBody,
    resultKey: 'event',
    pagination: 'none',
  }),
  'presence.list': defineRequest({
    id: 'presence.list',
    method: 'GET',
    path: '/api/v1/presence',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: undefined,
    body: undefined,
    resultKey: 'presence',
    pagination: 'none',
  }),
  'presence.update': defineRequest({
    id: 'presence.update',
    method: 'PUT',
    path: '/api/v1/presence',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: UpdatePresenceBody,
    resultKey: 'presence',
    pagination: 'none',
  }),
  'fax.list': defineRequest({
    id: 'fax.list',
    method: 'GET',
    path: '/api/v1/fax',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: FaxListQuery,
    body: undefined,
    resultKey: 'faxes',
    pagination: 'offset',
  }),
} as const;

/**
 * Whether an operation acts on behalf of a user (its spec row lists `X-User-Email`).
 *
 * @example
 * ```ts
 * isUserScoped(operations['sms.send']); // true
 * ```
 */
export function isUserScoped(op: OperationRequest): boolean {
  return op.headers.includes('U');
}

/**
 * Whether an operation honours `Idempotency-Key` (its spec row lists it).
 *
 * @example
 * ```ts
 * takesIdempotencyKey(operations['pricing.quote']); // false
 * ```
 */
export function takesIdempotencyKey(op: OperationRequest): boolean {
  return op.headers.includes('I');
}
