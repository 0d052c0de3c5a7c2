import type { SmsConversation, SmsMessage } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { SmsConversationListParams, SmsMessageListParams, SmsSendParams } from './params.js';

/**
 * `client.sms.conversations`: the SMS conversations the acting user can access.
 *
 * @example
 * ```ts
 * const conversations = await client.sms.conversations.list({ search: '0199' }).toArray();
 * ```
 */
export class SmsConversations extends APIResource {
  /**
   * Lists the conversations the acting user is assigned to or whose number they own or share,
   * most recent activity first (`sms.conversations`).
   *
   * @operation sms.conversations
   *
   * @example
   * ```ts
   * for await (const c of client.sms.conversations.list()) console.log(c.peerNumber);
   * ```
   */
  list(params: SmsConversationListParams = {}, options?: RequestOptions): PagePromise<SmsConversation> {
    return this._client.paginate('sms.conversations', { query: params }, options);
  }
}

/**
 * `client.sms.messages`: the messages of an SMS conversation.
 *
 * @example
 * ```ts
 * const latest = await client.sms.messages.list(conversationId, { limit: 20 });
 * ```
 */
export class SmsMessages extends APIResource {
  /**
   * Lists a conversation's messages, newest first (`sms.messages.list`).
   *
   * @operation sms.messages.list
   *
   * @example
   * ```ts
   * for await (const message of client.sms.messages.list(conversationId)) console.log(message.direction, message.body);
   * ```
   */
  list(conversationId: string, params: SmsMessageListParams = {}, options?: RequestOptions): PagePromise<SmsMessage> {
    return this._client.paginate('sms.messages.list', { path: { id: conversationId }, query: params }, options);
  }
}

/**
 * `client.sms`: SMS conversations, their messages, and sending.
 *
 * @example
 * ```ts
 * const message = await client.sms.send(conversationId, { body: 'Your table is ready' });
 * ```
 */
export class Sms extends APIResource {
  /** SMS conversations. */
  readonly conversations: SmsConversations = new SmsConversations(this._client);
  /** Messages of a conversation. */
  readonly messages: SmsMessages = new SmsMessages(this._client);

  /**
   * Sends an SMS in a conversation (`sms.send`): simulated on sandbox tenants, through the
   * carrier on live ones. A carrier rejection is still a success, with `status: 'FAILED'`.
   *
   * @operation sms.send
   *
   * @example
   * ```ts
   * const message = await client.sms.send(conversationId, { body: 'See you at 8' });
   * if (message.status === 'FAILED') console.warn(message.failureReason);
   * ```
   */
  send(conversationId: string, body: SmsSendParams, options?: RequestOptions): APIPromise<SmsMessage> {
    return this._client.request('sms.send', { path: { id: conversationId }, body }, options);
  }
}
