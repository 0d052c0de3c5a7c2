/* eslint-disable @typescript-eslint/no-unsafe-assignment -- vitest types asymmetric matchers (`expect.any`) as `any`. */
import { stripVTControlCharacters } from 'node:util';
import { describe, expectTypeOf } from 'vitest';
import { expect, test, type Matchable, type RequestMatch } from '../src/surfaces/testing/vitest.js';
import type { CommFlow } from '@commflow/sdk';
import { DEMO_TENANTS, type CommFlowMock } from '../src/index.js';

/** The message of the assertion `run` fails with, colours removed. */
function failure(run: () => void): string {
  try {
    run();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the assertion passed');
}

async function firstConversation(client: CommFlow): Promise<string> {
  const [conversation] = await client.sms.conversations.list().toArray();
  if (conversation === undefined) throw new Error('the demo has an SMS conversation');
  return conversation.id;
}

describe('toHaveReceived / toHaveReceivedTimes', () => {
  test('pass on what the app sent; fields not given are ignored, like toMatchObject', async ({ mock, client }) => {
    const conversationId = await firstConversation(client);
    await client.sms.send(conversationId, { body: 'Your table is ready' });
    expect(mock).toHaveReceived('sms.send');
    expect(mock).toHaveReceived('sms.send', {
      tenantId: DEMO_TENANTS.sandbox,
      userEmail: 'ann.lee@acme.test',
      params: { id: conversationId },
      body: { body: 'Your table is ready' },
      status: 200,
    });
    expect(mock).toHaveReceivedTimes('sms.send', 1);
    expect(mock).toHaveReceivedTimes('sms.send', 1, { body: { body: 'Your table is ready' } });
    expect(mock).toHaveReceivedTimes('sms.send', 0, { body: { body: 'Something else' } });
    expect(mock).toHaveReceived('sms.conversations', { query: {} });
  });

  test('asymmetric matchers work anywhere in the match', async ({ mock, client }) => {
    await client.contacts.create({ firstName: 'Ada', lastName: 'Lovelace', phoneMobile: '+14155550123' });
    await client.contacts.list({ search: 'ada', limit: 5 }).toArray();
    expect(mock).toHaveReceived('contacts.create', {
      body: { firstName: expect.stringMatching(/^Ad/), phoneMobile: expect.stringContaining('555') },
      userId: expect.any(String),
    });
    expect(mock).toHaveReceived('contacts.create', { body: expect.objectContaining({ lastName: 'Lovelace' }) });
    expect(mock).toHaveReceived('contacts.list', { query: { limit: 5, search: expect.any(String) } });
    expect(mock).not.toHaveReceived('contacts.create', { body: { firstName: expect.stringMatching(/^Bo/) } });
  });

  test('.not passes when nothing matches, and fails listing what did', async ({ mock, client }) => {
    expect(mock).not.toHaveReceived('sms.send');
    await client.contacts.create({ firstName: 'Ada' });
    expect(mock).not.toHaveReceived('contacts.create', { body: { firstName: 'Bob' } });
    expect(mock).not.toHaveReceivedTimes('contacts.create', 2);
    const message = failure(() => {
      expect(mock).not.toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
    });
    expect(message).toContain('Expected not a request of contacts.create matching');
    expect(message).toMatch(/Received 1 matching request:\n {2}POST \/api\/v1\/contacts → 201 \(req_/);
  });

  test('a failure prints the closest requests of the operation, with a diff', async ({ mock, client }) => {
    for (const firstName of ['Ada', 'Adam', 'Bea']) await client.contacts.create({ firstName, lastName: 'Lee' });
    const message = failure(() => {
      expect(mock).toHaveReceived('contacts.create', { body: { firstName: 'Adah', lastName: 'Lee' } });
    });
    expect(message).toContain('toHaveReceived');
    expect(message).toContain('Expected a request of contacts.create matching');
    expect(message).toContain('The closest of the 3 requests of contacts.create:');
    // Every request misses by one field: the newest comes first; the diff shows what differed.
    expect(message).toMatch(/#1 POST \/api\/v1\/contacts → 201 \(req_[^)]+\)\n- Expected\n\+ Received/);
    expect(message).toContain('-     "firstName": "Adah",');
    expect(message).toContain('+     "firstName": "Bea",');
    expect(message.indexOf('"Bea"')).toBeLessThan(message.indexOf('"Adam"'));
    expect(message).toContain('"lastName": "Lee"');

    const closest = failure(() => {
      expect(mock).toHaveReceived('contacts.create', { body: { firstName: 'Ada', lastName: 'Stone' } });
    });
    // The request that misses one field comes before those that miss two.
    expect(closest.indexOf('"firstName": "Ada",')).toBeLessThan(closest.indexOf('"Bea"'));

    const times = failure(() => {
      expect(mock).toHaveReceivedTimes('contacts.create', 2, { body: { lastName: 'Lee' } });
    });
    expect(times).toContain('Expected 2 requests of contacts.create matching');
    expect(times).toMatch(/Received 3 matching requests:\n {2}POST/);
  });

  test('with no request of the operation, a failure says which operations were called', async ({ mock, client }) => {
    expect(
      failure(() => {
        expect(mock).toHaveReceived('sms.send');
      }),
    ).toContain('Received no request of sms.send. The mock received no requests.');
    await client.contacts.create({ firstName: 'Ada' });
    await client.users.list().toArray();
    await client.users.list().toArray();
    const message = failure(() => {
      expect(mock).toHaveReceived('sms.send', { body: { body: 'hi' } });
    });
    expect(message).toContain(
      'Received no request of sms.send. The mock received:\n  contacts.create ×1\n  users.list ×2',
    );
  });

  test('the received value must be a mock; times must be a count', ({ mock }) => {
    expect(() => {
      expect({}).toHaveReceived('sms.send');
    }).toThrow(/must be a CommFlowMock or a remote mock/);
    expect(() => {
      expect(mock).toHaveReceivedTimes('sms.send', -1);
    }).toThrow(/whole number/);
  });

  test('TypeScript checks the operation id and the match against the contract', () => {
    expectTypeOf<NonNullable<RequestMatch<'sms.send'>['body']>>().toExtend<Matchable<{ body: string }>>();
    const check = (m: CommFlowMock) => {
      // @ts-expect-error -- no operation has this id
      void expect(m).toHaveReceived('sms.sned');
      // @ts-expect-error -- sms.send's body has no `text`
      void expect(m).toHaveReceived('sms.send', { body: { text: 'hi' } });
      // @ts-expect-error -- sms.send's body is a string
      void expect(m).toHaveReceived('sms.send', { body: { body: 42 } });
      // @ts-expect-error -- contacts.list's limit is a number once decoded
      void expect(m).toHaveReceivedTimes('contacts.list', 1, { query: { limit: '5' } });
      // @ts-expect-error -- no event has this type
      void expect(m).toHaveEmitted('contact.deleted');
      // @ts-expect-error -- a match has no such field
      void expect(m).toHaveReceived('users.list', { tenant: 'x' });
      expect(m).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
    };
    expectTypeOf(check).toBeFunction();
  });
});

describe('toHaveEmitted / toHaveDelivered', () => {
  test('an event the mock recorded, matched on its data', async ({ mock, client }) => {
    const contact = await client.contacts.create({ firstName: 'Ada' });
    expect(mock).toHaveEmitted('contact.changed');
    expect(mock).toHaveEmitted('contact.changed', {
      tenantId: DEMO_TENANTS.sandbox,
      data: { change: 'created', contact: { id: contact.id, firstName: 'Ada' } },
    });
    expect(mock).not.toHaveEmitted('sms.sent');
    const message = failure(() => {
      expect(mock).toHaveEmitted('contact.changed', { data: { contact: { firstName: 'Bo' } } });
    });
    expect(message).toContain('The closest of the 1 event of contact.changed:');
    expect(message).toContain('-       "firstName": "Bo",');
    expect(
      failure(() => {
        expect(mock).toHaveEmitted('sms.sent');
      }),
    ).toContain('Received no event of sms.sent. There were:\n  contact.changed ×1');
  });

  test('a signed webhook delivery that succeeded', async ({ mock, client }) => {
    let answer = 500;
    const { id } = mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      events: ['contact.changed'],
      callback: () => answer,
    });
    await client.contacts.create({ firstName: 'Ada' });
    await mock.idle();
    expect(mock).not.toHaveDelivered('contact.changed');
    expect(
      failure(() => {
        expect(mock).toHaveDelivered('contact.changed');
      }),
    ).toContain(
      'Received no succeeded delivery of contact.changed. There were:\n  contact.changed (pending, last answer 500) ×1',
    );
    answer = 204;
    await client.contacts.create({ firstName: 'Bea' });
    await mock.idle();
    expect(mock).toHaveDelivered('contact.changed', { subscriptionId: id, data: { contact: { firstName: 'Bea' } } });
    expect(mock).not.toHaveDelivered('contact.changed', { data: { contact: { firstName: 'Ada' } } });
  });
});

describe('the fixture', () => {
  test('each test gets a fresh mock: nothing from the test before', ({ mock }) => {
    expect(mock.journal()).toEqual([]);
    expect(mock).not.toHaveReceived('contacts.create');
  });

  describe('for another tenant and user', () => {
    test.override('commflow', { tenantId: DEMO_TENANTS.live, userEmail: null });
    test('the client acts for the tenant named, without a user', async ({ mock, client }) => {
      await client.users.list().toArray();
      expect(mock).toHaveReceived('users.list', { tenantId: DEMO_TENANTS.live, userEmail: null });
    });
  });

  describe('with a scenario of its own', () => {
    test.override('commflow', {
      scenario: {
        tenants: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            name: 'Solo',
            mode: 'sandbox',
            users: [{ email: 'solo@x.test', firstName: 'S', lastName: 'O' }],
          },
        ],
      },
      userEmail: 'solo@x.test',
    });
    test('the client gets a key on the scenario first tenant', async ({ mock, client }) => {
      const users = await client.users.list().toArray();
      expect(users.map((user) => user.email)).toEqual(['solo@x.test']);
      expect(mock).toHaveReceived('users.list', { tenantId: mock.scenario.tenants[0]!.id, status: 200 });
    });
  });
});
