/** A tenant's data as a snapshot holds it: the schema of one entry of the tenant registry's `tenants`. */
import { CallDisposition, CallStatus, FaxStatus, FaxType, PresenceStatus, SmsStatus } from '@commflow/contract';
import * as z from 'zod';

const ms = z.number();
const str = z.string();
const nullableStr = z.string().nullable();

const User = z.strictObject({
  id: str,
  email: str,
  firstName: str,
  lastName: str,
  extension: nullableStr,
  capabilities: z.array(str).nullable(),
  createdAt: ms,
  presence: z.strictObject({ status: PresenceStatus, message: str, updatedAt: ms }),
});
const Contact = z.strictObject({
  id: str,
  firstName: str,
  lastName: str,
  phoneMobile: nullableStr,
  createdAt: ms,
  updatedAt: ms,
});
const Call = z.strictObject({
  id: str,
  tenantId: str,
  userEmail: str,
  fromExtension: str,
  destination: str,
  status: CallStatus,
  createdAt: ms,
  /** Written by mocks before 2026-11-25, which kept it on the call; read and dropped (the CDR keeps its own). */
  answeredAt: ms.nullable().optional(),
  bridgedAt: ms.nullable(),
  endedAt: ms.nullable(),
  schedule: z.array(z.strictObject({ at: ms, status: CallStatus })),
  history: z.array(z.strictObject({ status: CallStatus, at: ms })),
});
const Cdr = z.strictObject({
  id: str,
  callId: str,
  direction: z.enum(['outbound', 'inbound']),
  from: str,
  to: str,
  userEmail: str,
  startedAt: ms,
  answeredAt: ms.nullable(),
  endedAt: ms,
  durationSeconds: z.number(),
  disposition: CallDisposition,
});
const ChatMessage = z.strictObject({ id: str, conversationId: str, senderEmail: str, content: str, createdAt: ms });
const Chat = z.strictObject({
  id: str,
  participants: z.array(str),
  createdAt: ms,
  lastMessageAt: ms.nullable(),
  messages: z.array(ChatMessage),
});
const SmsNumber = z.strictObject({ id: str, number: str, ownerEmail: nullableStr, sharedWithEmails: z.array(str) });
const SmsMessage = z.strictObject({
  id: str,
  conversationId: str,
  direction: z.enum(['outbound', 'inbound']),
  from: str,
  to: str,
  body: str,
  status: SmsStatus,
  simulated: z.boolean(),
  failureReason: str.optional(),
  createdAt: ms,
});
const SmsConversation = z.strictObject({
  id: str,
  smsNumber: str,
  peerNumber: str,
  peerName: nullableStr,
  assigneeEmail: nullableStr,
  lastMessageAt: ms.nullable(),
  messages: z.array(SmsMessage),
});
const Agent = z.strictObject({ id: str, name: str, description: nullableStr, createdAt: ms });
const File = z.strictObject({ id: str, name: str, mimeType: str, size: z.number(), ownerEmail: str, createdAt: ms });
const Fax = z.strictObject({
  id: str,
  type: FaxType,
  from: str,
  to: str,
  pages: z.number(),
  status: FaxStatus,
  createdAt: ms,
});
const CalendarEvent = z.strictObject({
  id: str,
  title: str,
  startTime: ms,
  endTime: ms,
  ownerEmail: str,
  createdAt: ms,
});

/**
 * A tenant as plain data: its settings and every record it holds. Contacts of its scenario's rows
 * are not listed (`scenarioContacts` says they are there): they are rebuilt from the rows.
 */
export const TenantDataSchema = z.strictObject({
  id: str,
  name: str,
  mode: z.enum(['sandbox', 'live']),
  modules: z.array(str),
  capabilities: z.array(str),
  users: z.array(User),
  /** Whether the tenant holds its baseline scenario's contact rows; `contacts` are the others. */
  scenarioContacts: z.boolean(),
  contacts: z.array(Contact),
  calls: z.array(Call),
  cdrs: z.array(Cdr),
  chats: z.array(Chat),
  smsNumbers: z.array(SmsNumber),
  smsConversations: z.array(SmsConversation),
  agents: z.array(Agent),
  files: z.array(File),
  faxes: z.array(Fax),
  calendarEvents: z.array(CalendarEvent),
});
/** A tenant as plain data. */
export type TenantData = z.output<typeof TenantDataSchema>;
