import * as z from 'zod/mini';
import type { ErrorCode } from './errors.js';
import type { EventType } from './event-types.js';
import type { HeaderCode } from './headers.js';
import { AiAgent, AiAgentChatBody, AiAgentReply } from './schemas/ai.js';
import { CalendarEvent, CalendarListQuery, CreateCalendarEventBody } from './schemas/calendar.js';
import {
  ChatConversation,
  ChatConversationsListQuery,
  ChatMessage,
  ChatMessagesListQuery,
  CreateChatConversationBody,
  DirectConversation,
  SendChatMessageBody,
} from './schemas/chat.js';
import { Contact, ContactsListQuery, CreateContactBody } from './schemas/contacts.js';
import { Fax, FaxListQuery } from './schemas/fax.js';
import { FileItem, FilesListQuery } from './schemas/files.js';
import type { PaginationKind } from './schemas/pagination.js';
import { Presence, UpdatePresenceBody } from './schemas/presence.js';
import { PricingQuote, PricingQuoteBody } from './schemas/pricing.js';
import { IdInput } from './schemas/primitives.js';
import {
  SendSmsBody,
  SmsConversation,
  SmsConversationsListQuery,
  SmsMessage,
  SmsMessagesListQuery,
} from './schemas/sms.js';
import { User, UsersListQuery } from './schemas/users.js';
import { CallDetailRecord, CdrListQuery, Click2DialBody, Click2DialResult } from './schemas/voice.js';

/**
 * What an operation needs beyond a valid key: a key permission, a tenant module, and a
 * capability of the tenant (and of the acting user, when the user carries a capability list).
 *
 * @example
 * ```ts
 * const gating: Gating = { permission: 'sms', module: 'sms', capability: 'sms.use' };
 * ```
 */
export interface Gating {
  readonly permission: string;
  readonly module: string | null;
  readonly capability: string | null;
}

/**
 * An element of an operation that `decisions.md` decided because the service spec leaves it open.
 * It is marked `x-assumed: true` in the OpenAPI document.
 *
 * @example
 * ```ts
 * const element: AssumedElement = 'query.cursor';
 * ```
 */
export type AssumedElement = 'operationId' | 'gating' | 'successStatus' | 'response' | 'body' | `query.${string}`;

/**
 * One entry of the operation registry: everything the SDK, the mock server and the OpenAPI
 * generator need to know about an operation.
 *
 * @example
 * ```ts
 * const op: OperationDefinition = operations['contacts.create'];
 * op.method; // 'POST'
 * ```
 */
export interface OperationDefinition {
  /** The operation id: the service spec's, or `decisions.md`'s for the nine it leaves unnamed. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT';
  /** The path template under `/api/v1`, with `{name}` parameters. */
  readonly path: `/api/v1/${string}`;
  readonly summary: string;
  /** The header codes of the spec's Headers column. */
  readonly headers: readonly HeaderCode[];
  readonly pathParams: z.ZodMiniObject | undefined;
  readonly query: z.ZodMiniType<Record<string, unknown>, Record<string, string | undefined>> | undefined;
  readonly body: z.ZodMiniType | undefined;
  /** The success statuses: two for the operations whose status tells new from existing. */
  readonly successStatus: readonly [200] | readonly [201] | readonly [201, 200];
  /** The schema of `data`. */
  readonly response: z.ZodMiniObject;
  /** The key of `data` the SDK returns, or `undefined` for the whole of `data`. */
  readonly resultKey: string | undefined;
  readonly pagination: PaginationKind;
  readonly gating: Gating;
  readonly events: readonly EventType[];
  readonly assumed: readonly AssumedElement[];
  /**
   * The errors this operation raises for reasons of its own (`NO_EXTENSION` on click-to-dial, a
   * `NOT_FOUND` for an id it loads), each with when. The errors that follow from its headers,
   * gating, body and pagination are derived by {@link operationErrors}, never listed here.
   */
  readonly errors: OperationSpecificErrors;
}

/**
 * The operation-specific errors of a registry entry: a catalogue code and when the operation
 * raises it.
 *
 * @example
 * ```ts
 * const errors: OperationSpecificErrors = { NO_EXTENSION: 'The acting user has no provisioned extension to ring.' };
 * ```
 */
