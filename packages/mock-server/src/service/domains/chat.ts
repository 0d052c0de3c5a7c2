import { invalid, notFound } from '../api-error.js';
import { newId } from '../../lib/ids.js';
import type { ChatConversationRecord, ChatMessageRecord, UserRecord } from '../../state/records.js';
import { takePage } from '../query/paginate.js';
import { chatMessageIndex, pairKey, type TenantState } from '../../state/tenant-state.js';
import type { World } from '../../runtime/world.js';
import { actingUser, sameEmail } from './acting-user.js';
import { toChatConversation, toChatMessage } from './format.js';
import type { Handler } from './types.js';

const isMember = (conversation: ChatConversationRecord, user: UserRecord) =>
  conversation.participants.some((email) => sameEmail(email, user.email));

/** A chat the acting user is in; any other id, foreign or missing, is the same 404. */
function memberChat(tenant: TenantState, user: UserRecord, id: string): ChatConversationRecord {
  const conversation = tenant.chats.get(id.toLowerCase());
  if (conversation === undefined || !isMember(conversation, user)) throw notFound('Conversation');
  return conversation;
}

function post(
  world: World,
  tenant: TenantState,
  conversation: ChatConversationRecord,
  sender: UserRecord,
  content: string,
) {
  const message: ChatMessageRecord = {
    id: newId(),
    conversationId: conversation.id,
    senderEmail: sender.email,
    content,
    createdAt: world.clock.stamp(),
  };
  tenant.addChatMessage(conversation, message);
  return message;
}

/** `chat.conversations`: the acting user's rooms, most recent activity first. */
const conversations: Handler<'chat.conversations'> = (input) => {
  const user = actingUser(input);
  const page = takePage(input.tenant.chatIndex, {
    query: input.query,
    tenantId: input.tenant.id,
    filter: (conversation) => isMember(conversation, user),
  });
  return { data: { conversations: page.items.map(toChatConversation) }, pagination: page.pagination };
};

/** `chat.conversations.create`: one direct chat per pair; 201 when new, 200 when it existed; the message is posted either way. */
const create: Handler<'chat.conversations.create'> = (input) => {
  const { world, tenant, body } = input;
  const user = actingUser(input);
  const peer = tenant.userByEmail(body.participantEmail);
  if (peer === undefined) throw notFound('Participant');
  if (peer.id === user.id) throw invalid(['body', 'participantEmail'], 'Cannot start a direct chat with yourself');
  const key = pairKey(user.email.toLowerCase(), peer.email.toLowerCase());
  let conversation = tenant.chatsByPair.get(key);
  const isNew = conversation === undefined;
  if (conversation === undefined) {
    conversation = {
      id: newId(),
      participants: [user.email, peer.email].sort(),
      createdAt: world.clock.stamp(),
      lastMessageAt: null,
      messages: chatMessageIndex(),
    };
    tenant.addChat(conversation);
  }
  post(world, tenant, conversation, user, body.message);
  return { status: isNew ? 201 : 200, data: { conversation: { ...toChatConversation(conversation), isNew } } };
};

/** `chat.messages.list`: newest first, 50 by default, only for members. */
const messages: Handler<'chat.messages.list'> = (input) => {
  const user = actingUser(input);
  const conversation = memberChat(input.tenant, user, input.query.conversationId);
  const page = takePage(conversation.messages, {
    query: input.query,
    tenantId: input.tenant.id,
    // Stryker disable next-line StringLiteral: the op only has to differ from every other list's, and "" does too
    cursorScope: { op: 'chat.messages.list', user: user.id, conversationId: conversation.id },
  });
  return { data: { messages: page.items.map(toChatMessage) }, pagination: page.pagination };
};

/** `chat.messages.send`: 201, only for members. */
const send: Handler<'chat.messages.send'> = (input) => {
  const user = actingUser(input);
  const conversation = memberChat(input.tenant, user, input.body.conversationId);
  const message = post(input.world, input.tenant, conversation, user, input.body.content);
  return { status: 201, data: { message: toChatMessage(message) } };
};

/** The team chat domain. */
export const chatHandlers = {
  'chat.conversations': conversations,
  'chat.conversations.create': create,
  'chat.messages.list': messages,
  'chat.messages.send': send,
};
