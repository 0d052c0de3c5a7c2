/**
 * The CommFlow SDK: a typed client for every operation of the CommFlow API, with pagination,
 * idempotency keys, retries, typed errors and webhook verification.
 *
 * @example
 * ```ts
 * import { CommFlow, APIError } from '@commflow/sdk';
 *
 * const client = new CommFlow(); // COMMFLOW_API_KEY, COMMFLOW_TENANT_ID, COMMFLOW_BASE_URL
 * try {
 *   const call = await client.withUser('ann.lee@acme.test').voice.click2dial({ destination: '+14155550100' });
 *   console.log(call.callId);
 * } catch (err) {
 *   if (err instanceof APIError && err.code === 'NO_EXTENSION') console.log('No extension provisioned');
 *   else throw err;
 * }
 * ```
 *
 * @module
 */
export { CommFlow, CommFlow as default, type ClientOptions, type Fetch } from './client.js';
export { APIPromise, type RateLimitInfo, type WithResponse } from './core/api-promise.js';
export {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  CommFlowError,
  ConflictError,
  HookError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnexpectedResponseError,
  ValidationError,
  type APIErrorInit,
} from './core/errors.js';
export type {
  AfterResponseContext,
  ErrorContext,
  HookContext,
  HookName,
  HookResult,
  Hooks,
  HooksOption,
  RetryContext,
  WaitContext,
  WaitReason,
} from './core/hooks.js';
export { Page, PagePromise, type ToArrayOptions } from './core/pagination.js';
export type { RequestOptions } from './core/option-checks.js';
export { APIResource, type ResourceClient } from './core/resource.js';
export type {
  ListItem,
  ListParams,
  OperationArgs,
  OperationInput,
  OperationResult,
  PagedOperationId,
} from './core/types.js';
export type { Logger, LogLevel } from './internal/logger.js';
export type { ResponseValidator } from './core/state.js';
export type {
  AiAgentChatParams,
  CalendarEventCreateParams,
  CalendarListParams,
  CdrListParams,
  ChatConversationCreateParams,
  ChatConversationListParams,
  ChatMessageListParams,
  ChatMessageSendParams,
  Click2DialParams,
  ContactCreateParams,
  ContactListParams,
  FaxListParams,
  FileListParams,
  OperationParams,
  PresenceUpdateParams,
  PricingQuoteParams,
  SmsConversationListParams,
  SmsMessageListParams,
  SmsSendParams,
  UserListParams,
} from './resources/params.js';
export { Ai, AiAgents } from './resources/ai.js';
export { Calendar } from './resources/calendar.js';
export { Cdr } from './resources/cdr.js';
export { Chat, ChatConversations, ChatMessages } from './resources/chat.js';
export { Contacts } from './resources/contacts.js';
export { FaxResource } from './resources/fax.js';
export { Files } from './resources/files.js';
export { PresenceResource } from './resources/presence.js';
export { Pricing } from './resources/pricing.js';
export { Sms, SmsConversations, SmsMessages } from './resources/sms.js';
export { Users } from './resources/users.js';
export { Voice } from './resources/voice.js';
export { Webhooks } from './resources/webhooks.js';
export {
  isKnownEvent,
  signWebhook,
  verifyWebhook,
  WEBHOOK_HEADERS,
  WebhookVerificationError,
  type SignWebhookOptions,
  type UnknownWebhookEvent,
  type VerifiedWebhookEvent,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookSignatureHeaders,
} from './internal/webhook-signing.js';
export type {
  AiAgent,
  AiAgentReply,
  CalendarEvent,
  CallDetailRecord,
  ChatConversation,
  ChatMessage,
  Click2DialResult,
  Contact,
  DirectConversation,
  ErrorCode,
  EventType,
  Fax,
  FileItem,
  Pagination,
  Presence,
  PricingQuote,
  SmsConversation,
  SmsMessage,
  User,
  ValidationIssue,
} from '@commflow/contract';
