import type { ChatConversation, ChatMessage, DirectConversation } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type {
  ChatConversationCreateParams,
  ChatConversationListParams,
  ChatMessageListParams,
  ChatMessageSendParams,
} from './params.js';

/**
 * `client.chat.conversations`: the acting user's team chat rooms.
 *
 * @example
 * ```ts
 * const room = await client.chat.conversations.create({ participantEmail: 'bob.stone@acme.test', message: 'Hi Bob' });
 * ```
 */
export class ChatConversations extends APIResource {
  /**
   * Lists the acting user's chat rooms, most recent activity first (`chat.conversations`).
   *
   * @operation chat.conversations
   *
   * @example
   * ```ts
   * for await (const room of client.withUser('ann.lee@acme.test').chat.conversations.list()) console.log(room.participants);
   * ```
   */
  list(params: ChatConversationListParams = {}, options?: RequestOptions): PagePromise<ChatConversation> {
    return this._client.paginate('chat.conversations', { query: params }, options);
  }

  /**
   * Starts a direct chat with a teammate, or returns the existing one (`isNew` tells which), and
   * posts the message (`chat.conversations.create`).
   *
   * @operation chat.conversations.create
   *
   * @example
   * ```ts
   * const { id, isNew } = await client.chat.conversations.create({ participantEmail: 'bob.stone@acme.test', message: 'Lunch?' });
   * ```
   */
  create(body: ChatConversationCreateParams, options?: RequestOptions): APIPromise<DirectConversation> {
    return this._client.request('chat.conversations.create', { body }, options);
  }
}

/**
 * `client.chat.messages`: the messages of a team chat room.
 *
 * @example
 * ```ts
 * await client.chat.messages.send({ conversationId, content: 'On my way' });
 * ```
 */
export class ChatMessages extends APIResource {
  /**
   * Lists a room's messages, newest first (`chat.messages.list`, cursor-paged).
   *
   * @operation chat.messages.list
   *
   * @example
   * ```ts
   * for await (const message of client.chat.messages.list({ conversationId })) console.log(message.content);
   * ```
   */
  list(params: ChatMessageListParams, options?: RequestOptions): PagePromise<ChatMessage> {
    return this._client.paginate('chat.messages.list', { query: params }, options);
  }

  /**
   * Posts a message to a room the acting user is in (`chat.messages.send`).
   *
   * @operation chat.messages.send
   *
   * @example
   * ```ts
   * const message = await client.chat.messages.send({ conversationId, content: 'Done' });
   * ```
   */
  send(body: ChatMessageSendParams, options?: RequestOptions): APIPromise<ChatMessage> {
    return this._client.request('chat.messages.send', { body }, options);
  }
}

/**
 * `client.chat`: internal team chat.
 *
 * @example
 * ```ts
 * const rooms = await client.chat.conversations.list().toArray();
 * ```
 */
export class Chat extends APIResource {
  /** Team chat rooms. */
  readonly conversations: ChatConversations = new ChatConversations(this._client);
  /** Messages of a room. */
  readonly messages: ChatMessages = new ChatMessages(this._client);
}
