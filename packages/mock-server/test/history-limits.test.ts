// Bounded memory: idempotency keys expire and are evicted on the mock clock; every history that
// grows with traffic has a cap that evicts oldest first, and live state is never evicted. The
// CLI's flags are in history-limits-cli.test.ts (they spawn it, so the mutation run leaves them out).
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../src/surfaces/adapters/node.js';
import {
  createMock,
  DEMO_KEYS,
  DEMO_TENANTS,
  IDEMPOTENCY_RETENTION_MS,
  MAGIC_DIAL_DESTINATIONS,
  RecordingCarrier,
  type CommFlowMock,
  type MockOptions,
} from '../src/index.js';
import { closeAfterEach } from './helpers/close-after-each.js';

const ANN = 'ann.lee@acme.test';
const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN };
const START = '2026-11-21T12:00:00.000Z';

const closing = closeAfterEach();

function demo(options: MockOptions = {}): CommFlowMock {
  const mock = createMock('demo', { clock: { frozen: true, start: START }, ...options });
  closing(mock);
  return mock;
}

async function createContact(mock: CommFlowMock, firstName: string, idempotencyKey?: string) {
  const response = await mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
    },
    body: JSON.stringify({ firstName }),
  });
  const body = (await response.json()) as { data: { contact: { id: string } } };
  return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', body };
}

async function contactNames(mock: CommFlowMock, search: string): Promise<string[]> {
  const response = await mock.fetch(`/api/v1/contacts?limit=100&search=${encodeURIComponent(search)}`, { headers });
  const body = (await response.json()) as { data: { contacts: { firstName: string }[] } };
  return body.data.contacts.map((contact) => contact.firstName);
}

describe('idempotency keys expire and are evicted', () => {
  it('replays within 24 h on the mock clock, executes afresh after, and replays the new result', async () => {
    const mock = demo();
    const first = await createContact(mock, 'Keyed', 'key-a');
    mock.advanceClock(IDEMPOTENCY_RETENTION_MS - 1);
    const replay = await createContact(mock, 'Keyed', 'key-a');
    expect(replay.replayed).toBe(true);
    expect(replay.body.data.contact.id).toBe(first.body.data.contact.id);
    mock.advanceClock(1);
    const fresh = await createContact(mock, 'Keyed', 'key-a');
    expect(fresh.replayed).toBe(false);
    expect(fresh.body.data.contact.id).not.toBe(first.body.data.contact.id);
    // The fresh execution starts its own 24 h.
    mock.advanceClock(IDEMPOTENCY_RETENTION_MS - 1);
    expect((await createContact(mock, 'Keyed', 'key-a')).body.data.contact.id).toBe(fresh.body.data.contact.id);
    expect(await contactNames(mock, 'Keyed')).toEqual(['Keyed', 'Keyed']);
  });

  it('past idempotencyLimit the oldest key is forgotten first', async () => {
    const mock = demo({ idempotencyLimit: 2 });
    await createContact(mock, 'One', 'k1');
    await createContact(mock, 'Two', 'k2');
    await createContact(mock, 'Three', 'k3');
    expect((await createContact(mock, 'Three', 'k3')).replayed).toBe(true);
    expect((await createContact(mock, 'Two', 'k2')).replayed).toBe(true);
    const again = await createContact(mock, 'One', 'k1');
    expect(again.replayed).toBe(false);
    expect(await contactNames(mock, 'One')).toEqual(['One', 'One']);
  });

  it('rejects a limit that is not a whole number at or above its minimum', () => {
    expect(() => createMock('demo', { idempotencyLimit: 0 })).toThrow(/idempotencyLimit must be an integer >= 1/);
    expect(() => createMock('demo', { eventLimit: -1 })).toThrow(RangeError);
    expect(() => createMock('demo', { deliveryLimit: 1.5 })).toThrow(RangeError);
  });
});

