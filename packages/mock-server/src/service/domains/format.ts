import type {
  AiAgent,
  CalendarEvent,
  CallDetailRecord,
  ChatConversation,
  ChatMessage,
  Contact,
  Fax,
  FileItem,
  Presence,
  SmsConversation,
  SmsMessage,
  User,
} from '@commflow/contract';
import type {
  AiAgentRecord,
  CalendarEventRecord,
  CdrRecord,
  ChatConversationRecord,
  ChatMessageRecord,
  ContactRecord,
  FaxRecord,
  FileRecord,
  SmsConversationRecord,
  SmsMessageRecord,
  UserRecord,
} from '../../state/records.js';

// Records to wire shapes: times become ISO strings, internal fields stay inside.

/**
 * Record times as ISO strings, remembered: a list formats the same stored times on every page
 * it serves, and `toISOString` (a call into the runtime) was the largest self time of a list
 * request in the CPU profile. Bounded: past the capacity it starts again empty.
 */
const ISO_CAPACITY = 65_536;
let isoMemo = new Map<number, string>();

/** ISO 8601 UTC with milliseconds. */
export const iso = (ms: number): string => {
  let text = isoMemo.get(ms);
  // Stryker disable next-line ConditionalExpression: a memo that only saves time; formatting again gives the same text
  if (text === undefined) {
    text = new Date(ms).toISOString();
    // Stryker disable next-line ConditionalExpression,EqualityOperator: when the memo starts again only changes memory and time, never a text
    if (isoMemo.size >= ISO_CAPACITY) isoMemo = new Map();
    isoMemo.set(ms, text);
  }
  return text;
};
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export const toUser = (user: UserRecord): User => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  extension: user.extension,
  createdAt: iso(user.createdAt),
});

export const toContact = (contact: ContactRecord): Contact => ({
  id: contact.id,
  firstName: contact.firstName,
  lastName: contact.lastName,
  phoneMobile: contact.phoneMobile,
  createdAt: iso(contact.createdAt),
  updatedAt: iso(contact.updatedAt),
});

export const toCdr = (record: CdrRecord): CallDetailRecord => ({
  id: record.id,
  callId: record.callId,
  direction: record.direction,
  from: record.from,
  to: record.to,
  userEmail: record.userEmail,
  startedAt: iso(record.startedAt),
  answeredAt: isoOrNull(record.answeredAt),
  endedAt: iso(record.endedAt),
  durationSeconds: record.durationSeconds,
  disposition: record.disposition,
});

export const toChatConversation = (conversation: ChatConversationRecord): ChatConversation => ({
  id: conversation.id,
  participants: [...conversation.participants],
  lastMessageAt: isoOrNull(conversation.lastMessageAt),
  createdAt: iso(conversation.createdAt),
});

export const toChatMessage = (message: ChatMessageRecord): ChatMessage => ({
  id: message.id,
  conversationId: message.conversationId,
  senderEmail: message.senderEmail,
  content: message.content,
  createdAt: iso(message.createdAt),
});

export const toSmsConversation = (conversation: SmsConversationRecord): SmsConversation => ({
  id: conversation.id,
  smsNumber: conversation.smsNumber,
  peerNumber: conversation.peerNumber,
  peerName: conversation.peerName,
  assigneeEmail: conversation.assigneeEmail,
  lastMessageAt: isoOrNull(conversation.lastMessageAt),
});

export const toSmsMessage = (message: SmsMessageRecord): SmsMessage => {
  const wire: SmsMessage = {
    id: message.id,
    conversationId: message.conversationId,
    direction: message.direction,
    from: message.from,
    to: message.to,
    body: message.body,
    status: message.status,
    simulated: message.simulated,
    createdAt: iso(message.createdAt),
  };
  // Stryker disable next-line ConditionalExpression: a key holding undefined is dropped by JSON, which every response, event and webhook goes through
  if (message.failureReason !== undefined) wire.failureReason = message.failureReason;
  return wire;
};

export const toAiAgent = (agent: AiAgentRecord): AiAgent => ({
  id: agent.id,
  name: agent.name,
  description: agent.description,
  createdAt: iso(agent.createdAt),
});

export const toFile = (file: FileRecord): FileItem => ({
  id: file.id,
  name: file.name,
  mimeType: file.mimeType,
  size: file.size,
  ownerEmail: file.ownerEmail,
  createdAt: iso(file.createdAt),
});

export const toFax = (fax: FaxRecord): Fax => ({
  id: fax.id,
  type: fax.type,
  from: fax.from,
  to: fax.to,
  pages: fax.pages,
  status: fax.status,
  createdAt: iso(fax.createdAt),
});

export const toCalendarEvent = (event: CalendarEventRecord): CalendarEvent => ({
  id: event.id,
  title: event.title,
  startTime: iso(event.startTime),
  endTime: iso(event.endTime),
  ownerEmail: event.ownerEmail,
  createdAt: iso(event.createdAt),
});

export const toPresence = (user: UserRecord): Presence => ({
  userId: user.id,
  email: user.email,
  status: user.presence.status,
  message: user.presence.message,
  updatedAt: iso(user.presence.updatedAt),
});
