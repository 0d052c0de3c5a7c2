/**
 * The tenant handle in process (`mock.tenant(id)`, `mock.tenants.create()`, the vitest fixture's
 * `tenant`), over the public API: everything it reads and changes is its tenant's alone, the
 * matchers on it are scoped to the tenant, and a tenant id that is not the handle's, or that no
 * tenant has, is an error that names it.
 */
import type { OperationBody } from '@commflow/contract';
import fc from 'fast-check';
import { describe, expectTypeOf } from 'vitest';
import {
  ApiError,
  createMock,
  DEMO_KEYS,
  DEMO_TENANTS,
  type CommFlowMock,
  type MockTenantHandle,
  type TenantHandle,
} from '../../src/index.js';
import { expect, test, type CommFlowAssertion } from '../../src/surfaces/testing/vitest.js';
import { closeAfterEach } from '../helpers/close-after-each.js';
import { thrown, thrownMessage } from '../helpers/thrown.js';

const track = closeAfterEach();

/** The sandbox tenant's id with its last character changed: a slip of the fingers. */
const SANDBOX_TYPO = `${DEMO_TENANTS.sandbox.slice(0, -1)}2`;

async function addContact(tenant: MockTenantHandle, firstName: string): Promise<void> {
  const client = await tenant.client();
  await client.contacts.create({ firstName });
}

describe('the vitest fixture', () => {
  test('hands each test the handle of its tenant, the one its client acts for', async ({ tenant, client }) => {
    expect(tenant.id).toBe(DEMO_TENANTS.sandbox);
    expect(tenant.key).toBe(DEMO_KEYS.sandbox);
    await client.contacts.create({ firstName: 'Ada' });
    expect(tenant).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
    expect(tenant.requests({ operationId: 'contacts.create' })).toHaveLength(1);
  });

  describe('for another tenant', () => {
    test.override('commflow', { tenantId: DEMO_TENANTS.live, userEmail: null });
    test('the handle is that tenant', async ({ mock, tenant, client }) => {
      expect(tenant.id).toBe(DEMO_TENANTS.live);
      await client.users.list().toArray();
      expect(tenant).toHaveReceived('users.list');
      expect(mock.tenant(DEMO_TENANTS.sandbox)).not.toHaveReceived('users.list');
    });
  });
});

