// History is capped per tenant: the journal, the event log and the deliveries keep each tenant's
// newest entries, so one tenant's traffic never evicts another's; requests that belong to no
// tenant share one bucket of their own, and a deleted tenant's history is freed. In process and
// over real HTTP on 127.0.0.1.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/surfaces/adapters/node.js';
import { createMock, DEMO_KEYS, type CommFlowMock, type JournalEntry, type MockOptions } from '../src/index.js';
import { closeAfterEach } from './helpers/close-after-each.js';

const START = '2026-11-21T12:00:00.000Z';
const OWNER = 'owner@sandbox.test';
// Two and a half times a tenant's cap of 1,000 entries: past it, a cap shared by the tenants (what
// this replaced) would have evicted suite B's first request long before the flood ends.
const FLOOD = 2_500;

/** Where requests go: `mock.fetch`, or a server on 127.0.0.1 (its journal read over `/__mock` then). */
interface Target {
  readonly transport: 'in-process' | 'http';
  readonly mock: CommFlowMock;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** One tenant's journal entries (or all), oldest first, read the way the transport reads them. */
  requests(tenantId?: string): Promise<JournalEntry[]>;
  /** One entry by request id, or `undefined`. */
  request(requestId: string): Promise<JournalEntry | undefined>;
  close(): Promise<void>;
}

async function target(transport: Target['transport'], options: MockOptions = {}): Promise<Target> {
  const mock = createMock('demo', { clock: { frozen: true, start: START }, ...options });
  if (transport === 'in-process') {
    return {
      transport,
      mock,
      fetch: (path, init) => mock.fetch(path, init),
      requests: (tenantId) => Promise.resolve(mock.requests(tenantId === undefined ? {} : { tenantId })),
      request: (requestId) => Promise.resolve(mock.request(requestId)),
      close: () => mock.close(),
    };
  }
  const running = await startMockServer({ mock });
  const control = async (path: string) => {
    const response = await fetch(`${running.url}/__mock${path}`);
    return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
  };
  return {
    transport,
    mock,
    fetch: (path, init) => fetch(`${running.url}${path}`, init),
    requests: async (tenantId) => {
      // Pages of 100, oldest first, following the cursor: the whole of a tenant's history.
      const entries: JournalEntry[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: '100' });
        if (tenantId !== undefined) query.set('tenantId', tenantId);
        if (cursor !== null) query.set('cursor', cursor);
        const response = await fetch(`${running.url}/__mock/journal?${query.toString()}`);
        const body = (await response.json()) as {
          data: { entries: JournalEntry[] };
          meta: { pagination: { nextCursor: string | null } };
        };
        entries.push(...body.data.entries);
        cursor = body.meta.pagination.nextCursor;
      } while (cursor !== null);
      return entries;
    },
    request: async (requestId) => {
      const reply = await control(`/journal/${encodeURIComponent(requestId)}`);
      return reply.status === 404 ? undefined : (reply.json.data.entry as JournalEntry);
    },
    close: async () => {
      await running.close();
      await mock.close();
    },
  };
}

