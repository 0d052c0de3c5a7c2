// The direct path: mock.fetch hands a standard Request to the mock's core, with no interception
// layer. Use it for suites that make thousands of calls, or with any client that takes a fetch.
import assert from 'node:assert/strict';
import { createMock, DEMO_KEYS, DEMO_TENANTS, MAGIC_DIAL_DESTINATIONS } from '@commflow/mock-server';

const mock = createMock('demo', { clock: { frozen: true, start: '2026-11-21T12:00:00Z' } });
const headers = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
  'content-type': 'application/json',
};

const created = await mock.fetch('/api/v1/contacts', {
  method: 'POST',
  headers,
  body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', phoneMobile: '+14155550123' }),
});
assert.equal(created.status, 201);

const list = (await (await mock.fetch('/api/v1/contacts?search=hopper', { headers })).json()) as {
  data: { contacts: { firstName: string }[] };
};
assert.equal(list.data.contacts.length, 2);

// A magic destination ends busy; the mock clock drives the call, and the CDR follows.
const dial = await mock.fetch('/api/v1/click2dial', {
  method: 'POST',
  headers,
  body: JSON.stringify({ destination: MAGIC_DIAL_DESTINATIONS.busy }),
});
assert.equal(dial.status, 200);
mock.advanceClock(60_000);
const cdr = (await (await mock.fetch('/api/v1/cdr', { headers })).json()) as {
  data: { records: { disposition: string }[] };
};
assert.equal(cdr.data.records[0]?.disposition, 'busy');
assert.deepEqual(
  mock.events().map((event) => event.type),
  ['contact.changed', 'call.started'],
);
console.log('mock-direct: ok');