describe('mock.tenant(id) and mock.tenants.create()', () => {
  test('create() returns the handle, with tenant, key and apiKey as before', async () => {
    const mock = track(createMock('demo'));
    const created = mock.tenants.create({ from: DEMO_TENANTS.sandbox, name: 'handle' });
    const { tenant, key, apiKey } = created;
    expect(tenant.name).toBe('handle');
    expect(created.id).toBe(tenant.id);
    expect(key).toMatch(/^cf_/);
    expect(apiKey.key).toBe(key);
    expectTypeOf(created).toExtend<TenantHandle>();

    await addContact(created, 'Ada');
    expect(created).toHaveReceived('contacts.create', { userEmail: 'ann.lee@acme.test', body: { firstName: 'Ada' } });
    expect(mock.tenant(tenant.id.toUpperCase()).id).toBe(tenant.id);
  });

  test('an unknown id is refused, naming the tenants it could have meant', () => {
    const mock = track(createMock('demo'));
    const error = thrown(() => mock.tenant(SANDBOX_TYPO));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
    expect((error as Error).message).toContain(
      `unknown tenant id "${SANDBOX_TYPO}"; did you mean "${DEMO_TENANTS.sandbox}" (Acme)`,
    );
    // A tenant's name where its id belongs: the tenant of that name.
    expect(() => mock.tenant('Acme')).toThrow(`did you mean "${DEMO_TENANTS.sandbox}" (Acme)`);
  });

  test('a scenario tenant has the scenario key; a tenant without one gets a key of its own from client()', async () => {
    const mock = track(
      createMock({
        tenants: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            name: 'Solo',
            mode: 'sandbox',
            users: [{ email: 'solo@x.test', firstName: 'S', lastName: 'O' }],
          },
        ],
      }),
    );
    const tenant = mock.tenant('33333333-3333-4333-8333-333333333333');
    expect(tenant.key).toBeUndefined();
    const client = await tenant.client();
    expect((await client.users.list().toArray()).map((user) => user.email)).toEqual(['solo@x.test']);
    expect(tenant).toHaveReceived('users.list', { status: 200 });
    // The acting user is the tenant's first by default, none with null.
    await client.contacts.create({ firstName: 'Ada' });
    expect(tenant).toHaveReceived('contacts.create', { userEmail: 'solo@x.test', status: 201 });
    const anonymous = await tenant.client({ userEmail: null });
    await expect(anonymous.contacts.create({ firstName: 'Bo' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(mock.apiKeys()).toHaveLength(1);
  });
});

describe('a handle reads and asserts on its own tenant alone', () => {
  test("a matcher without tenantId does not pass on another tenant's request", async () => {
    const mock = track(createMock('demo'));
    const mine = mock.tenants.create();
    const theirs = mock.tenants.create();
    await addContact(theirs, 'Ada');

    expect(mine).not.toHaveReceived('contacts.create');
    expect(mine).toHaveReceivedTimes('contacts.create', 0);
    expect(theirs).toHaveReceived('contacts.create');
    expect(mine.requests()).toEqual([]);
    expect(mine.events()).toEqual([]);
    expect(theirs.events({ type: 'contact.changed' })).toHaveLength(1);

    // The failure speaks of this tenant's traffic only.
    const message = thrownMessage(() => {
      expect(mine).toHaveReceived('contacts.create');
    });
    expect(message).toContain(`Tenant ${mine.id} received no requests.`);
  });

  test("a tenantId that is not the handle's throws, under .not too; its own passes", async () => {
    const mock = track(createMock('demo'));
    const mine = mock.tenants.create();
    const theirs = mock.tenants.create();
    await addContact(mine, 'Ada');
    const foreign = `tenantId "${theirs.id}" is not this handle's tenant "${mine.id}"`;
    expect(() => {
      expect(mine).not.toHaveReceived('contacts.create', { tenantId: theirs.id });
    }).toThrow(foreign);
    expect(() => {
      expect(mine).toHaveEmitted('contact.changed', { tenantId: theirs.id });
    }).toThrow(foreign);
    expect(() => {
      expect(mine).toHaveUsedEveryOverride({ tenantId: theirs.id });
    }).toThrow(foreign);
    expect(mine).toHaveReceived('contacts.create', { tenantId: mine.id });

    // The filters alike: a VALIDATION_ERROR naming the field.
    expect(() => mine.requests({ tenantId: theirs.id })).toThrow(ApiError);
    expect(() => mine.requests({ tenantId: theirs.id })).toThrow(/filter\.tenantId/);
    expect(() => mine.events({ tenantId: theirs.id })).toThrow(foreign);
    expect(() => mine.deliveries({ tenantId: theirs.id })).toThrow(foreign);
    expect(() => mine.overrides.list({ tenantId: theirs.id })).toThrow(foreign);
    expect(() =>
      mine.overrides.add({ tenantId: theirs.id, operationId: 'contacts.list', fault: { status: 503 } }),
    ).toThrow(/override\.tenantId/);
    expect(mine.requests({ tenantId: mine.id })).toHaveLength(1);
  });

  test('requests() are typed by operation, as mock.requests() types them', async () => {
    const mock = track(createMock('demo'));
    const tenant = mock.tenants.create();
    await addContact(tenant, 'Ada');
    const created = tenant.requests({ operationId: 'contacts.create' });
    expectTypeOf(created[0]!.request.body).toEqualTypeOf<OperationBody<'contacts.create'> | undefined>();
    expect(created.map((entry) => entry.request.body?.firstName)).toEqual(['Ada']);
    expect(() => tenant.requests({ operationId: 'contacts.craete' as 'contacts.create' })).toThrow(
      'did you mean "contacts.create"',
    );
  });

  test('property: a handle sees exactly its tenant’s share of the traffic, whatever the mix', async () => {
    const mock = track(createMock('demo'));
    const tenants = [mock.tenants.create(), mock.tenants.create(), mock.tenants.create()];
    const clients = await Promise.all(tenants.map((tenant) => tenant.client()));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 6 }), async (senders) => {
        for (const tenant of tenants) tenant.reset();
        for (const sender of senders) await clients[sender]!.contacts.create({ firstName: `by ${String(sender)}` });
        tenants.forEach((tenant, index) => {
          const own = senders.filter((sender) => sender === index).length;
          expect(tenant.requests({ operationId: 'contacts.create' })).toHaveLength(own);
          expect(tenant).toHaveReceivedTimes('contacts.create', own);
          if (own === 0) expect(tenant).not.toHaveReceived('contacts.create');
        });
      }),
      { numRuns: 15 },
    );
  });
});