/** A tenant made for one suite: its id, and the headers of its owner. */
function newTenant(mock: CommFlowMock): { id: string; headers: Record<string, string> } {
  const { tenant, key } = mock.tenants.create();
  return { id: tenant.id, headers: { 'X-API-Key': key, 'X-Tenant-Id': tenant.id, 'X-User-Email': OWNER } };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

for (const transport of ['in-process', 'http'] as const) {
  // Two suites share one mock, as parallel workers share a standalone one: suite A floods the
  // journal while suite B asserts on the first request it sent.
  describe.concurrent(`two suites on one mock [${transport}]`, () => {
    let env: Target | undefined;
    let a: ReturnType<typeof newTenant>;
    let b: ReturnType<typeof newTenant>;
    const bSentFirst = deferred();
    const flooded = deferred();
    const ready = () => {
      if (env === undefined) throw new Error('env not ready');
      return env;
    };

    beforeAll(async () => {
      env = await target(transport);
      a = newTenant(env.mock);
      b = newTenant(env.mock);
    });
    afterAll(async () => {
      await env?.close();
    });

    it(`suite A floods its tenant's journal with ${String(FLOOD)} requests`, { timeout: 300_000 }, async () => {
      try {
        await bSentFirst.promise;
        let next = 0;
        // A bounded loop: FLOOD requests, at most 8 in flight.
        const worker = async () => {
          while (next < FLOOD) {
            const index = next++;
            const response = await ready().fetch('/api/v1/users?limit=1', {
              headers: { ...a.headers, 'X-Request-Id': `flood-${String(index)}` },
            });
            await response.arrayBuffer();
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));
      } finally {
        flooded.resolve();
      }
      const mine = await ready().requests(a.id);
      expect(mine).toHaveLength(1_000);
      expect(mine.every((entry) => entry.tenantId === a.id && entry.requestId.startsWith('flood-'))).toBe(true);
    });

    it('suite B asserts on its first request after the flood', { timeout: 300_000 }, async () => {
      const first = await ready().fetch('/api/v1/users?limit=1', {
        headers: { ...b.headers, 'X-Request-Id': 'suite-b-first' },
      });
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      bSentFirst.resolve();
      await flooded.promise;
      const created = await ready().fetch('/api/v1/contacts', {
        method: 'POST',
        headers: { ...b.headers, 'content-type': 'application/json', 'X-Request-Id': 'suite-b-second' },
        body: JSON.stringify({ firstName: 'Bea' }),
      });
      expect(created.status).toBe(201);
      await created.arrayBuffer();
      expect(await ready().request('suite-b-first')).toMatchObject({
        requestId: 'suite-b-first',
        tenantId: b.id,
        operationId: 'users.list',
        status: 200,
      });
      expect((await ready().requests(b.id)).map((entry) => entry.requestId)).toEqual([
        'suite-b-first',
        'suite-b-second',
      ]);
      // The whole journal is still oldest first across tenants: B's first request leads.
      expect((await ready().requests()).find((entry) => entry.tenantId === b.id)?.requestId).toBe('suite-b-first');
    });
  });

  describe(`history per tenant [${transport}]`, () => {
    const closing = closeAfterEach();
    const open = async (options: MockOptions) => closing(await target(transport, options));

    it('requests that belong to no tenant have a bucket of their own, capped at journalLimit', async () => {
      const env = await open({ journalLimit: 3 });
      const a = newTenant(env.mock);
      for (const n of [1, 2]) {
        const response = await env.fetch('/api/v1/users', {
          headers: { ...a.headers, 'X-Request-Id': `a-${String(n)}` },
        });
        await response.arrayBuffer();
      }
      // Ten answers with no tenant: no key and no tenant (401), and a route the API does not have.
      for (let n = 0; n < 10; n++) {
        const headers: Record<string, string> = { 'X-Request-Id': `none-${String(n)}` };
        // A key, but a route the API does not have and no tenant named: a 404 of no tenant.
        if (n % 2 === 1) headers['X-API-Key'] = DEMO_KEYS.sandbox;
        const response = await env.fetch(n % 2 === 0 ? '/api/v1/users' : '/api/v1/no-such-thing', { headers });
        await response.arrayBuffer();
      }
      expect((await env.requests(a.id)).map((entry) => entry.requestId)).toEqual(['a-1', 'a-2']);
      const all = await env.requests();
      expect(all.map((entry) => entry.requestId)).toEqual(['a-1', 'a-2', 'none-7', 'none-8', 'none-9']);
      expect(all.slice(2).map((entry) => [entry.tenantId, entry.status])).toEqual([
        [null, 404],
        [null, 401],
        [null, 404],
      ]);
    });

    it("one tenant's events and deliveries never evict another's", async () => {
      const env = await open({ eventLimit: 2, deliveryLimit: 2 });
      const a = newTenant(env.mock);
      const b = newTenant(env.mock);
      for (const tenant of [a, b]) {
        env.mock.webhooks.subscribe({
          tenantId: tenant.id,
          events: ['contact.changed'],
          callback: () => new Response(null, { status: 204 }),
        });
      }
      const createContact = async (tenant: typeof a, firstName: string) => {
        const response = await env.fetch('/api/v1/contacts', {
          method: 'POST',
          headers: { ...tenant.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName }),
        });
        expect(response.status).toBe(201);
        await response.arrayBuffer();
        await env.mock.idle();
      };
      await createContact(b, 'Bea');
      for (const name of ['A1', 'A2', 'A3', 'A4', 'A5']) await createContact(a, name);
      const names = (tenantId: string) =>
        env.mock
          .events({ tenantId, type: 'contact.changed' })
          .map((event) => (event.data as { contact: { firstName: string } }).contact.firstName);
      expect(names(b.id)).toEqual(['Bea']);
      expect(names(a.id)).toEqual(['A4', 'A5']);
      const bEvents = env.mock.events({ tenantId: b.id }).map((event) => event.id);
      expect(env.mock.deliveries({ tenantId: b.id }).map((delivery) => delivery.eventId)).toEqual(bEvents);
      expect(env.mock.deliveries({ tenantId: a.id })).toHaveLength(2);
      // Across tenants, still oldest first.
      expect(env.mock.deliveries().map((delivery) => delivery.tenantId)).toEqual([b.id, a.id, a.id]);
    });

    it("a deleted tenant's history is freed; the others' stays", async () => {
      const env = await open({});
      const a = newTenant(env.mock);
      const b = newTenant(env.mock);
      for (const tenant of [a, b]) {
        env.mock.webhooks.subscribe({
          tenantId: tenant.id,
          events: ['contact.changed'],
          callback: () => new Response(null, { status: 204 }),
        });
        const response = await env.fetch('/api/v1/contacts', {
          method: 'POST',
          headers: { ...tenant.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'Kept' }),
        });
        expect(response.status).toBe(201);
        await response.arrayBuffer();
      }
      await env.mock.idle();
      const before = {
        events: env.mock.events({ tenantId: b.id }),
        deliveries: env.mock.deliveries({ tenantId: b.id }),
      };
      const bRequests = await env.requests(b.id);
      env.mock.tenants.delete(a.id);
      const all = await env.requests();
      expect(all.some((entry) => entry.tenantId === a.id)).toBe(false);
      expect(all.filter((entry) => entry.tenantId === b.id)).toEqual(bRequests);
      expect(env.mock.events().some((event) => event.tenantId === a.id)).toBe(false);
      expect(env.mock.deliveries().some((delivery) => delivery.tenantId === a.id)).toBe(false);
      expect({
        events: env.mock.events({ tenantId: b.id }),
        deliveries: env.mock.deliveries({ tenantId: b.id }),
      }).toEqual(before);
    });
  });
}