export type OperationSpecificErrors = Readonly<Partial<Record<ErrorCode, string>>>;

/**
 * Defines a registry entry, keeping every literal type so that clients infer exact shapes.
 *
 * @example
 * ```ts
 * const op = defineOperation({ ...operations['users.list'] });
 * ```
 */
export function defineOperation<const T extends OperationDefinition>(definition: T): T {
  return definition;
}

const idPath = z.strictObject({ id: IdInput.check(z.meta({ description: 'The resource id (a UUID).' })) });
const list = <K extends string, T extends z.ZodMiniType>(key: K, item: T) =>
  z.object({ [key]: z.array(item) } as Record<K, z.ZodMiniArray<T>>);
const one = <K extends string, T extends z.ZodMiniType>(key: K, item: T) => z.object({ [key]: item } as Record<K, T>);

/**
 * The operation registry: the 22 operations of the service, keyed by id.
 *
 * @example
 * ```ts
 * for (const op of Object.values(operations)) console.log(op.method, op.path);
 * ```
 */
export const operations = {
  'users.list': defineOperation({
    id: 'users.list',
    method: 'GET',
    path: '/api/v1/users',
    summary: 'List the users of the tenant.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: UsersListQuery,
    body: undefined,
    successStatus: [200],
    response: list('users', User),
    resultKey: 'users',
    pagination: 'cursor',
    gating: { permission: 'users', module: null, capability: null },
    events: [],
    assumed: ['response'],
    errors: {},
  }),
  'contacts.list': defineOperation({
    id: 'contacts.list',
    method: 'GET',
    path: '/api/v1/contacts',
    summary: 'List contacts, newest first.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: ContactsListQuery,
    body: undefined,
    successStatus: [200],
    response: list('contacts', Contact),
    resultKey: 'contacts',
    pagination: 'cursor',
    gating: { permission: 'contacts', module: 'contacts', capability: 'contacts.use' },
    events: [],
    assumed: ['response'],
    errors: {},
  }),
  'contacts.create': defineOperation({
    id: 'contacts.create',
    method: 'POST',
    path: '/api/v1/contacts',
    summary: 'Create a contact.',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: CreateContactBody,
    successStatus: [201],
    response: one('contact', Contact),
    resultKey: 'contact',
    pagination: 'none',
    gating: { permission: 'contacts', module: 'contacts', capability: 'contacts.use' },
    events: ['contact.changed'],
    assumed: ['body', 'response'],
    errors: {},
  }),
  'voice.click2dial': defineOperation({
    id: 'voice.click2dial',
    method: 'POST',
    path: '/api/v1/click2dial',
    summary: "Ring the acting user's extension, then bridge the destination when the user answers.",
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: Click2DialBody,
    successStatus: [200],
    response: Click2DialResult,
    resultKey: undefined,
    pagination: 'none',
    gating: { permission: 'click2dial', module: 'voice', capability: null },
    events: ['call.started'],
    assumed: ['body'],
    errors: {
      NO_EXTENSION: 'The acting user has no provisioned extension to ring.',
      NOT_FOUND: '`destination` is an extension that no user of the tenant has.',
      VALIDATION_ERROR: "`destination` is the acting user's own extension.",
    },
  }),
  'cdr.list': defineOperation({
    id: 'cdr.list',
    method: 'GET',
    path: '/api/v1/cdr',
    summary: 'List call detail records, newest first.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: CdrListQuery,
    body: undefined,
    successStatus: [200],
    response: list('records', CallDetailRecord),
    resultKey: 'records',
    pagination: 'offset',
    gating: { permission: 'cdr', module: 'cdr', capability: 'cdr.view' },
    events: [],
    assumed: ['response'],
    errors: {},
  }),
  'chat.conversations': defineOperation({
    id: 'chat.conversations',
    method: 'GET',
    path: '/api/v1/chat/conversations',
    summary: 'List the team chat rooms of the acting user, most recent activity first.',
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: ChatConversationsListQuery,
    body: undefined,
    successStatus: [200],
    response: list('conversations', ChatConversation),
    resultKey: 'conversations',
    pagination: 'offset',
    gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
    events: [],
    assumed: ['response'],
    errors: {},
  }),
  'chat.conversations.create': defineOperation({
    id: 'chat.conversations.create',
    method: 'POST',
    path: '/api/v1/chat/conversations',
    summary: 'Start a direct chat with a teammate, or return the existing one, and post the message.',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: CreateChatConversationBody,
    successStatus: [201, 200],
    response: one('conversation', DirectConversation),
    resultKey: 'conversation',
    pagination: 'none',
    gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
    events: [],
    assumed: ['body', 'successStatus', 'response'],
    errors: {
      NOT_FOUND: '`participantEmail` names no user of the tenant.',
      VALIDATION_ERROR: '`participantEmail` is the acting user.',
    },
  }),
  'chat.messages.list': defineOperation({
    id: 'chat.messages.list',
    method: 'GET',
    path: '/api/v1/chat/messages',
    summary: 'List the messages of a team chat conversation, newest first.',
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: ChatMessagesListQuery,
    body: undefined,
    successStatus: [200],
    response: list('messages', ChatMessage),
    resultKey: 'messages',
    pagination: 'cursor',
    gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
    events: [],
    assumed: ['operationId', 'gating', 'response', 'query.limit', 'query.cursor'],
    errors: {
      NOT_FOUND: '`conversationId` names no chat that the acting user is in.',
    },
  }),
  'chat.messages.send': defineOperation({
    id: 'chat.messages.send',
    method: 'POST',
    path: '/api/v1/chat/messages',
    summary: 'Post a message to a team chat conversation.',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: SendChatMessageBody,
    successStatus: [201],
    response: one('message', ChatMessage),
    resultKey: 'message',
    pagination: 'none',
    gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
    events: [],
    assumed: ['operationId', 'gating', 'body', 'successStatus', 'response'],
    errors: {
      NOT_FOUND: '`conversationId` names no chat that the acting user is in.',
    },
  }),
  'sms.conversations': defineOperation({
    id: 'sms.conversations',
    method: 'GET',
    path: '/api/v1/sms/conversations',
    summary: 'List the SMS conversations the acting user can access, most recent activity first.',
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: SmsConversationsListQuery,
    body: undefined,
    successStatus: [200],
    response: list('conversations', SmsConversation),
    resultKey: 'conversations',
    pagination: 'cursor',
    gating: { permission: 'sms', module: 'sms', capability: 'sms.use' },
    events: [],
    assumed: ['response'],
    errors: {},
  }),
  'sms.messages.list': defineOperation({
    id: 'sms.messages.list',
    method: 'GET',
    path: '/api/v1/sms/conversations/{id}/messages',
    summary: 'List the messages of an SMS conversation, newest first.',
    headers: ['T', 'U', 'R'],
    pathParams: idPath,
    query: SmsMessagesListQuery,
    body: undefined,
    successStatus: [200],
    response: list('messages', SmsMessage),
    resultKey: 'messages',
    pagination: 'cursor',
    gating: { permission: 'sms', module: 'sms', capability: 'sms.use' },
    events: [],
    assumed: ['response'],
    errors: {
      NOT_FOUND: 'The conversation does not exist under the tenant, or the acting user may not access it.',
    },
  }),
  'sms.send': defineOperation({
    id: 'sms.send',
    method: 'POST',
    path: '/api/v1/sms/conversations/{id}/messages',
    summary: 'Send an SMS in a conversation: simulated on sandbox tenants, through the carrier on live ones.',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: idPath,
    query: undefined,
    body: SendSmsBody,
    successStatus: [200],
    response: one('message', SmsMessage),
    resultKey: 'message',
    pagination: 'none',
    gating: { permission: 'sms', module: 'sms', capability: 'sms.use' },
    events: ['sms.sent', 'sms.failed'],
    assumed: ['body', 'response'],
    errors: {
      NOT_FOUND: 'The conversation does not exist under the tenant, or the acting user may not access it.',
    },
  }),
  'ai.agents.list': defineOperation({
    id: 'ai.agents.list',
    method: 'GET',
    path: '/api/v1/ai/agents',
    summary: 'List every AI agent of the tenant, by name.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: undefined,
    body: undefined,
    successStatus: [200],
    response: list('agents', AiAgent),
    resultKey: 'agents',
    pagination: 'none',
    gating: { permission: 'ai', module: 'aiAgents', capability: 'aiAgents.use' },
    events: [],
    assumed: ['response'],
    errors: {},
  }),
  'ai.agents.get': defineOperation({
    id: 'ai.agents.get',
    method: 'GET',
    path: '/api/v1/ai/agents/{id}',
    summary: 'Get one AI agent.',
    headers: ['T', 'R'],
    pathParams: idPath,
    query: undefined,
    body: undefined,
    successStatus: [200],
    response: one('agent', AiAgent),
    resultKey: 'agent',
    pagination: 'none',
    gating: { permission: 'ai', module: 'aiAgents', capability: 'aiAgents.use' },
    events: [],
    assumed: ['response'],
    errors: {
      NOT_FOUND: 'No agent of the tenant has this id.',
    },
  }),
  'ai.agents.chat': defineOperation({
    id: 'ai.agents.chat',
    method: 'POST',
    path: '/api/v1/ai/agents/{id}/test-chat',
    summary: "Try an AI agent: send a conversation, get the agent's reply.",
    headers: ['T', 'R', 'I'],
    pathParams: idPath,
    query: undefined,
    body: AiAgentChatBody,
    successStatus: [200],
    response: one('reply', AiAgentReply),
    resultKey: 'reply',
    pagination: 'none',
    gating: { permission: 'ai', module: 'aiAgents', capability: 'aiAgents.use' },
    events: [],
    assumed: ['body', 'response'],
    errors: {
      NOT_FOUND: 'No agent of the tenant has this id.',
    },
  }),
  'pricing.quote': defineOperation({
    id: 'pricing.quote',
    method: 'POST',
    path: '/api/v1/pricing/quote',
    summary: 'Price a subscription: seats and numbers (DIDs) of a plan, monthly or annual.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: undefined,
    body: PricingQuoteBody,
    successStatus: [200],
    response: one('quote', PricingQuote),
    resultKey: 'quote',
    pagination: 'none',
    gating: { permission: 'pricing', module: null, capability: null },
    events: [],
    assumed: ['operationId', 'gating', 'body', 'response'],
    errors: {
      NOT_FOUND: '`planId` names no known plan.',
    },
  }),
  'files.list': defineOperation({
    id: 'files.list',
    method: 'GET',
    path: '/api/v1/files',
    summary: 'List files, newest first.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: FilesListQuery,
    body: undefined,
    successStatus: [200],
    response: list('files', FileItem),
    resultKey: 'files',
    pagination: 'offset',
    gating: { permission: 'files', module: 'files', capability: 'files.view' },
    events: [],
    assumed: ['operationId', 'gating', 'response'],
    errors: {},
  }),
  'calendar.list': defineOperation({
    id: 'calendar.list',
    method: 'GET',
    path: '/api/v1/calendar',
    summary: "List the acting user's calendar events overlapping [startDate, endDate), by start time.",
    headers: ['T', 'U', 'R'],
    pathParams: undefined,
    query: CalendarListQuery,
    body: undefined,
    successStatus: [200],
    response: list('events', CalendarEvent),
    resultKey: 'events',
    pagination: 'cursor',
    gating: { permission: 'calendar', module: 'calendar', capability: 'calendar.use' },
    events: [],
    assumed: ['operationId', 'gating', 'response'],
    errors: {
      VALIDATION_ERROR: '`endDate` is not after `startDate`.',
    },
  }),
  'calendar.create': defineOperation({
    id: 'calendar.create',
    method: 'POST',
    path: '/api/v1/calendar',
    summary: 'Create a calendar event for the acting user.',
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: CreateCalendarEventBody,
    successStatus: [201],
    response: one('event', CalendarEvent),
    resultKey: 'event',
    pagination: 'none',
    gating: { permission: 'calendar', module: 'calendar', capability: 'calendar.use' },
    events: [],
    assumed: ['operationId', 'gating', 'body', 'successStatus', 'response'],
    errors: {
      VALIDATION_ERROR: '`endTime` is not after `startTime`.',
    },
  }),
  'presence.list': defineOperation({
    id: 'presence.list',
    method: 'GET',
    path: '/api/v1/presence',
    summary: 'The presence of every user of the tenant.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: undefined,
    body: undefined,
    successStatus: [200],
    response: list('presence', Presence),
    resultKey: 'presence',
    pagination: 'none',
    gating: { permission: 'presence', module: 'presence', capability: null },
    events: [],
    assumed: ['operationId', 'gating', 'response'],
    errors: {},
  }),
  'presence.update': defineOperation({
    id: 'presence.update',
    method: 'PUT',
    path: '/api/v1/presence',
    summary: "Set the acting user's presence.",
    headers: ['T', 'U', 'R', 'I'],
    pathParams: undefined,
    query: undefined,
    body: UpdatePresenceBody,
    successStatus: [200],
    response: one('presence', Presence),
    resultKey: 'presence',
    pagination: 'none',
    gating: { permission: 'presence', module: 'presence', capability: null },
    events: [],
    assumed: ['operationId', 'gating', 'body', 'response'],
    errors: {},
  }),
  'fax.list': defineOperation({
    id: 'fax.list',
    method: 'GET',
    path: '/api/v1/fax',
    summary: 'List faxes, newest first, optionally of one box.',
    headers: ['T', 'R'],
    pathParams: undefined,
    query: FaxListQuery,
    body: undefined,
    successStatus: [200],
    response: list('faxes', Fax),
    resultKey: 'faxes',
    pagination: 'offset',
    gating: { permission: 'fax', module: 'fax', capability: 'fax.view' },
    events: [],
    assumed: ['operationId', 'gating', 'response'],
    errors: {},
  }),
} as const;

