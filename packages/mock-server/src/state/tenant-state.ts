import { SortedIndex } from './sorted-index.js';
import type { SearchFields } from './text-blocks.js';
import type {
  AiAgentRecord,
  CalendarEventRecord,
  CallRecord,
  CdrRecord,
  ChatConversationRecord,
  ChatMessageRecord,
  ContactRecord,
  FaxRecord,
  FileRecord,
  SmsConversationRecord,
  SmsMessageRecord,
  SmsNumberRecord,
  UserRecord,
} from './records.js';

/** Newest first by creation time, id as the final tiebreak. */
const byCreatedAt = <T extends { createdAt: number; id: string }>() =>
  new SortedIndex<T>((item) => [item.createdAt], 'desc');
/** Most recent activity first; conversations without messages last. */
const byLastMessageAt = <T extends { lastMessageAt: number | null; id: string }>() =>
  new SortedIndex<T>((item) => [item.lastMessageAt], 'desc');

/** Contacts match on full name, and on phone digits (decisions §2). */
export const CONTACT_SEARCH: SearchFields<ContactRecord> = {
  text: (contact) => [`${contact.firstName} ${contact.lastName}`],
  digits: (contact) => contact.phoneMobile,
};
/** Users match on full name, email and extension. */
const USER_SEARCH: SearchFields<UserRecord> = {
  text: (user) => [`${user.firstName} ${user.lastName}`, user.email, user.extension],
};
/** SMS conversations match on peer name, and on peer number digits. */
const SMS_CONVERSATION_SEARCH: SearchFields<SmsConversationRecord> = {
  text: (conversation) => [conversation.peerName],
  digits: (conversation) => conversation.peerNumber,
};

/** Contacts, newest first, searchable, from records sorted oldest first (by creation time, then id). */
export const contactIndex = (oldestFirst: readonly ContactRecord[] = []) =>
  SortedIndex.fromSorted<ContactRecord>(oldestFirst, (item) => [item.createdAt], 'desc', CONTACT_SEARCH);

/** A new index of chat messages, newest first. */
export const chatMessageIndex = () => byCreatedAt<ChatMessageRecord>();
/** A new index of SMS messages, newest first. */
export const smsMessageIndex = () => byCreatedAt<SmsMessageRecord>();

/** The pair key of a direct chat: both emails, sorted. */
// Stryker disable next-line EqualityOperator: any order that is the same both ways round gives one key per pair
export const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/**
 * Everything one tenant owns. Tenants never share a table, so data cannot cross tenants by
 * accident: every lookup starts from the tenant the request was authorised for.
 *
 * @example
 * ```ts
 * const tenant = new TenantState({ id, name: 'Acme', mode: 'sandbox', modules, capabilities });
 * ```
 */
export class TenantState {
  readonly id: string;
  readonly name: string;
  readonly mode: 'sandbox' | 'live';
  readonly modules: ReadonlySet<string>;
  readonly capabilities: ReadonlySet<string>;

  readonly users = new Map<string, UserRecord>();
  /** Users by lower-cased email: emails match case-insensitively. */
  readonly usersByEmail = new Map<string, UserRecord>();
  readonly usersByExtension = new Map<string, UserRecord>();
  /** Users by last name, first name (case-insensitive), id. */
  readonly userIndex = new SortedIndex<UserRecord>(
    (user) => [user.lastName.toLowerCase(), user.firstName.toLowerCase()],
    'asc',
    USER_SEARCH,
  );

  /** Contacts are only ever listed: no map by id, which would cost a million entries in a big world. */
  contactIndex = contactIndex();

  readonly calls = new Map<string, CallRecord>();
  readonly cdrs = new Map<string, CdrRecord>();
  readonly cdrIndex = new SortedIndex<CdrRecord>((record) => [record.startedAt], 'desc');

  readonly chats = new Map<string, ChatConversationRecord>();
  readonly chatsByPair = new Map<string, ChatConversationRecord>();
  readonly chatIndex = byLastMessageAt<ChatConversationRecord>();

