/**
 * One example per operation for the OpenAPI document: a request a client could send and the
 * `data` the service answers it with. Typed by the registry, and parsed by the operation's own
 * schemas when the document is generated, so an example cannot drift from its operation. The ids
 * and emails are the demo scenario's where it fixes them (tenant, users, agents, plans), so that a
 * fuzzer's examples phase reaches the operations against `commflow-mock`.
 */
import type { HeaderCode } from '../headers.js';
import type { OperationBody, OperationData, OperationId, OperationPathParams, OperationQuery } from '../operations.js';
import { pure } from '../schemas/pure.js';

/** The example of one operation. */
export interface OperationExample<Id extends OperationId> {
  readonly summary: string;
  readonly path?: OperationPathParams<Id>;
  readonly query?: OperationQuery<Id>;
  readonly body?: OperationBody<Id>;
  /** The `data` of the success answer. */
  readonly data: OperationData<Id>;
}

/** The example value of each contract header. */
export const HEADER_EXAMPLES: Readonly<Record<HeaderCode, string>> = {
  T: '11111111-1111-4111-8111-111111111111',
  U: 'ann.lee@acme.test',
  R: 'req-7f3a9c',
  I: 'b4d7c2e0-6a1f-4c8e-9d2b-3e5f7a9c1b0d',
};

const ANN = 'ann.lee@acme.test';
const BOB = 'bob.stone@acme.test';
const AT = '2026-11-21T09:30:00.000Z';
const LATER = '2026-11-21T09:31:00.000Z';
const CHAT_ID = '5b0e8a52-8c2f-4f57-9a4e-1d9b7c3e2a10';
const SMS_ID = '6c1f9b63-9d30-4a68-8b5f-2eac8d4f3b21';
const AGENT_ID = '44444444-4444-4444-8444-000000000001';
const PLAN_ID = '33333333-3333-4333-8333-000000000002';

const user = {
  id: '7d2a0c74-ae41-4b79-9c60-3fbd9e5a4c32',
  email: ANN,
  firstName: 'Ann',
  lastName: 'Lee',
  extension: '1001',
  createdAt: AT,
};
const contact = {
  id: '8e3b1d85-bf52-4c8a-ad71-40ce0f6b5d43',
  firstName: 'Grace',
  lastName: 'Hopper',
  phoneMobile: '+14155550101',
  createdAt: AT,
  updatedAt: AT,
};
const chatConversation = { id: CHAT_ID, participants: [ANN, BOB], lastMessageAt: AT, createdAt: AT };
const chatMessage = {
  id: '9f4c2e96-c063-4d9b-be82-51df107c6e54',
  conversationId: CHAT_ID,
  senderEmail: ANN,
  content: 'Can you take the 3 pm call?',
  createdAt: AT,
};
const smsMessage = {
  id: 'a05d3fa7-d174-4eac-8f93-62e0218d7f65',
  conversationId: SMS_ID,
  direction: 'outbound',
  from: '+14155550100',
  to: '+14155550101',
  body: 'Your order has shipped.',
  status: 'SENT',
  simulated: true,
  createdAt: AT,
} as const;
const agent = { id: AGENT_ID, name: 'Receptionist', description: 'Answers the main line.', createdAt: AT };
const calendarEvent = {
  id: 'b16e40b8-e285-4fbd-9aa4-73f1329e8076',
  title: 'Pipeline review',
  startTime: '2026-11-23T09:00:00.000Z',
  endTime: '2026-11-23T09:30:00.000Z',
  ownerEmail: ANN,
  createdAt: AT,
};
const presence = {
  userId: user.id,
  email: ANN,
  status: 'busy',
  message: 'In a meeting',
  updatedAt: AT,
} as const;

/**
 * The example of every operation, keyed by id.
 */
