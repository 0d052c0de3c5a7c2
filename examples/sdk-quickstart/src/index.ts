/**
 * The SDK quick start, end to end, against the in-process mock (`mock.fetch`): no network, no
 * server. Any failure throws, so the process exits non-zero.
 */
import assert from 'node:assert/strict';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { APIError, CommFlow, ValidationError } from '@commflow/sdk';
import { signWebhook, verifyWebhook } from '@commflow/sdk/webhooks';

const mock = createMock('demo');
const client = new CommFlow({
  apiKey: DEMO_KEYS.sandbox,
  tenantId: DEMO_TENANTS.sandbox,
  baseUrl: 'http://commflow.mock',
  fetch: mock.fetch,
});
const ann = client.withUser('ann.lee@acme.test');

// 1. Create a contact and read the response metadata.
const {
  data: contact,
  requestId,
  rateLimit,
} = await ann.contacts.create({ firstName: 'Ada', lastName: 'Lovelace', phoneMobile: '+442079460002' }).withResponse();
console.log(`created contact ${contact.id} (request ${requestId}, ${rateLimit.remaining} requests left)`);

// 2. Iterate every contact, page by page.
let count = 0;
for await (const c of client.contacts.list({ limit: 3 })) {
  count++;
  if (c.id === contact.id) console.log(`  found ${c.firstName} ${c.lastName} while paging`);
}
console.log(`listed ${count} contacts`);
assert.ok(count >= 9);

// 3. Click-to-dial, retried through two injected 503s with one idempotency key: one call.
mock.injectFault({ method: 'POST', path: '/api/v1/click2dial', status: 503, times: 2 });
const call = await ann.voice.click2dial({ destination: '+14155550101' }, { maxRetries: 2 });
console.log(`call ${call.callId} is ${call.status}`);
assert.equal(mock.calls().length, 1);

// 4. Typed errors.
try {
  await client.withUser('dan.fox@acme.test').voice.click2dial({ destination: '1001' });
  assert.fail('Dan has no extension');
} catch (err) {
  assert.ok(err instanceof APIError && err.code === 'NO_EXTENSION');
  console.log(`expected error: ${err.message}`);
}
try {
  await ann.contacts.create({ firstName: 'Bad', phoneMobile: '555' });
  assert.fail('not E.164');
} catch (err) {
  assert.ok(err instanceof ValidationError);
  console.log(`rejected before sending: ${err.field}`);
}

// 5. Webhooks: the event the mock recorded, signed and verified.
const event = mock.events({ type: 'call.started' })[0];
assert.ok(event);
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const payload = JSON.stringify(event);
const verified = await verifyWebhook({ payload, headers: await signWebhook({ payload, secret }), secret });
assert.equal(verified.type, 'call.started'); // narrows: verified.data is the call.started data
console.log(`verified webhook for call ${verified.data.callId}`);

console.log('sdk-quickstart: all good');