describe('each tenant keeps its newest min(count, cap) entries', () => {
  it('for any interleaving of requests across tenants and none: the journal and the event log', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        // Who sends each request: a tenant's index, or -1 for a request with no tenant.
        fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 40 }),
        async (tenantCount, journalLimit, eventLimit, senders) => {
          const mock = createMock('demo', { clock: { frozen: true, start: START }, journalLimit, eventLimit });
          try {
            const tenants = Array.from({ length: tenantCount }, () => newTenant(mock));
            const sent = new Map<string | null, string[]>();
            const order: string[] = [];
            for (const [index, sender] of senders.entries()) {
              const tenant = sender < 0 ? undefined : tenants[sender % tenantCount];
              const requestId = `r-${String(index)}`;
              // Each request of a tenant creates a contact named for it (one event); one of no tenant is a 401.
              const response = await mock.fetch('/api/v1/contacts', {
                method: 'POST',
                headers: { ...tenant?.headers, 'content-type': 'application/json', 'X-Request-Id': requestId },
                body: JSON.stringify({ firstName: requestId }),
              });
              expect(response.status).toBe(tenant === undefined ? 401 : 201);
              await response.arrayBuffer();
              const key = tenant?.id ?? null;
              sent.set(key, [...(sent.get(key) ?? []), requestId]);
              order.push(requestId);
            }
            const kept = new Set<string>();
            for (const [tenantId, ids] of sent) {
              const newest = ids.slice(-journalLimit);
              for (const id of newest) kept.add(id);
              if (tenantId === null) continue;
              expect(mock.requests({ tenantId }).map((entry) => entry.requestId)).toEqual(newest);
              const events = mock.events({ tenantId, type: 'contact.changed' });
              expect(
                events.map((event) => (event.data as { contact: { firstName: string } }).contact.firstName),
              ).toEqual(ids.slice(-eventLimit));
            }
            // The whole journal: exactly the kept ones, in the order they were sent.
            expect(mock.journal().map((entry) => entry.requestId)).toEqual(order.filter((id) => kept.has(id)));
          } finally {
            await mock.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('a restore applies the caps per tenant', () => {
  it('into a mock with lower caps, each tenant keeps its newest entries, oldest first across tenants', async () => {
    const source = createMock('demo', { clock: { frozen: true, start: START } });
    const small = createMock('demo', { clock: { frozen: true }, journalLimit: 2, eventLimit: 2 });
    try {
      const a = newTenant(source);
      const b = newTenant(source);
      const send = async (tenant: typeof a, requestId: string) => {
        const response = await source.fetch('/api/v1/contacts', {
          method: 'POST',
          headers: { ...tenant.headers, 'content-type': 'application/json', 'X-Request-Id': requestId },
          body: JSON.stringify({ firstName: requestId }),
        });
        expect(response.status).toBe(201);
        await response.arrayBuffer();
      };
      await send(b, 'b-1');
      for (const n of [1, 2, 3, 4, 5]) await send(a, `a-${String(n)}`);
      small.restore(source.snapshot());
      expect(small.journal().map((entry) => entry.requestId)).toEqual(['b-1', 'a-4', 'a-5']);
      const names = small
        .events({ type: 'contact.changed' })
        .map((event) => (event.data as { contact: { firstName: string } }).contact.firstName);
      expect(names).toEqual(['b-1', 'a-4', 'a-5']);
      // What it keeps saves as it restored: every tenant's entries, oldest first.
      expect(small.snapshot().state.journal.map((entry) => entry.requestId)).toEqual(['b-1', 'a-4', 'a-5']);
    } finally {
      await Promise.all([source.close(), small.close()]);
    }
  });
});