describe('history caps evict oldest first, never live state', () => {
  it('the event log and the journal keep the newest entries; every contact stays', async () => {
    const mock = demo({ eventLimit: 3, journalLimit: 2 });
    for (const name of ['Ada', 'Ben', 'Cy', 'Dee', 'Eli']) await createContact(mock, name);
    const events = mock.events({ type: 'contact.changed' });
    expect(events.map((event) => (event.data as { contact: { firstName: string } }).contact.firstName)).toEqual([
      'Cy',
      'Dee',
      'Eli',
    ]);
    expect(mock.journal().map((entry) => entry.status)).toEqual([201, 201]);
    const response = await mock.fetch('/api/v1/contacts?limit=100', { headers });
    const names = ((await response.json()) as { data: { contacts: { firstName: string }[] } }).data.contacts.map(
      (contact) => contact.firstName,
    );
    for (const name of ['Ada', 'Ben', 'Cy', 'Dee', 'Eli']) expect(names).toContain(name);
  });

  it('finished webhook deliveries beyond deliveryLimit are forgotten oldest first; pending ones stay', async () => {
    const mock = demo({ deliveryLimit: 2 });
    let answer = 200;
    mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      events: ['contact.changed'],
      callback: () => new Response(null, { status: answer }),
    });
    for (const name of ['Ada', 'Ben', 'Cy']) {
      await createContact(mock, name);
      await mock.idle();
    }
    const kept = mock.deliveries();
    expect(kept.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
    const payloads = kept.map((delivery) => delivery.eventId);
    const events = mock.events({ type: 'contact.changed' }).map((event) => event.id);
    expect(payloads).toEqual(events.slice(-2));

    // Failing deliveries stay pending (retries on the clock): the cap never drops them.
    answer = 503;
    for (const name of ['Dee', 'Eli', 'Fay']) {
      await createContact(mock, name);
      await mock.idle();
    }
    const pending = mock.deliveries({ status: 'pending' });
    expect(pending).toHaveLength(3);
    expect(mock.deliveries({ status: 'succeeded' })).toHaveLength(0);
  });

  it('ended calls beyond callLimit are forgotten oldest first; their CDRs and active calls stay', async () => {
    const mock = demo({ callLimit: 1 });
    const dial = async (destination: string) => {
      const response = await mock.fetch('/api/v1/click2dial', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ destination }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { callId: string } }).data.callId;
    };
    const first = await dial(MAGIC_DIAL_DESTINATIONS.busy);
    const second = await dial(MAGIC_DIAL_DESTINATIONS.busy);
    mock.advanceClock(60_000);
    const active = await dial('+14155550123');
    expect(mock.calls().map((call) => call.callId)).toEqual([second, active]);
    expect(mock.calls().find((call) => call.callId === first)).toBeUndefined();
    const cdrs = await mock.fetch('/api/v1/cdr?limit=100', { headers });
    const callIds = ((await cdrs.json()) as { data: { records: { callId: string }[] } }).data.records.map(
      (record) => record.callId,
    );
    expect(callIds).toEqual(expect.arrayContaining([first, second]));
  });

  it('the recording carrier keeps its newest messages', async () => {
    const mock = demo({ carrierMessageLimit: 2 });
    const live = { 'X-API-Key': DEMO_KEYS.live, 'X-Tenant-Id': DEMO_TENANTS.live, 'X-User-Email': 'grace@globex.test' };
    const list = await mock.fetch('/api/v1/sms/conversations?search=Hank', { headers: live });
    const conversations = ((await list.json()) as { data: { conversations: { id: string }[] } }).data.conversations;
    const conversation = conversations[0];
    if (conversation === undefined) throw new Error('the demo live tenant has a conversation');
    for (const body of ['one', 'two', 'three']) {
      const response = await mock.fetch(`/api/v1/sms/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { ...live, 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
      expect(response.status).toBe(200);
    }
    expect(mock.carrier().messages.map((message) => message.body)).toEqual(['two', 'three']);
  });

  it("an app's own RecordingCarrier keeps its own record, capped, and rejects when told", async () => {
    const own = new RecordingCarrier({ limit: 2 });
    const mock = demo({ carrier: own });
    const live = { 'X-API-Key': DEMO_KEYS.live, 'X-Tenant-Id': DEMO_TENANTS.live, 'X-User-Email': 'grace@globex.test' };
    const list = await mock.fetch('/api/v1/sms/conversations?search=Hank', { headers: live });
    const conversation = ((await list.json()) as { data: { conversations: { id: string }[] } }).data.conversations[0];
    if (conversation === undefined) throw new Error('the demo live tenant has a conversation');
    const send = async (body: string) => {
      const response = await mock.fetch(`/api/v1/sms/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { ...live, 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
      return ((await response.json()) as { data: { message: { status: string; failureReason?: string } } }).data
        .message;
    };
    for (const body of ['one', 'two', 'three']) expect((await send(body)).status).toBe('SENT');
    own.setMode({ mode: 'reject', reason: 'Carrier outage' });
    expect(await send('four')).toMatchObject({ status: 'FAILED', failureReason: 'Carrier outage' });
    expect(own.messages.map((message) => [message.body, message.result.accepted])).toEqual([
      ['three', true],
      ['four', false],
    ]);
    // The mock's default carrier saw none of it.
    expect(mock.carrier().messages).toEqual([]);
  });
});

describe('memory report', () => {
  it('GET /__mock/memory reports the heap over real HTTP', async () => {
    const running = await startMockServer({ mock: demo() });
    try {
      const response = await fetch(`${running.url}/__mock/memory`);
      const body = (await response.json()) as { data: { memory: { heapUsed: number; rss: number } } };
      expect(response.status).toBe(200);
      expect(body.data.memory.heapUsed).toBeGreaterThan(0);
      expect(body.data.memory.rss).toBeGreaterThanOrEqual(body.data.memory.heapUsed);
    } finally {
      await running.close();
    }
  });
});
