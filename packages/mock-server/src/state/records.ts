import type { CallDisposition, CallStatus, FaxStatus, FaxType, PresenceStatus, SmsStatus } from '@commflow/contract';
import type { SortedIndex } from './sorted-index.js';

// Records keep times as epoch milliseconds (cheaper than strings, and sortable); the domain
// modules format them as ISO strings on the way out.

/** A user of a tenant. */
export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly extension: string | null;
  /** When set, the user must hold an operation's capability too. */
  readonly capabilities: ReadonlySet<string> | null;
  readonly createdAt: number;
  presence: { status: PresenceStatus; message: string; updatedAt: number };
}

/** A contact. */
export interface ContactRecord {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phoneMobile: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A click-to-dial call and its progress. */
export interface CallRecord {
  readonly id: string;
  readonly tenantId: string;
  readonly userEmail: string;
  /** The acting user's extension, rung first. */
  readonly fromExtension: string;
  readonly destination: string;
  status: CallStatus;
  readonly createdAt: number;
  /** When the destination answered: the CDR's `answeredAt`, as decisions.md reads it. */
  bridgedAt: number | null;
  endedAt: number | null;
  /** Transitions still to come on the clock; emptied when a test takes manual control. */
  schedule: { at: number; status: CallStatus }[];
  readonly history: { status: CallStatus; at: number }[];
}

/** A call detail record. */
export interface CdrRecord {
  readonly id: string;
  readonly callId: string;
  readonly direction: 'outbound' | 'inbound';
  readonly from: string;
  readonly to: string;
  readonly userEmail: string;
  readonly startedAt: number;
  readonly answeredAt: number | null;
  readonly endedAt: number;
  readonly durationSeconds: number;
  readonly disposition: CallDisposition;
}

/** A team chat message. */
export interface ChatMessageRecord {
  readonly id: string;
  readonly conversationId: string;
  readonly senderEmail: string;
  readonly content: string;
  readonly createdAt: number;
}

/** A team chat conversation. */
export interface ChatConversationRecord {
  readonly id: string;
  /** Member emails, sorted. */
  readonly participants: readonly string[];
  readonly createdAt: number;
  lastMessageAt: number | null;
  readonly messages: SortedIndex<ChatMessageRecord>;
}

/** An SMS number of the tenant. */
export interface SmsNumberRecord {
  readonly id: string;
  readonly number: string;
  readonly ownerEmail: string | null;
  readonly sharedWithEmails: readonly string[];
}

/** An SMS message. */
export interface SmsMessageRecord {
  readonly id: string;
  readonly conversationId: string;
  readonly direction: 'outbound' | 'inbound';
  readonly from: string;
  readonly to: string;
  readonly body: string;
  readonly status: SmsStatus;
  readonly simulated: boolean;
  readonly failureReason: string | undefined;
  readonly createdAt: number;
}

/** An SMS conversation. */
export interface SmsConversationRecord {
  readonly id: string;
  readonly smsNumber: string;
  readonly peerNumber: string;
  readonly peerName: string | null;
  readonly assigneeEmail: string | null;
  lastMessageAt: number | null;
  readonly messages: SortedIndex<SmsMessageRecord>;
}

/** An AI agent. */
export interface AiAgentRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly createdAt: number;
}

/** A file's metadata. */
export interface FileRecord {
  readonly id: string;
  readonly name: string;
  readonly mimeType: string;
  readonly size: number;
  readonly ownerEmail: string;
  readonly createdAt: number;
}

/** A fax. */
export interface FaxRecord {
  readonly id: string;
  readonly type: FaxType;
  readonly from: string;
  readonly to: string;
  readonly pages: number;
  readonly status: FaxStatus;
  readonly createdAt: number;
}

/** A calendar event. */
export interface CalendarEventRecord {
  readonly id: string;
  readonly title: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly ownerEmail: string;
  readonly createdAt: number;
}