describe('a tenant id no tenant has, on the whole mock', () => {
  test('every matcher throws, naming the id and the tenants it could have meant', () => {
    const mock = track(createMock('demo'));
    const meant = `unknown tenant id "${SANDBOX_TYPO}"; did you mean "${DEMO_TENANTS.sandbox}" (Acme)`;
    expect(() => {
      expect(mock).not.toHaveReceived('contacts.create', { tenantId: SANDBOX_TYPO });
    }).toThrow(meant);
    expect(() => {
      expect(mock).toHaveReceivedTimes('contacts.create', 0, { tenantId: SANDBOX_TYPO });
    }).toThrow(meant);
    expect(() => {
      expect(mock).not.toHaveEmitted('contact.changed', { tenantId: SANDBOX_TYPO });
    }).toThrow(meant);
    expect(() => {
      expect(mock).not.toHaveDelivered('contact.changed', { tenantId: SANDBOX_TYPO });
    }).toThrow(meant);
    expect(() => {
      expect(mock).toHaveUsedEveryOverride({ tenantId: SANDBOX_TYPO });
    }).toThrow(meant);
  });

  test('a deleted tenant is unknown; the tenants created since are suggested', () => {
    const mock = track(createMock('demo'));
    const created = mock.tenants.create({ name: 'e2e worker 1' });
    const gone = mock.tenants.create();
    gone.delete();
    expect(() => {
      expect(mock).not.toHaveReceived('contacts.create', { tenantId: gone.id });
    }).toThrow(`unknown tenant id "${gone.id}"`);
    const typo = `${created.id.slice(0, -1)}${created.id.endsWith('0') ? '1' : '0'}`;
    expect(() => {
      expect(mock).not.toHaveReceived('contacts.create', { tenantId: typo });
    }).toThrow(`did you mean "${created.id}" (e2e worker 1)`);
  });

  test('the failure summary lists only the traffic of the tenant asked about', async () => {
    const mock = track(createMock('demo'));
    const mine = mock.tenants.create();
    const theirs = mock.tenants.create();
    await (await mine.client()).users.list().toArray();
    await addContact(theirs, 'Ada');

    const message = thrownMessage(() => {
      expect(mock).toHaveReceived('sms.send', { tenantId: mine.id });
    });
    expect(message).toContain(`Tenant ${mine.id} received:\n  users.list ×1`);
    expect(message).not.toContain('contacts.create');
    const onHandle = thrownMessage(() => {
      expect(mine).toHaveEmitted('sms.sent');
    });
    expect(onHandle).toContain(`There were no events of tenant ${mine.id}.`);
    // Without a tenant, the whole mock's traffic, as before.
    expect(
      thrownMessage(() => {
        expect(mock).toHaveReceived('sms.send');
      }),
    ).toContain('The mock received:\n  users.list ×1\n  contacts.create ×1');
  });
});

