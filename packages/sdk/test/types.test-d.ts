import type {
  AiAgent,
  AiAgentReply,
  CalendarEvent,
  CallDetailRecord,
  ChatConversation,
  ChatMessage,
  Contact,
  DirectConversation,
  ErrorCode,
  Fax,
  FileItem,
  Presence,
  PricingQuote,
  SmsConversation,
  SmsMessage,
  User,
} from '@commflow/contract';
import { describe, expectTypeOf, it } from 'vitest';
import {
  APIError,
  CommFlow,
  type AiAgentChatParams,
  type CalendarEventCreateParams,
  type CalendarListParams,
  type CdrListParams,
  type ChatConversationCreateParams,
  type ChatConversationListParams,
  type ChatMessageListParams,
  type ChatMessageSendParams,
  type Click2DialParams,
  type Click2DialResult,
  type ContactCreateParams,
  type ContactListParams,
  type FaxListParams,
  type FileListParams,
  type PresenceUpdateParams,
  type PricingQuoteParams,
  type SmsConversationListParams,
  type SmsMessageListParams,
  type SmsSendParams,
  type UserListParams,
  type APIPromise,
  type Page,
  type PagePromise,
  type RateLimitInfo,
  type WithResponse,
} from '../src/index.js';
import { verifyWebhook, type UnknownWebhookEvent, type VerifiedWebhookEvent } from '../src/webhooks.js';

declare const client: CommFlow;
const id = '3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31';

describe('results are the contract types, exactly', () => {
  it('unwraps each operation by its result key', () => {
    expectTypeOf(client.users.list()).toEqualTypeOf<PagePromise<User>>();
    expectTypeOf(client.contacts.list()).toEqualTypeOf<PagePromise<Contact>>();
    expectTypeOf(client.contacts.create({ firstName: 'Ann' })).toEqualTypeOf<APIPromise<Contact>>();
    expectTypeOf(client.voice.click2dial({ destination: '1001' })).toEqualTypeOf<
      APIPromise<{ callId: string; status: 'initiated' }>
    >();
    expectTypeOf(client.cdr.list()).toEqualTypeOf<PagePromise<CallDetailRecord>>();
    expectTypeOf(client.chat.conversations.list()).toEqualTypeOf<PagePromise<ChatConversation>>();
    expectTypeOf(client.chat.conversations.create({ participantEmail: 'b@x.io', message: 'hi' })).toEqualTypeOf<
      APIPromise<DirectConversation>
    >();
    expectTypeOf(client.chat.messages.list({ conversationId: id })).toEqualTypeOf<PagePromise<ChatMessage>>();
    expectTypeOf(client.chat.messages.send({ conversationId: id, content: 'x' })).toEqualTypeOf<
      APIPromise<ChatMessage>
    >();
    expectTypeOf(client.sms.conversations.list()).toEqualTypeOf<PagePromise<SmsConversation>>();
    expectTypeOf(client.sms.messages.list(id)).toEqualTypeOf<PagePromise<SmsMessage>>();
    expectTypeOf(client.sms.send(id, { body: 'x' })).toEqualTypeOf<APIPromise<SmsMessage>>();
    expectTypeOf(client.ai.agents.list()).toEqualTypeOf<APIPromise<AiAgent[]>>();
    expectTypeOf(client.ai.agents.get(id)).toEqualTypeOf<APIPromise<AiAgent>>();
    expectTypeOf(client.ai.agents.chat(id, { messages: [{ role: 'user', content: 'x' }] })).toEqualTypeOf<
      APIPromise<AiAgentReply>
    >();
    expectTypeOf(client.pricing.quote({ planId: id, seatCount: 1, didCount: 0, billingTerm: 'MONTHLY' })).toEqualTypeOf<
      APIPromise<PricingQuote>
    >();
    expectTypeOf(client.files.list()).toEqualTypeOf<PagePromise<FileItem>>();
    expectTypeOf(client.calendar.list()).toEqualTypeOf<PagePromise<CalendarEvent>>();
    expectTypeOf(client.calendar.create({ title: 't', startTime: 'a', endTime: 'b' })).toEqualTypeOf<
      APIPromise<CalendarEvent>
    >();
    expectTypeOf(client.presence.list()).toEqualTypeOf<APIPromise<Presence[]>>();
    expectTypeOf(client.presence.update({ status: 'busy', message: '' })).toEqualTypeOf<APIPromise<Presence>>();
    expectTypeOf(client.fax.list()).toEqualTypeOf<PagePromise<Fax>>();
  });

  it('awaits to the resource, pages and withResponse metadata', async () => {
    expectTypeOf(await client.contacts.create({ firstName: 'Ann' })).toEqualTypeOf<Contact>();
    const page = await client.contacts.list();
    expectTypeOf(page).toEqualTypeOf<Page<Contact>>();
    expectTypeOf(page.items).toEqualTypeOf<Contact[]>();
    expectTypeOf(await page.getNextPage()).toEqualTypeOf<Page<Contact>>();
    for await (const contact of client.contacts.list()) expectTypeOf(contact).toEqualTypeOf<Contact>();
    expectTypeOf(await client.fax.list().toArray({ max: 5 })).toEqualTypeOf<Fax[]>();
    const meta = await client.sms.send(id, { body: 'x' }).withResponse();
    expectTypeOf(meta).toEqualTypeOf<WithResponse<SmsMessage>>();
    expectTypeOf(meta.rateLimit).toEqualTypeOf<RateLimitInfo>();
    expectTypeOf(meta.requestId).toEqualTypeOf<string | null>();
  });

  it('types the generic request by operation id', async () => {
    expectTypeOf(await client.request('ai.agents.get', { path: { id } })).toEqualTypeOf<AiAgent>();
    expectTypeOf(client.paginate('cdr.list')).toEqualTypeOf<PagePromise<CallDetailRecord>>();
    expectTypeOf(await client.request('users.list')).toExtend<unknown[]>();
    expectTypeOf(client.paginate('sms.messages.list', { path: { id }, query: { limit: 10 } })).toExtend<
      PagePromise<unknown>
    >();
  });
});

