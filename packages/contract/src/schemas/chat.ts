import * as z from 'zod/mini';
import { pure } from './pure.js';
import { cursorOnlyPageQuery, offsetPageQuery } from './pagination.js';
import { Email, Id, IdInput, Timestamp } from './primitives.js';

const MessageContent = /* @__PURE__ */ pure(() => z.string().check(z.minLength(1), z.maxLength(4000)));

// Shared by the list item and the create answer. zod/mini's `extend` would carry the base's
// component id along, so both schemas are built from this shape instead.
const chatConversationShape = {
  id: Id,
  participants: z.array(Email).check(z.meta({ description: 'Emails of the members, sorted.' })),
  lastMessageAt: z.nullable(Timestamp),
  createdAt: Timestamp,
};

/**
 * A team chat conversation the acting user is in.
 *
 * @example
 * ```ts
 * const room: ChatConversation = { id, participants: ['ann.lee@acme.test', 'bob.stone@acme.test'], lastMessageAt, createdAt };
 * ```
 */
export const ChatConversation = /* @__PURE__ */ pure(() =>
  z.object(chatConversationShape).check(z.meta({ id: 'ChatConversation' })),
);
/**
 * The shape of {@link ChatConversation}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: ChatConversation = ChatConversation.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `ChatConversation` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface ChatConversation extends z.infer<typeof ChatConversation> {}

/**
 * The direct conversation returned by `chat.conversations.create`, new or existing.
 *
 * @example
 * ```ts
 * if (room.isNew) console.log('started a new thread');
 * ```
 */
export const DirectConversation = /* @__PURE__ */ pure(() =>
  z
    .object({
      ...chatConversationShape,
      isNew: z.boolean().check(
        z.meta({
          description: 'true when this call created the conversation (status 201), false when it existed (status 200).',
        }),
      ),
    })
    .check(z.meta({ id: 'DirectConversation' })),
);
/**
 * The shape of {@link DirectConversation}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: DirectConversation = DirectConversation.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `DirectConversation` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface DirectConversation extends z.infer<typeof DirectConversation> {}

/**
 * A team chat message.
 *
 * @example
 * ```ts
 * const message: ChatMessage = { id, conversationId, senderEmail: 'ann.lee@acme.test', content: 'hi', createdAt };
 * ```
 */
export const ChatMessage = /* @__PURE__ */ pure(() =>
  z
    .object({ id: Id, conversationId: Id, senderEmail: Email, content: z.string(), createdAt: Timestamp })
    .check(z.meta({ id: 'ChatMessage' })),
);
/**
 * The shape of {@link ChatMessage}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: ChatMessage = ChatMessage.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `ChatMessage` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface ChatMessage extends z.infer<typeof ChatMessage> {}

/**
 * Query of `chat.conversations`.
 *
 * @example
 * ```ts
 * z.decode(ChatConversationsListQuery, { limit: '10' });
 * ```
 */
export const ChatConversationsListQuery = /* @__PURE__ */ pure(() => z.strictObject({ ...offsetPageQuery }));

/**
 * Body of `chat.conversations.create`: the teammate, and the first (or next) message.
 *
 * @example
 * ```ts
 * CreateChatConversationBody.parse({ participantEmail: 'bob.stone@acme.test', message: 'hi' });
 * ```
 */
export const CreateChatConversationBody = /* @__PURE__ */ pure(() =>
  z
    .strictObject({ participantEmail: Email, message: MessageContent })
    .check(z.meta({ id: 'CreateChatConversationBody' })),
);
/**
 * The input shape of {@link CreateChatConversationBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: CreateChatConversationBody = CreateChatConversationBody.parse(json);
 * ```
 */
export type CreateChatConversationBody = z.input<typeof CreateChatConversationBody>;

/**
 * Query of `chat.messages.list`: the conversation, and an optional page (newest first).
 *
 * @example
 * ```ts
 * z.decode(ChatMessagesListQuery, { conversationId });
 * ```
 */
export const ChatMessagesListQuery = /* @__PURE__ */ pure(() =>
  z.strictObject({ conversationId: IdInput, ...cursorOnlyPageQuery }),
);

/**
 * Body of `chat.messages.send`.
 *
 * @example
 * ```ts
 * SendChatMessageBody.parse({ conversationId, content: 'on my way' });
 * ```
 */
export const SendChatMessageBody = /* @__PURE__ */ pure(() =>
  z.strictObject({ conversationId: IdInput, content: MessageContent }).check(z.meta({ id: 'SendChatMessageBody' })),
);
/**
 * The input shape of {@link SendChatMessageBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: SendChatMessageBody = SendChatMessageBody.parse(json);
 * ```
 */
export type SendChatMessageBody = z.input<typeof SendChatMessageBody>;
