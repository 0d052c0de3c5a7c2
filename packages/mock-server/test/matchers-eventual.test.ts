/* eslint-disable @typescript-eslint/no-unsafe-assignment -- vitest types asymmetric matchers (`expect.any`) as `any`. */
import { stripVTControlCharacters } from 'node:util';
import { describe, expect as vitestExpect, expectTypeOf } from 'vitest';
import { expect, test, type CommFlowAssertion } from '../src/surfaces/testing/vitest.js';
import { ApiError, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock } from '../src/index.js';
import { matchers, type MatcherContextLike, type MatcherResult } from '../src/surfaces/testing/matchers-entry.js';

/** The message the assertion fails with, colours removed. */
async function failure(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the assertion passed');
}

const headers = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
  'content-type': 'application/json',
};

function createContact(mock: CommFlowMock, firstName: string, idempotencyKey?: string): Promise<Response> {
  return mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: idempotencyKey === undefined ? headers : { ...headers, 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify({ firstName }),
  });
}

describe('unknown names throw, with a suggestion', () => {
  test('an operation id the contract lacks, in a matcher (under .not too) and in requests()', ({ mock }) => {
    expect(() => {
      expect(mock).not.toHaveReceived('contacts.craete' as 'contacts.create');
    }).toThrow('toHaveReceived: unknown operation id "contacts.craete"; did you mean "contacts.create"');
    expect(() => {
      expect(mock).toHaveReceivedTimes('sms.sendd' as 'sms.send', 0);
    }).toThrow(/did you mean "sms.send"/);
    expect(() => mock.requests({ operationId: 'sms.sendd' as 'sms.send' })).toThrow(ApiError);
    expect(() => mock.requests({ operationId: 'sms.sendd' as 'sms.send' })).toThrow(
      'Invalid filter.operationId: unknown operation id "sms.sendd"; did you mean "sms.send"',
    );
  });

  test('an event type the contract lacks, in a matcher and in events()', ({ mock }) => {
    expect(() => {
      expect(mock).not.toHaveEmitted('sms.sentt' as 'sms.sent');
    }).toThrow('toHaveEmitted: unknown event type "sms.sentt"; did you mean "sms.sent"');
    expect(() => {
      expect(mock).not.toHaveDelivered('contact.chnaged' as 'contact.changed');
    }).toThrow(/did you mean "contact.changed"/);
    expect(() => mock.events({ type: 'sms.sentt' })).toThrow(/unknown event type "sms.sentt"/);
  });
});

describe('wording', () => {
  test('"an event", and the expected object indented evenly', async ({ mock }) => {
    const message = await failure(() => {
      expect(mock).toHaveEmitted('contact.changed', { data: { contact: { firstName: 'Ada' } } });
    });
    // Every line of the printed match one level in, as the first is (vitest prints `Object {`).
    expect(message).toMatch(
      /Expected an event of contact\.changed matching\n {2}(Object )?\{\n {4}"data": (Object )?\{\n {6}"contact": (Object )?\{\n {8}"firstName": "Ada",\n {6}\},\n {4}\},\n {2}\}\n/,
    );
    expect(message).not.toContain('a event');
  });

  test('a refused request shows its error code beside its status', async ({ mock }) => {
    await createContact(mock, 'Ada', 'same-key');
    expect((await createContact(mock, 'Bea', 'same-key')).status).toBe(409);
    const message = await failure(() => {
      expect(mock).toHaveReceived('contacts.create', { body: { firstName: 'Bea' }, status: 201 });
    });
    expect(message).toMatch(/#1 POST \/api\/v1\/contacts → 409 IDEMPOTENCY_KEY_REUSED \(req_/);
    expect(mock).toHaveReceived('contacts.create', { errorCode: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('eventual checks: within', () => {
  test('polls until a request arrives', async ({ mock }) => {
    setTimeout(() => void createContact(mock, 'Later'), 100);
    await expect(mock).toHaveReceived('contacts.create', { body: { firstName: 'Later' }, within: 10_000 });
    setTimeout(() => void createContact(mock, 'Again'), 50);
    await expect(mock).toHaveReceivedTimes('contacts.create', 2, { within: 10_000 });
    await expect(mock).toHaveEmitted('contact.changed', { data: { contact: { firstName: 'Again' } }, within: 10_000 });
  });

  test('times out with the usual message, and the window it waited', async ({ mock }) => {
    const message = await failure(() => expect(mock).toHaveReceived('sms.send', { within: 120 }));
    expect(message).toContain('Expected a request of sms.send within 120 ms');
    expect(message).toContain('Received no request of sms.send. The mock received no requests.');
  });

  test('.not holds only if nothing matches for the whole window', async ({ mock }) => {
    await expect(mock).not.toHaveReceived('contacts.create', { within: 150 });
    setTimeout(() => void createContact(mock, 'Sneaky'), 50);
    const message = await failure(() => expect(mock).not.toHaveReceived('contacts.create', { within: 10_000 }));
    expect(message).toContain('Expected not a request of contacts.create within 10000 ms');
    expect(message).toMatch(/Received 1 matching request:\n {2}POST \/api\/v1\/contacts → 201/);
  });

  test('a delivery that succeeds after the request, with no idle()', async ({ mock, client }) => {
    mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, events: ['contact.changed'], callback: () => 204 });
    await client.contacts.create({ firstName: 'Dee' });
    await expect(mock).toHaveDelivered('contact.changed', {
      data: { contact: { firstName: 'Dee' } },
      tenantId: expect.any(String),
      within: 10_000,
    });
  });

  test('within must be a duration', ({ mock }) => {
    expect(() => expect(mock).toHaveReceived('sms.send', { within: -1 })).toThrow(/within must be a number/);
  });
});

test('the matchers are typed on the expect that registers them, not on vitest\u2019s own', () => {
  const check = (m: CommFlowMock) => {
    // @ts-expect-error -- vitest's expect never got the matchers' types
    vitestExpect(m).toHaveReceived('sms.send'); // eslint-disable-line @typescript-eslint/no-unsafe-call -- the point: no type
    expect(m).toHaveReceived('sms.send');
    expect(m).not.toHaveEmitted('sms.sent');
    expectTypeOf(expect(m).toHaveReceived('sms.send', { within: 1 })).toEqualTypeOf<Promise<void>>();
    expectTypeOf<ReturnType<CommFlowAssertion<CommFlowMock>['toHaveReceived']>>().toBeVoid();
  };
  expectTypeOf(check).toBeFunction();
});

test('a context without equals (Playwright\u2019s) compares deeply, asymmetric matchers included', async ({ mock }) => {
  await createContact(mock, 'Ada');
  const context: MatcherContextLike = {
    isNot: false,
    utils: { diff: () => null, printExpected: String, printReceived: String, matcherHint: (name) => name },
  };
  const run = (match: object) => matchers.toHaveReceived.call(context, mock, 'contacts.create', match) as MatcherResult;
  expect(run({ body: { firstName: expect.stringMatching(/^A/) }, status: 201 }).pass).toBe(true);
  expect(run({ body: { firstName: 'Ada' }, params: {} }).pass).toBe(true);
  expect(run({ body: { firstName: 'Bea' } }).pass).toBe(false);
  expect(run({ query: { limit: 5 } }).pass).toBe(false);
});