describe('named parameter types', () => {
  type FirstParam<F> = F extends (first: infer P, ...rest: never[]) => unknown ? P : never;
  type SecondParam<F> = F extends (first: never, second: infer P, ...rest: never[]) => unknown ? P : never;

  it('are what each method takes', () => {
    expectTypeOf<FirstParam<typeof client.users.list>>().toEqualTypeOf<UserListParams | undefined>();
    expectTypeOf<FirstParam<typeof client.contacts.list>>().toEqualTypeOf<ContactListParams | undefined>();
    expectTypeOf<FirstParam<typeof client.contacts.create>>().toEqualTypeOf<ContactCreateParams>();
    expectTypeOf<FirstParam<typeof client.voice.click2dial>>().toEqualTypeOf<Click2DialParams>();
    expectTypeOf<FirstParam<typeof client.cdr.list>>().toEqualTypeOf<CdrListParams | undefined>();
    expectTypeOf<FirstParam<typeof client.chat.conversations.list>>().toEqualTypeOf<
      ChatConversationListParams | undefined
    >();
    expectTypeOf<FirstParam<typeof client.chat.conversations.create>>().toEqualTypeOf<ChatConversationCreateParams>();
    expectTypeOf<FirstParam<typeof client.chat.messages.list>>().toEqualTypeOf<ChatMessageListParams>();
    expectTypeOf<FirstParam<typeof client.chat.messages.send>>().toEqualTypeOf<ChatMessageSendParams>();
    expectTypeOf<FirstParam<typeof client.sms.conversations.list>>().toEqualTypeOf<
      SmsConversationListParams | undefined
    >();
    expectTypeOf<SecondParam<typeof client.sms.messages.list>>().toEqualTypeOf<SmsMessageListParams | undefined>();
    expectTypeOf<SecondParam<typeof client.sms.send>>().toEqualTypeOf<SmsSendParams>();
    expectTypeOf<SecondParam<typeof client.ai.agents.chat>>().toEqualTypeOf<AiAgentChatParams>();
    expectTypeOf<FirstParam<typeof client.pricing.quote>>().toEqualTypeOf<PricingQuoteParams>();
    expectTypeOf<FirstParam<typeof client.files.list>>().toEqualTypeOf<FileListParams | undefined>();
    expectTypeOf<FirstParam<typeof client.calendar.list>>().toEqualTypeOf<CalendarListParams | undefined>();
    expectTypeOf<FirstParam<typeof client.calendar.create>>().toEqualTypeOf<CalendarEventCreateParams>();
    expectTypeOf<FirstParam<typeof client.presence.update>>().toEqualTypeOf<PresenceUpdateParams>();
    expectTypeOf<FirstParam<typeof client.fax.list>>().toEqualTypeOf<FaxListParams | undefined>();
  });

  it('take what the contract says, by name', () => {
    const contact: ContactCreateParams = { firstName: 'Ann', phoneMobile: '+14155550100' };
    const dial: Click2DialParams = { destination: '1001' };
    const list: ContactListParams = { search: 'ann', limit: 10 };
    expectTypeOf(client.contacts.create(contact)).toEqualTypeOf<APIPromise<Contact>>();
    expectTypeOf(client.voice.click2dial(dial)).toEqualTypeOf<APIPromise<Click2DialResult>>();
    expectTypeOf(client.contacts.list(list)).toEqualTypeOf<PagePromise<Contact>>();
    // @ts-expect-error: the named type keeps the contract's rules (firstName is required)
    const missing: ContactCreateParams = { lastName: 'Lee' };
    expectTypeOf(missing).toEqualTypeOf<ContactCreateParams>();
  });
});