  readonly smsNumbers = new Map<string, SmsNumberRecord>();
  readonly smsConversations = new Map<string, SmsConversationRecord>();
  /** Conversations by `smsNumber\npeerNumber`. */
  readonly smsConversationsByPeer = new Map<string, SmsConversationRecord>();
  readonly smsConversationIndex = new SortedIndex<SmsConversationRecord>(
    (item) => [item.lastMessageAt],
    'desc',
    SMS_CONVERSATION_SEARCH,
  );

  readonly agents = new Map<string, AiAgentRecord>();
  readonly agentIndex = new SortedIndex<AiAgentRecord>((agent) => [agent.name.toLowerCase()], 'asc');

  readonly files = new Map<string, FileRecord>();
  readonly fileIndex = byCreatedAt<FileRecord>();
  readonly faxes = new Map<string, FaxRecord>();
  readonly faxIndex = byCreatedAt<FaxRecord>();
  readonly calendarEvents = new Map<string, CalendarEventRecord>();
  readonly calendarIndex = new SortedIndex<CalendarEventRecord>((event) => [event.startTime], 'asc');

  constructor(init: {
    id: string;
    name: string;
    mode: 'sandbox' | 'live';
    modules: Iterable<string>;
    capabilities: Iterable<string>;
  }) {
    this.id = init.id;
    this.name = init.name;
    this.mode = init.mode;
    this.modules = new Set(init.modules);
    this.capabilities = new Set(init.capabilities);
  }

  addUser(user: UserRecord): void {
    this.users.set(user.id, user);
    this.usersByEmail.set(user.email.toLowerCase(), user);
    if (user.extension !== null) this.usersByExtension.set(user.extension, user);
    this.userIndex.insert(user);
  }

  userByEmail(email: string): UserRecord | undefined {
    return this.usersByEmail.get(email.toLowerCase());
  }

  addContact(contact: ContactRecord): void {
    this.contactIndex.insert(contact);
  }

  addSmsConversation(conversation: SmsConversationRecord): void {
    this.smsConversations.set(conversation.id, conversation);
    this.smsConversationsByPeer.set(`${conversation.smsNumber}\n${conversation.peerNumber}`, conversation);
    this.smsConversationIndex.insert(conversation);
  }

  /** Appends a message to an SMS conversation and moves the conversation to the top. */
  addSmsMessage(conversation: SmsConversationRecord, message: SmsMessageRecord): void {
    conversation.messages.insert(message);
    this.smsConversationIndex.move(conversation, () => {
      conversation.lastMessageAt = message.createdAt;
    });
  }

  addChat(conversation: ChatConversationRecord): void {
    this.chats.set(conversation.id, conversation);
    if (conversation.participants.length === 2) {
      this.chatsByPair.set(
        pairKey((conversation.participants[0] ?? '').toLowerCase(), (conversation.participants[1] ?? '').toLowerCase()),
        conversation,
      );
    }
    this.chatIndex.insert(conversation);
  }

  /** Appends a message to a chat and moves the chat to the top. */
  addChatMessage(conversation: ChatConversationRecord, message: ChatMessageRecord): void {
    conversation.messages.insert(message);
    this.chatIndex.move(conversation, () => {
      conversation.lastMessageAt = message.createdAt;
    });
  }

  addCdr(record: CdrRecord): void {
    this.cdrs.set(record.id, record);
    this.cdrIndex.insert(record);
  }

  /** A call of this tenant (its progress on the clock is the world's `activeCalls`). */
  addCall(call: CallRecord): void {
    this.calls.set(call.id, call);
  }

  addSmsNumber(number: SmsNumberRecord): void {
    this.smsNumbers.set(number.number, number);
  }

  addAgent(agent: AiAgentRecord): void {
    this.agents.set(agent.id, agent);
    this.agentIndex.insert(agent);
  }

  addFile(file: FileRecord): void {
    this.files.set(file.id, file);
    this.fileIndex.insert(file);
  }

  addFax(fax: FaxRecord): void {
    this.faxes.set(fax.id, fax);
    this.faxIndex.insert(fax);
  }

  addCalendarEvent(event: CalendarEventRecord): void {
    this.calendarEvents.set(event.id, event);
    this.calendarIndex.insert(event);
  }
}
