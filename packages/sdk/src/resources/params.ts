/**
 * Named parameter types, one per operation that takes any, derived from the contract's registry
 * (`z.input` of its body schemas, the code-side shape of its query schemas). Interfaces, not type
 * aliases, so that editor hovers, type errors and the docs pages show the name (`ContactCreateParams`)
 * rather than its expansion; no shape is written twice. The result types (`Contact`, `Click2DialResult`, …)
 * are the contract's own, re-exported by the package entry.
 */
import type { OperationBody } from '@commflow/contract';
import type { ListParams } from '../core/types.js';

/**
 * What every parameter type below extends, besides its shape. An interface with a single base and
 * no members of its own is reported by TypeScript as that base, expanded; a second base keeps the
 * name (`'firstname' does not exist in type 'ContactCreateParams'`). It has no members.
 *
 * @example
 * ```ts
 * const params: OperationParams = {};
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a base with no members, for the names (see above)
export interface OperationParams {}

/**
 * The query of `client.users.list()`: a search term and paging (`users.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: UserListParams = { search: 'ann', limit: 50 };
 * ```
 */
export interface UserListParams extends OperationParams, ListParams<'users.list'> {}

/**
 * The query of `client.contacts.list()`: `search` (full name or phone digits) and paging (`contacts.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: ContactListParams = { search: 'lee', limit: 100 };
 * ```
 */
export interface ContactListParams extends OperationParams, ListParams<'contacts.list'> {}

/**
 * The body of `client.contacts.create()` (`contacts.create`).
 *
 * @example
 * ```ts
 * const params: ContactCreateParams = { firstName: 'Ann', lastName: 'Lee', phoneMobile: '+14155550100' };
 * ```
 */
export interface ContactCreateParams extends OperationParams, OperationBody<'contacts.create'> {}

/**
 * The body of `client.voice.click2dial()`: the number or extension to bridge (`voice.click2dial`).
 *
 * @example
 * ```ts
 * const params: Click2DialParams = { destination: '+14155550100' };
 * ```
 */
export interface Click2DialParams extends OperationParams, OperationBody<'voice.click2dial'> {}

/**
 * The query of `client.cdr.list()`: filters and offset paging (`cdr.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: CdrListParams = { limit: 100, offset: 0 };
 * ```
 */
export interface CdrListParams extends OperationParams, ListParams<'cdr.list'> {}

/**
 * The query of `client.chat.conversations.list()` (`chat.conversations`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: ChatConversationListParams = { limit: 20 };
 * ```
 */
export interface ChatConversationListParams extends OperationParams, ListParams<'chat.conversations'> {}

/**
 * The body of `client.chat.conversations.create()`: the teammate and the first message (`chat.conversations.create`).
 *
 * @example
 * ```ts
 * const params: ChatConversationCreateParams = { participantEmail: 'bob.stone@acme.test', message: 'Hi Bob' };
 * ```
 */
export interface ChatConversationCreateParams extends OperationParams, OperationBody<'chat.conversations.create'> {}

/**
 * The query of `client.chat.messages.list()`: the conversation and paging (`chat.messages.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: ChatMessageListParams = { conversationId, limit: 50 };
 * ```
 */
export interface ChatMessageListParams extends OperationParams, ListParams<'chat.messages.list'> {}

/**
 * The body of `client.chat.messages.send()` (`chat.messages.send`).
 *
 * @example
 * ```ts
 * const params: ChatMessageSendParams = { conversationId, content: 'On my way' };
 * ```
 */
export interface ChatMessageSendParams extends OperationParams, OperationBody<'chat.messages.send'> {}

/**
 * The query of `client.sms.conversations.list()` (`sms.conversations`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: SmsConversationListParams = { limit: 20 };
 * ```
 */
export interface SmsConversationListParams extends OperationParams, ListParams<'sms.conversations'> {}

/**
 * The query of `client.sms.messages.list(conversationId)` (`sms.messages.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: SmsMessageListParams = { limit: 50 };
 * ```
 */
export interface SmsMessageListParams extends OperationParams, ListParams<'sms.messages.list'> {}

/**
 * The body of `client.sms.send(conversationId)` (`sms.send`).
 *
 * @example
 * ```ts
 * const params: SmsSendParams = { body: 'Your order has shipped' };
 * ```
 */
export interface SmsSendParams extends OperationParams, OperationBody<'sms.send'> {}

/**
 * The body of `client.ai.agents.chat(agentId)`: the conversation so far (`ai.agents.chat`).
 *
 * @example
 * ```ts
 * const params: AiAgentChatParams = { messages: [{ role: 'user', content: 'What are your opening hours?' }] };
 * ```
 */
export interface AiAgentChatParams extends OperationParams, OperationBody<'ai.agents.chat'> {}

/**
 * The body of `client.pricing.quote()`: a plan, seats, numbers and a billing term (`pricing.quote`).
 *
 * @example
 * ```ts
 * const params: PricingQuoteParams = { planId, seatCount: 10, didCount: 2, billingTerm: 'ANNUAL' };
 * ```
 */
export interface PricingQuoteParams extends OperationParams, OperationBody<'pricing.quote'> {}

/**
 * The query of `client.files.list()` (`files.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: FileListParams = { limit: 100 };
 * ```
 */
export interface FileListParams extends OperationParams, ListParams<'files.list'> {}

/**
 * The query of `client.calendar.list()`: a date range and paging (`calendar.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: CalendarListParams = { startDate: '2026-11-01', endDate: '2026-12-01' };
 * ```
 */
export interface CalendarListParams extends OperationParams, ListParams<'calendar.list'> {}

/**
 * The body of `client.calendar.create()` (`calendar.create`).
 *
 * @example
 * ```ts
 * const params: CalendarEventCreateParams = { title: 'Standup', startTime: '2026-11-23T09:00:00Z', endTime: '2026-11-23T09:15:00Z' };
 * ```
 */
export interface CalendarEventCreateParams extends OperationParams, OperationBody<'calendar.create'> {}

/**
 * The body of `client.presence.update()`: the acting user's status and message (`presence.update`).
 *
 * @example
 * ```ts
 * const params: PresenceUpdateParams = { status: 'busy', message: 'In a meeting' };
 * ```
 */
export interface PresenceUpdateParams extends OperationParams, OperationBody<'presence.update'> {}

/**
 * The query of `client.fax.list()` (`fax.list`). Numbers are numbers here; the SDK encodes the query string.
 *
 * @example
 * ```ts
 * const params: FaxListParams = { limit: 50 };
 * ```
 */
export interface FaxListParams extends OperationParams, ListParams<'fax.list'> {}