/**
 * The registry, as its static type.
 *
 * @example
 * ```ts
 * type ContactsCreate = Operations['contacts.create'];
 * ```
 */
export type Operations = typeof operations;

/**
 * An operation id.
 *
 * @example
 * ```ts
 * const id: OperationId = 'sms.send';
 * ```
 */
export type OperationId = keyof Operations;

/**
 * Every operation, in registry order.
 *
 * @example
 * ```ts
 * OPERATION_LIST.filter((op) => op.method === 'GET').length;
 * ```
 */
export const OPERATION_LIST: readonly OperationDefinition[] = Object.values(operations);

/**
 * Whether `decisions.md`, not the service spec, supplied an element of an operation.
 *
 * @example
 * ```ts
 * isAssumed(operations['pricing.quote'], 'operationId'); // true
 * ```
 */
export function isAssumed(op: OperationDefinition, element: AssumedElement): boolean {
  return op.assumed.includes(element);
}

/**
 * Whether an operation acts on behalf of a user (its spec row lists `X-User-Email`).
 *
 * @example
 * ```ts
 * isUserScoped(operations['sms.send']); // true
 * ```
 */
export function isUserScoped(op: OperationDefinition): boolean {
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
export function takesIdempotencyKey(op: OperationDefinition): boolean {
  return op.headers.includes('I');
}

/**
 * The typed `data` of an operation's success response.
 *
 * @example
 * ```ts
 * type Data = OperationData<'contacts.create'>; // { contact: Contact }
 * ```
 */
export type OperationData<Id extends OperationId> = z.output<Operations[Id]['response']>;

/**
 * The typed query of an operation, as code sees it (numbers, not strings).
 *
 * @example
 * ```ts
 * const q: OperationQuery<'contacts.list'> = { search: 'ann', limit: 10 };
 * ```
 */
export type OperationQuery<Id extends OperationId> = z.output<Extract<Operations[Id]['query'], z.ZodMiniType>>;

/**
 * The typed body of an operation.
 *
 * @example
 * ```ts
 * const body: OperationBody<'sms.send'> = { body: 'hello' };
 * ```
 */
export type OperationBody<Id extends OperationId> = z.input<Extract<Operations[Id]['body'], z.ZodMiniType>>;

/**
 * The typed path parameters of an operation.
 *
 * @example
 * ```ts
 * const params: OperationPathParams<'ai.agents.get'> = { id };
 * ```
 */
export type OperationPathParams<Id extends OperationId> = z.output<
  Extract<Operations[Id]['pathParams'], z.ZodMiniType>
>;