describe('wrong parameters do not compile', () => {
  it('rejects unknown fields, wrong types and missing required ones', () => {
    // @ts-expect-error: firstName is required
    void client.contacts.create({ lastName: 'Lee' });
    // @ts-expect-error: unknown body field
    void client.contacts.create({ firstName: 'Ann', nickname: 'A' });
    // @ts-expect-error: limit is a number in code
    void client.contacts.list({ limit: '10' });
    // @ts-expect-error: fax type is an enum
    void client.fax.list({ type: 'outbox' });
    // @ts-expect-error: billingTerm is MONTHLY or ANNUAL
    void client.pricing.quote({ planId: id, seatCount: 1, didCount: 0, billingTerm: 'WEEKLY' });
    // @ts-expect-error: presence status is an enum
    void client.presence.update({ status: 'sleeping', message: '' });
    // @ts-expect-error: chat.messages.list needs a conversationId
    void client.chat.messages.list({});
    // @ts-expect-error: sms.send takes the conversation id first
    void client.sms.send({ body: 'x' });
    // @ts-expect-error: ai.agents.chat messages have a role enum
    void client.ai.agents.chat(id, { messages: [{ role: 'robot', content: 'x' }] });
    // @ts-expect-error: cdr.list takes no search
    void client.cdr.list({ search: 'x' });
    // @ts-expect-error: unknown per-call option
    void client.users.list({}, { retries: 3 });
    // @ts-expect-error: not an operation id
    void client.request('contacts.delete');
    // @ts-expect-error: ai.agents.list is not paged
    void client.paginate('ai.agents.list');
    // @ts-expect-error: sms.send needs its path and body
    void client.request('sms.send');
    // @ts-expect-error: contacts.create needs a body
    void client.request('contacts.create', {});
    // @ts-expect-error: sms.messages.list needs the conversation id
    void client.paginate('sms.messages.list');
    // @ts-expect-error: chat.messages.list needs a query with conversationId
    void client.paginate('chat.messages.list', {});
    // @ts-expect-error: users.list takes no body
    void client.request('users.list', { body: {} });
  });
});

describe('errors and events narrow', () => {
  it('narrows error codes', () => {
    const err = new APIError({
      status: 409,
      code: 'NO_EXTENSION',
      message: '',
      details: null,
      requestId: null,
      headers: new Headers(),
    });
    expectTypeOf(err.code).toEqualTypeOf<ErrorCode | (string & {}) | null>();
    // Comparing with a catalogue code is checked and autocompleted; codes added later still compare.
    if (err.code === 'NO_EXTENSION') expectTypeOf(err.code).toEqualTypeOf<'NO_EXTENSION' | (string & {})>();
    if (err.code === 'SOME_FUTURE_CODE') expectTypeOf(err.code).toExtend<string>();
    // hasCode narrows to exactly the code, and only catalogue codes are accepted.
    if (err.hasCode('NO_EXTENSION')) expectTypeOf(err.code).toEqualTypeOf<'NO_EXTENSION'>();
    // @ts-expect-error not a catalogue code
    err.hasCode('NO_EXTENSON');
    expectTypeOf<'NO_EXTENSION'>().toExtend<NonNullable<APIError['code']>>();
  });

  it('narrows webhook event data by type, with unknown types in default', async () => {
    const event = await verifyWebhook({ payload: '', headers: {}, secret: '' });
    expectTypeOf(event).toEqualTypeOf<VerifiedWebhookEvent>();
    switch (event.type) {
      case 'call.started':
        expectTypeOf(event.data.callId).toEqualTypeOf<string>();
        break;
      case 'contact.changed':
        expectTypeOf(event.data.contact).toEqualTypeOf<Contact>();
        break;
      case 'sms.sent':
      case 'sms.failed':
      case 'sms.received':
        expectTypeOf(event.data.message).toEqualTypeOf<SmsMessage>();
        break;
      default:
        // A type this SDK does not know yet: its `type` is any string.
        expectTypeOf(event.type).toEqualTypeOf<string>();
        expectTypeOf<UnknownWebhookEvent>().toExtend<typeof event>();
    }
  });
});
