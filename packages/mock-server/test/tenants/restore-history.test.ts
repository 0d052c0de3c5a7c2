// A tenant restore puts back only its tenant's history (issue 34): another tenant's webhook
// attempt in flight keeps its record, so its answer is recorded once and its receiver is not
// called again; and a slice of exactly its cap comes back whole, next to a full other tenant.
import { describe, expect, it } from 'vitest';
import {
  createMock,
  DEMO_TENANTS,
  type CommFlowMock,
  type CreatedTenantResult,
  type JournalEntry,
} from '../../src/index.js';

const START = '2026-11-21T12:00:00.000Z';
const ANN = 'ann.lee@acme.test';

async function addContact(mock: CommFlowMock, tenant: CreatedTenantResult, firstName: string): Promise<number> {
  const response = await mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: {
      'X-API-Key': tenant.key,
      'X-Tenant-Id': tenant.tenant.id,
      'X-User-Email': ANN,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ firstName }),
  });
  return response.status;
}

/** A promise and the function that settles it. */
function deferred<T>(): { promise: Promise<T>; settle: (value: T) => void } {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('a tenant restore and the history of other tenants', () => {
  it("records another tenant's attempt in flight once, with its answer, and does not send it again", async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START } });
    const a = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const b = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    // A has deliveries before and after its snapshot, so its restore puts deliveries back.
    let aCalls = 0;
    mock.webhooks.subscribe({
      tenantId: a.tenant.id,
      events: ['contact.changed'],
      callback: () => {
        aCalls++;
        return 200;
      },
    });
    expect(await addContact(mock, a, 'Ada')).toBe(201);
    await mock.webhooks.idle();
    const taken = mock.tenants.snapshot(a.tenant.id);
    expect(taken.state.deliveries).toHaveLength(1);
    expect(await addContact(mock, a, 'Ada later')).toBe(201);
    await mock.webhooks.idle();
    expect(aCalls).toBe(2);

    const answer = deferred<number>();
    const started = deferred<undefined>();
    let bCalls = 0;
    mock.webhooks.subscribe({
      tenantId: b.tenant.id,
      events: ['contact.changed'],
      callback: async () => {
        bCalls++;
        started.settle(undefined);
        return answer.promise;
      },
    });
    expect(await addContact(mock, b, 'Bea')).toBe(201);
    await started.promise;

    mock.tenants.restore(a.tenant.id, taken);
    expect(mock.webhooks.deliveries({ tenantId: a.tenant.id }).map(({ id, status }) => [id, status])).toEqual(
      taken.state.deliveries.map(({ id }) => [id, 'succeeded']),
    );
    answer.settle(202);
    await mock.webhooks.idle();
    // Had the table been reloaded whole, B's answer would be dropped and the delivery sent again.
    mock.advanceClock(60 * 60_000);
    await mock.webhooks.idle();

    const [delivery] = mock.webhooks.deliveries({ tenantId: b.tenant.id });
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.attempts).toEqual([expect.objectContaining({ status: 202 })]);
    expect(bCalls).toBe(1);
    expect(aCalls).toBe(2);
    await mock.close();
  });

  it('gives back a slice of exactly its cap of journal entries, events and deliveries, next to a full tenant', async () => {
    const cap = 3;
    const mock = createMock('demo', {
      clock: { frozen: true, start: START },
      journalLimit: cap,
      eventLimit: cap,
      deliveryLimit: cap,
    });
    const a = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const b = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    for (const tenant of [a, b]) {
      mock.webhooks.subscribe({ tenantId: tenant.tenant.id, events: ['contact.changed'], callback: () => 200 });
    }
    for (let n = 0; n < cap; n++) expect(await addContact(mock, a, `Ada ${n}`)).toBe(201);
    await mock.webhooks.idle();
    const taken = mock.tenants.snapshot(a.tenant.id);
    expect(taken.state.journal).toHaveLength(cap);
    expect(taken.state.events).toHaveLength(cap);
    expect(taken.state.deliveries).toHaveLength(cap);

    // A's history moves on, and B fills its own cap after A's snapshot, a minute later.
    mock.advanceClock(60_000);
    for (let n = 0; n < cap; n++) {
      expect(await addContact(mock, a, `Ada later ${n}`)).toBe(201);
      expect(await addContact(mock, b, `Bea ${n}`)).toBe(201);
    }
    await mock.webhooks.idle();
    const bBefore = mock.tenants.snapshot(b.tenant.id);

    mock.tenants.restore(a.tenant.id, taken);
    const back = mock.tenants.snapshot(a.tenant.id);
    expect(back.state.journal).toEqual(taken.state.journal);
    expect(back.state.events).toEqual(taken.state.events);
    expect(back.state.deliveries).toEqual(taken.state.deliveries);
    expect(mock.tenants.snapshot(b.tenant.id)).toEqual(bBefore);
    // The whole lists stay oldest first across tenants: A's entries, older, come before B's.
    const times = mock.events().map((event) => event.timestamp);
    expect(times).toEqual([...times].sort());
    expect(times[0]).toBe(START);
    expect(mock.requests().map((entry) => entry.tenantId)).toEqual([
      ...Array<string>(cap).fill(a.tenant.id),
      ...Array<string>(cap).fill(b.tenant.id),
    ]);
    await mock.close();
  });

  it("puts the tenant's journal entries back among the others' by time; cursors walk on across the restore", async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START } });
    const a = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const b = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const turns: [CreatedTenantResult, string][] = [
      [a, 'A1'],
      [b, 'B1'],
      [a, 'A2'],
      [b, 'B2'],
    ];
    for (const [tenant, name] of turns) {
      expect(await addContact(mock, tenant, name)).toBe(201);
      mock.advanceClock(1_000);
    }
    const taken = mock.tenants.snapshot(a.tenant.id);
    expect(await addContact(mock, a, 'A3')).toBe(201);
    const page = async (query: string) => {
      const response = await mock.fetch(`/__mock/journal?limit=1${query}`);
      const json = (await response.json()) as {
        data: { entries: JournalEntry[] };
        meta: { pagination: { nextCursor: string | null } };
      };
      const names = json.data.entries.map((entry) => (entry.request.body as { firstName: string }).firstName);
      return { names, cursor: json.meta.pagination.nextCursor };
    };
    const walk = async (query: string, from: string | null) => {
      const names: string[] = [];
      let cursor = from;
      for (let n = 0; n < 10 && cursor !== null; n++) {
        const next = await page(`${query}&cursor=${cursor}`);
        names.push(...next.names);
        cursor = next.cursor;
      }
      return names;
    };
    const firstOfB = await page(`&tenantId=${b.tenant.id}`);
    expect(firstOfB.names).toEqual(['B1']);

    mock.tenants.restore(a.tenant.id, taken);
    const bodies = mock.requests().map((entry) => (entry.request.body as { firstName: string }).firstName);
    expect(bodies).toEqual(['A1', 'B1', 'A2', 'B2']);
    // B's cursor, taken before, resumes after the same entry; a whole walk lists every entry once.
    expect(await walk(`&tenantId=${b.tenant.id}`, firstOfB.cursor)).toEqual(['B2']);
    const first = await page('');
    expect([...first.names, ...(await walk('', first.cursor))]).toEqual(bodies);
    await mock.close();
  });
});