describe("the handle's overrides, clock, reset and delete", () => {
  test('an override added through the handle is scoped to the tenant; another tenant’s cannot be removed', async () => {
    const mock = track(createMock('demo'));
    const mine = mock.tenants.create();
    const theirs = mock.tenants.create();
    const fault = mine.overrides.add({ operationId: 'contacts.create', fault: { status: 503 } });
    expect(fault.tenantId).toBe(mine.id);
    const other = theirs.overrides.add({ operationId: 'users.list', fault: { status: 503 } });
    const everyone = mock.overrides.add({ operationId: 'users.list', fault: { status: 500 }, times: 1 });

    await expect(addContact(mine, 'Ada')).rejects.toMatchObject({ status: 503 });
    await addContact(theirs, 'Bo');
    expect(theirs).toHaveReceived('contacts.create', { status: 201 });
    expect(mine.overrides.list().map((listed) => listed.id)).toEqual([fault.id]);
    expect(mine.overrides.list({ unused: true })).toEqual([]);
    expect(mine).toHaveUsedEveryOverride();
    expect(theirs).not.toHaveUsedEveryOverride();

    expect(
      thrown(() => {
        mine.overrides.remove(other.id);
      }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      thrown(() => {
        mine.overrides.remove(everyone.id);
      }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(mine.overrides.clear()).toBe(1);
    expect(mock.overrides.list().map((listed) => listed.id)).toEqual([other.id, everyone.id]);
    theirs.overrides.remove(other.id);
    expect(theirs.overrides.list()).toEqual([]);
  });

  test('clock, advanceClock, reset and delete act on this tenant alone', async () => {
    const mock = track(createMock('demo', { clock: { frozen: true } }));
    const mine = mock.tenants.create();
    const theirs = mock.tenants.create();
    expect(mine.advanceClock(60_000)).toMatchObject({ tenantId: mine.id, aheadMs: 60_000 });
    expect(mine.clock().aheadMs).toBe(60_000);
    expect(theirs.clock().aheadMs).toBe(0);

    await addContact(mine, 'Ada');
    await addContact(theirs, 'Bo');
    expect(mine.reset().id).toBe(mine.id);
    expect(mine.requests()).toEqual([]);
    expect(theirs.requests()).toHaveLength(1);

    mine.delete();
    expect(() => mock.tenant(mine.id)).toThrow(`unknown tenant id "${mine.id}"`);
    const refused = await mock.fetch('/api/v1/users', { headers: { 'X-API-Key': mine.key, 'X-Tenant-Id': mine.id } });
    expect(refused.status).toBe(401);
    expect(theirs.requests()).toHaveLength(1);
  });

  test("after the tenant is deleted, every method of its handles throws NOT_FOUND saying so, as the remote handle's do", () => {
    const mock = track(createMock('demo'));
    const gone = mock.tenants.create();
    const again = mock.tenant(gone.id);
    const saved = again.snapshot();
    gone.delete();
    const calls: Record<string, () => unknown> = {
      requests: () => again.requests(),
      events: () => again.events(),
      deliveries: () => again.deliveries(),
      clock: () => again.clock(),
      advanceClock: () => again.advanceClock(1_000),
      reset: () => again.reset(),
      snapshot: () => again.snapshot(),
      restore: () => again.restore(saved),
      delete: () => {
        again.delete();
      },
      'overrides.add': () => again.overrides.add({ operationId: 'users.list', fault: { status: 503 } }),
      'overrides.list': () => again.overrides.list(),
      'overrides.clear': () => again.overrides.clear(),
    };
    for (const [name, call] of Object.entries(calls)) {
      const error = thrown(call);
      expect(error, name).toBeInstanceOf(ApiError);
      expect(error, name).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect((error as Error).message, name).toContain(`tenant "${gone.id}" no longer exists: it was deleted`);
    }
    expect(mock.overrides.list({ tenantId: DEMO_TENANTS.sandbox })).toEqual([]);
  });

  test("snapshot() and restore() put back this tenant's slice alone; a fork of the snapshot is a tenant of its own", async () => {
    const mock = track(createMock('demo', { clock: { frozen: true } }));
    const mine = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const theirs = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    await addContact(mine, 'Ada');
    const prepared = mine.snapshot();
    expect(prepared).toEqual(mock.tenants.snapshot(mine.id));
    expect(prepared.tenantId).toBe(mine.id);

    await addContact(mine, 'Bo');
    await addContact(theirs, 'Cy');
    const theirsBefore = theirs.snapshot();
    expect(mine.restore(prepared).id).toBe(mine.id);
    expect(mine.requests({ operationId: 'contacts.create' }).map((entry) => entry.request.body?.firstName)).toEqual([
      'Ada',
    ]);
    expect(mine.snapshot()).toEqual(prepared);
    expect(theirs.snapshot()).toEqual(theirsBefore);

    // Another tenant's snapshot is refused, and changes nothing, unless it says it copies.
    expect(() => theirs.restore(prepared)).toThrow(/copy/);
    expect(theirs.snapshot()).toEqual(theirsBefore);
    expect(theirs.restore(prepared, { copy: true }).id).toBe(theirs.id);
    expect(theirs.requests({ operationId: 'contacts.create' })).toHaveLength(1);

    const fork = mock.tenants.create({ snapshot: prepared });
    expect(fork.id).not.toBe(mine.id);
    expect(fork).toHaveReceivedTimes('contacts.create', 1, { body: { firstName: 'Ada' } });
    await addContact(fork, 'Fay');
    expect(mine.requests({ operationId: 'contacts.create' })).toHaveLength(1);
  });

  test('the assertion types: a value on an in-process handle, a promise with within', () => {
    expectTypeOf<ReturnType<CommFlowAssertion<MockTenantHandle>['toHaveReceivedTimes']>>().toBeVoid();
    expectTypeOf<CommFlowMock['tenant']>().returns.toEqualTypeOf<MockTenantHandle>();
  });
});