export const OPERATION_EXAMPLES: { readonly [Id in OperationId]: OperationExample<Id> } = /* @__PURE__ */ pure(() => ({
  'users.list': { summary: 'The users whose name contains "ann"', query: { search: 'ann' }, data: { users: [user] } },
  'contacts.list': {
    summary: 'The first page of contacts',
    query: { limit: 10 },
    data: { contacts: [contact] },
  },
  'contacts.create': {
    summary: 'A contact with a mobile number',
    body: { firstName: 'Grace', lastName: 'Hopper', phoneMobile: '+14155550101' },
    data: { contact },
  },
  'voice.click2dial': {
    summary: 'Call an outside number from the acting user’s extension',
    body: { destination: '+14155550101' },
    data: { callId: 'c27f51c9-f396-4a0c-8bb5-8402a40f9187', status: 'initiated' },
  },
  'cdr.list': {
    summary: 'The latest call records',
    query: { limit: 20 },
    data: {
      records: [
        {
          id: 'd3806201-a4a7-4b1d-9cc6-95134b509298',
          callId: 'c27f51c9-f396-4a0c-8bb5-8402a40f9187',
          direction: 'outbound',
          from: '1001',
          to: '+14155550101',
          userEmail: ANN,
          startedAt: AT,
          answeredAt: '2026-11-21T09:30:05.000Z',
          endedAt: LATER,
          durationSeconds: 55,
          disposition: 'answered',
        },
      ],
    },
  },
  'chat.conversations': {
    summary: 'The acting user’s chats',
    query: { limit: 20 },
    data: { conversations: [chatConversation] },
  },
  'chat.conversations.create': {
    summary: 'Start a direct chat with a teammate',
    body: { participantEmail: BOB, message: 'Can you take the 3 pm call?' },
    data: { conversation: { ...chatConversation, isNew: true } },
  },
  'chat.messages.list': {
    summary: 'The messages of a chat',
    query: { conversationId: CHAT_ID, limit: 20 },
    data: { messages: [chatMessage] },
  },
  'chat.messages.send': {
    summary: 'Post to a chat',
    body: { conversationId: CHAT_ID, content: 'Can you take the 3 pm call?' },
    data: { message: chatMessage },
  },
  'sms.conversations': {
    summary: 'The SMS conversations with "grace" in the peer’s name',
    query: { search: 'grace' },
    data: {
      conversations: [
        {
          id: SMS_ID,
          smsNumber: '+14155550100',
          peerNumber: '+14155550101',
          peerName: 'Grace Hopper',
          assigneeEmail: null,
          lastMessageAt: AT,
        },
      ],
    },
  },
  'sms.messages.list': {
    summary: 'The messages of a conversation',
    path: { id: SMS_ID },
    data: { messages: [smsMessage] },
  },
  'sms.send': {
    summary: 'Send a text in a conversation',
    path: { id: SMS_ID },
    body: { body: 'Your order has shipped.' },
    data: { message: smsMessage },
  },
  'ai.agents.list': { summary: 'Every agent of the tenant', data: { agents: [agent] } },
  'ai.agents.get': { summary: 'One agent', path: { id: AGENT_ID }, data: { agent } },
  'ai.agents.chat': {
    summary: 'Ask an agent a question',
    path: { id: AGENT_ID },
    body: { messages: [{ role: 'user', content: 'When are you open?' }] },
    data: { reply: { role: 'assistant', content: 'We are open 9 to 5, Monday to Friday.' } },
  },
  'pricing.quote': {
    summary: 'Ten seats and two numbers of the Team plan, billed annually',
    body: { planId: PLAN_ID, seatCount: 10, didCount: 2, billingTerm: 'ANNUAL' },
    data: {
      quote: {
        planId: PLAN_ID,
        planName: 'Team',
        billingTerm: 'ANNUAL',
        currency: 'USD',
        lineItems: [
          { kind: 'seat', quantity: 10, unitAmount: 30000, amount: 300000 },
          { kind: 'did', quantity: 2, unitAmount: 6000, amount: 12000 },
        ],
        subtotal: 312000,
        discount: 46800,
        total: 265200,
      },
    },
  },
  'files.list': {
    summary: 'The latest files',
    query: { limit: 20 },
    data: {
      files: [
        {
          id: 'e4917312-b5b8-4c2e-8dd7-a6245c61a3a9',
          name: 'price-list.pdf',
          mimeType: 'application/pdf',
          size: 48213,
          ownerEmail: ANN,
          createdAt: AT,
        },
      ],
    },
  },
  'calendar.list': {
    summary: 'The acting user’s events of one week',
    query: { startDate: '2026-11-23', endDate: '2026-11-30' },
    data: { events: [calendarEvent] },
  },
  'calendar.create': {
    summary: 'A half-hour meeting (endTime after startTime)',
    body: { title: 'Pipeline review', startTime: '2026-11-23T09:00:00Z', endTime: '2026-11-23T09:30:00Z' },
    data: { event: calendarEvent },
  },
  'presence.list': { summary: 'Everyone’s presence', data: { presence: [presence] } },
  'presence.update': {
    summary: 'Busy, with a message',
    body: { status: 'busy', message: 'In a meeting' },
    data: { presence },
  },
  'fax.list': {
    summary: 'The received faxes',
    query: { type: 'inbox' },
    data: {
      faxes: [
        {
          id: 'f5a28423-c6c9-4d3f-9ee8-b7356d72b4ba',
          type: 'inbox',
          from: '+14155550177',
          to: '+14155550100',
          pages: 3,
          status: 'received',
          createdAt: AT,
        },
      ],
    },
  },
}));
