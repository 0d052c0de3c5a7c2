import * as z from 'zod/mini';
import { defineOperation, type OperationDefinition } from './operation-definition.js';
import { operationRequests } from './operation-requests.js';
import { AiAgent, AiAgentReply } from './schemas/ai.js';
import { CalendarEvent } from './schemas/calendar.js';
import { ChatConversation, ChatMessage, DirectConversation } from './schemas/chat.js';
import { Contact } from './schemas/contacts.js';
import { Fax } from './schemas/fax.js';
import { FileItem } from './schemas/files.js';
import { Presence } from './schemas/presence.js';
import { pure } from './schemas/pure.js';
import { PricingQuote } from './schemas/pricing.js';
import { SmsConversation, SmsMessage } from './schemas/sms.js';
import { User } from './schemas/users.js';
import { CallDetailRecord, Click2DialResult } from './schemas/voice.js';

/**
 * The operation registry: the 22 operations of the service, keyed by id.
 *
 * @example
 * ```ts
 * for (const op of Object.values(operations)) console.log(op.method, op.path);
 * ```
 */
// Pure, like the schemas (schemas/pure.ts): a bundler that keeps a module's calls (esbuild, when a
// dynamic import makes it wrap the module) drops the registry and the response schemas it holds
// from an app that only sends requests.
export const operations = /* @__PURE__ */ pure(
  () =>
    ({
      'users.list': defineOperation({
        ...operationRequests['users.list'],
        summary: 'List the users of the tenant.',
        successStatus: [200],
        response: z.object({ users: z.array(User) }),
        gating: { permission: 'users', module: null, capability: null },
        events: [],
        assumed: ['response'],
        errors: {},
      }),
      'contacts.list': defineOperation({
        ...operationRequests['contacts.list'],
        summary: 'List contacts, newest first.',
        successStatus: [200],
        response: z.object({ contacts: z.array(Contact) }),
        gating: { permission: 'contacts', module: 'contacts', capability: 'contacts.use' },
        events: [],
        assumed: ['response'],
        errors: {},
      }),
      'contacts.create': defineOperation({
        ...operationRequests['contacts.create'],
        summary: 'Create a contact.',
        successStatus: [201],
        response: z.object({ contact: Contact }),
        gating: { permission: 'contacts', module: 'contacts', capability: 'contacts.use' },
        events: ['contact.changed'],
        assumed: ['body', 'response'],
        errors: {},
      }),
      'voice.click2dial': defineOperation({
        ...operationRequests['voice.click2dial'],
        summary: "Ring the acting user's extension, then bridge the destination when the user answers.",
        successStatus: [200],
        response: Click2DialResult,
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
        ...operationRequests['cdr.list'],
        summary: 'List call detail records, newest first.',
        successStatus: [200],
        response: z.object({ records: z.array(CallDetailRecord) }),
        gating: { permission: 'cdr', module: 'cdr', capability: 'cdr.view' },
        events: [],
        assumed: ['response'],
        errors: {},
      }),
      'chat.conversations': defineOperation({
        ...operationRequests['chat.conversations'],
        summary: 'List the team chat rooms of the acting user, most recent activity first.',
        successStatus: [200],
        response: z.object({ conversations: z.array(ChatConversation) }),
        gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
        events: [],
        assumed: ['response'],
        errors: {},
      }),
      'chat.conversations.create': defineOperation({
        ...operationRequests['chat.conversations.create'],
        summary: 'Start a direct chat with a teammate, or return the existing one, and post the message.',
        successStatus: [201, 200],
        response: z.object({ conversation: DirectConversation }),
        gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
        events: [],
        assumed: ['body', 'successStatus', 'response'],
        errors: {
          NOT_FOUND: '`participantEmail` names no user of the tenant.',
          VALIDATION_ERROR: '`participantEmail` is the acting user.',
        },
      }),
      'chat.messages.list': defineOperation({
        ...operationRequests['chat.messages.list'],
        summary: 'List the messages of a team chat conversation, newest first.',
        successStatus: [200],
        response: z.object({ messages: z.array(ChatMessage) }),
        gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
        events: [],
        assumed: ['operationId', 'gating', 'response', 'query.limit', 'query.cursor'],
        errors: {
          NOT_FOUND: '`conversationId` names no chat that the acting user is in.',
        },
      }),
      'chat.messages.send': defineOperation({
        ...operationRequests['chat.messages.send'],
        summary: 'Post a message to a team chat conversation.',
        successStatus: [201],
        response: z.object({ message: ChatMessage }),
        gating: { permission: 'chat', module: 'chat', capability: 'chat.use' },
        events: [],
        assumed: ['operationId', 'gating', 'body', 'successStatus', 'response'],
        errors: {
          NOT_FOUND: '`conversationId` names no chat that the acting user is in.',
        },
      }),
      'sms.conversations': defineOperation({
        ...operationRequests['sms.conversations'],
        summary: 'List the SMS conversations the acting user can access, most recent activity first.',
        successStatus: [200],
        response: z.object({ conversations: z.array(SmsConversation) }),
        gating: { permission: 'sms', module: 'sms', capability: 'sms.use' },
        events: [],
        assumed: ['response'],
        errors: {},
      }),
      'sms.messages.list': defineOperation({
        ...operationRequests['sms.messages.list'],
        summary: 'List the messages of an SMS conversation, newest first.',
        successStatus: [200],
        response: z.object({ messages: z.array(SmsMessage) }),
        gating: { permission: 'sms', module: 'sms', capability: 'sms.use' },
        events: [],
        assumed: ['response'],
        errors: {
          NOT_FOUND: 'The conversation does not exist under the tenant, or the acting user may not access it.',
        },
      }),
      'sms.send': defineOperation({
        ...operationRequests['sms.send'],
        summary: 'Send an SMS in a conversation: simulated on sandbox tenants, through the carrier on live ones.',
        successStatus: [200],
        response: z.object({ message: SmsMessage }),
        gating: { permission: 'sms', module: 'sms', capability: 'sms.use' },
        events: ['sms.sent', 'sms.failed'],
        assumed: ['body', 'response'],
        errors: {
          NOT_FOUND: 'The conversation does not exist under the tenant, or the acting user may not access it.',
        },
      }),
      'ai.agents.list': defineOperation({
        ...operationRequests['ai.agents.list'],
        summary: 'List every AI agent of the tenant, by name.',
        successStatus: [200],
        response: z.object({ agents: z.array(AiAgent) }),
        gating: { permission: 'ai', module: 'aiAgents', capability: 'aiAgents.use' },
        events: [],
        assumed: ['response'],
        errors: {},
      }),
      'ai.agents.get': defineOperation({
        ...operationRequests['ai.agents.get'],
        summary: 'Get one AI agent.',
        successStatus: [200],
        response: z.object({ agent: AiAgent }),
        gating: { permission: 'ai', module: 'aiAgents', capability: 'aiAgents.use' },
        events: [],
        assumed: ['response'],
        errors: {
          NOT_FOUND: 'No agent of the tenant has this id.',
        },
      }),
      'ai.agents.chat': defineOperation({
        ...operationRequests['ai.agents.chat'],
        summary: "Try an AI agent: send a conversation, get the agent's reply.",
        successStatus: [200],
        response: z.object({ reply: AiAgentReply }),
        gating: { permission: 'ai', module: 'aiAgents', capability: 'aiAgents.use' },
        events: [],
        assumed: ['body', 'response'],
        errors: {
          NOT_FOUND: 'No agent of the tenant has this id.',
        },
      }),
      'pricing.quote': defineOperation({
        ...operationRequests['pricing.quote'],
        summary: 'Price a subscription: seats and numbers (DIDs) of a plan, monthly or annual.',
        successStatus: [200],
        response: z.object({ quote: PricingQuote }),
        gating: { permission: 'pricing', module: null, capability: null },
        events: [],
        assumed: ['operationId', 'gating', 'body', 'response'],
        errors: {
          NOT_FOUND: '`planId` names no known plan.',
        },
      }),
      'files.list': defineOperation({
        ...operationRequests['files.list'],
        summary: 'List files, newest first.',
        successStatus: [200],
        response: z.object({ files: z.array(FileItem) }),
        gating: { permission: 'files', module: 'files', capability: 'files.view' },
        events: [],
        assumed: ['operationId', 'gating', 'response'],
        errors: {},
      }),
      'calendar.list': defineOperation({
        ...operationRequests['calendar.list'],
        summary: "List the acting user's calendar events overlapping [startDate, endDate), by start time.",
        successStatus: [200],
        response: z.object({ events: z.array(CalendarEvent) }),
        gating: { permission: 'calendar', module: 'calendar', capability: 'calendar.use' },
        events: [],
        assumed: ['operationId', 'gating', 'response'],
        errors: {
          VALIDATION_ERROR: '`endDate` is not after `startDate`.',
        },
      }),
      'calendar.create': defineOperation({
        ...operationRequests['calendar.create'],
        summary: 'Create a calendar event for the acting user.',
        successStatus: [201],
        response: z.object({ event: CalendarEvent }),
        gating: { permission: 'calendar', module: 'calendar', capability: 'calendar.use' },
        events: [],
        assumed: ['operationId', 'gating', 'body', 'successStatus', 'response'],
        errors: {
          VALIDATION_ERROR: '`endTime` is not after `startTime`.',
        },
      }),
      'presence.list': defineOperation({
        ...operationRequests['presence.list'],
        summary: 'The presence of every user of the tenant.',
        successStatus: [200],
        response: z.object({ presence: z.array(Presence) }),
        gating: { permission: 'presence', module: 'presence', capability: null },
        events: [],
        assumed: ['operationId', 'gating', 'response'],
        errors: {},
      }),
      'presence.update': defineOperation({
        ...operationRequests['presence.update'],
        summary: "Set the acting user's presence.",
        successStatus: [200],
        response: z.object({ presence: Presence }),
        gating: { permission: 'presence', module: 'presence', capability: null },
        events: [],
        assumed: ['operationId', 'gating', 'body', 'response'],
        errors: {},
      }),
      'fax.list': defineOperation({
        ...operationRequests['fax.list'],
        summary: 'List faxes, newest first, optionally of one box.',
        successStatus: [200],
        response: z.object({ faxes: z.array(Fax) }),
        gating: { permission: 'fax', module: 'fax', capability: 'fax.view' },
        events: [],
        assumed: ['operationId', 'gating', 'response'],
        errors: {},
      }),
    }) as const,
);

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
export const OPERATION_LIST: readonly OperationDefinition[] = /* @__PURE__ */ pure(() => Object.values(operations));

export {
  defineOperation,
  isAssumed,
  type AssumedElement,
  type Gating,
  type OperationDefinition,
  type OperationSpecificErrors,
} from './operation-definition.js';

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
