// A tenant restore puts back only its tenant's history (issue 34): another tenant's webhook
// attempt in flight keeps its record, so its answer is recorded once and its receiver is not
// called again; and a slice of exactly its cap comes back whole, next to a full other tenant.
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_TENANTS, type CommFlowMock, type CreatedTenantResult } from '../../src/index.js';

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
    expect(mock.webhooks.deliveries({ tenantId: a.tenant.id })).toEqual(
      taken.state.deliveries.map((delivery) => expect.objectContaining({ id: delivery.id, status: 'succeeded' })),
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
});
