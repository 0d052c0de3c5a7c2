/**
 * The tenant handle over real HTTP (`remote.tenant(id)`, `remote.tenants.create()`) against a
 * standalone mock on 127.0.0.1: the names of the in-process handle, each answer a promise, the
 * matchers scoped to the tenant, and a tenant id that is not the handle's, or that no tenant has,
 * refused with the tenants it could have meant.
 */
import type { OperationBody } from '@commflow/contract';
import { describe, expectTypeOf } from 'vitest';
import { DEMO_TENANTS, type TenantHandleOf } from '../../src/index.js';
import {
  ControlError,
  type CreatedRemoteTenantHandle,
  type RemoteMock,
  type RemoteTenantHandle,
} from '../../src/surfaces/remote/index.js';
import { expect, test, type CommFlowAssertion } from '../../src/surfaces/testing/vitest.js';
import { remoteDemo } from '../helpers/remote-demo.js';
import { rejection, rejectionMessage } from '../helpers/thrown.js';

/** The sandbox tenant's id with its last character changed: a slip of the fingers. */
const SANDBOX_TYPO = `${DEMO_TENANTS.sandbox.slice(0, -1)}2`;

const demo = remoteDemo();

async function addContact(tenant: RemoteTenantHandle, firstName: string): Promise<void> {
  await (await tenant.client()).contacts.create({ firstName });
}

describe('remote.tenants.create() and remote.tenant(id)', () => {
  test('create() returns the handle, with tenant, key and apiKey as before; the names of the in-process one', async () => {
    const created = await demo.remote.tenants.create({ from: DEMO_TENANTS.sandbox, name: 'remote handle' });
    const { tenant, key, apiKey } = created;
    expect(tenant.name).toBe('remote handle');
    expect(created.id).toBe(tenant.id);
    expect(apiKey.key).toBe(key);
    expectTypeOf(created).toExtend<TenantHandleOf<'remote'>>();

    await addContact(created, 'Remy');
    await expect(created).toHaveReceived('contacts.create', {
      userEmail: 'ann.lee@acme.test',
      body: { firstName: 'Remy' },
    });
    await expect(created).toHaveEmitted('contact.changed', { data: { change: 'created' } });
    const requests = await created.requests({ operationId: 'contacts.create' });
    expectTypeOf(requests[0]!.request.body).toEqualTypeOf<OperationBody<'contacts.create'> | undefined>();
    expect(requests.map((entry) => entry.request.body?.firstName)).toEqual(['Remy']);
    expect(await created.events({ type: 'contact.changed' })).toHaveLength(1);
    expect(await created.deliveries()).toEqual([]);
    await created.delete();
  });

  test('remote.tenant(id) of a scenario tenant: no key, and client() makes one of its own', async () => {
    const tenant = await demo.remote.tenant(DEMO_TENANTS.live.toUpperCase());
    expect(tenant.id).toBe(DEMO_TENANTS.live);
    expect(tenant.key).toBeUndefined();
    const keysBefore = (await demo.remote.apiKeys()).length;
    const client = await tenant.client({ userEmail: null });
    await client.users.list().toArray();
    await tenant.client();
    expect((await demo.remote.apiKeys()).length).toBe(keysBefore + 1);
    await expect(tenant).toHaveReceived('users.list', { status: 200 });
  });

  test('an unknown id is a ControlError NOT_FOUND naming the tenants it could have meant', async () => {
    const error = await rejection(() => demo.remote.tenant(SANDBOX_TYPO));
    expect(error).toBeInstanceOf(ControlError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect((error as Error).message).toContain(
      `unknown tenant id "${SANDBOX_TYPO}"; did you mean "${DEMO_TENANTS.sandbox}" (Acme)`,
    );
    expect(await rejectionMessage(() => demo.remote.tenant('Acme'))).toContain(
      `did you mean "${DEMO_TENANTS.sandbox}" (Acme)`,
    );
  });
});

describe('a remote handle reads and asserts on its own tenant alone', () => {
  test("a matcher without tenantId does not pass on another tenant's request", async () => {
    const mine = await demo.remote.tenants.create();
    const theirs = await demo.remote.tenants.create();
    await addContact(theirs, 'Ada');

    await expect(mine).not.toHaveReceived('contacts.create');
    await expect(mine).toHaveReceivedTimes('contacts.create', 0);
    await expect(theirs).toHaveReceived('contacts.create');
    expect(await mine.requests()).toEqual([]);
    const message = await rejectionMessage(() => expect(mine).toHaveReceived('contacts.create'));
    expect(message).toContain(`Tenant ${mine.id} received no requests.`);
    // An eventual check on a handle polls its tenant's traffic alone.
    await expect(mine).not.toHaveReceived('contacts.create', { within: 100 });
    await Promise.all([mine.delete(), theirs.delete()]);
  });

  test("a tenantId that is not the handle's throws, under .not too", async () => {
    const mine = await demo.remote.tenants.create();
    const theirs = await demo.remote.tenants.create();
    const foreign = `tenantId "${theirs.id}" is not this handle's tenant "${mine.id}"`;
    expect(
      await rejectionMessage(() => expect(mine).not.toHaveReceived('contacts.create', { tenantId: theirs.id })),
    ).toContain(foreign);
    expect(await rejectionMessage(() => expect(mine).toHaveUsedEveryOverride({ tenantId: theirs.id }))).toContain(
      foreign,
    );
    const refused = await rejection(() => mine.requests({ tenantId: theirs.id }));
    expect(refused).toBeInstanceOf(ControlError);
    expect(refused).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: ['query', 'tenantId'] }] });
    expect(
      await rejectionMessage(() =>
        mine.overrides.add({ tenantId: theirs.id, operationId: 'contacts.list', fault: { status: 503 } }),
      ),
    ).toContain(foreign);
    await Promise.all([mine.delete(), theirs.delete()]);
  });

  test('on the whole remote mock, a tenant id no tenant has throws, naming the closest', async () => {
    const meant = `unknown tenant id "${SANDBOX_TYPO}"; did you mean "${DEMO_TENANTS.sandbox}" (Acme)`;
    expect(
      await rejectionMessage(() =>
        expect(demo.remote).not.toHaveReceived('contacts.create', { tenantId: SANDBOX_TYPO }),
      ),
    ).toContain(meant);
    expect(
      await rejectionMessage(() =>
        expect(demo.remote).not.toHaveEmitted('contact.changed', { tenantId: SANDBOX_TYPO }),
      ),
    ).toContain(meant);
    expect(
      await rejectionMessage(() => expect(demo.remote).toHaveUsedEveryOverride({ tenantId: SANDBOX_TYPO })),
    ).toContain(meant);
    const created = await demo.remote.tenants.create({ name: 'suggest me' });
    const typo = `${created.id.slice(0, -1)}${created.id.endsWith('0') ? '1' : '0'}`;
    expect(
      await rejectionMessage(() =>
        expect(demo.remote).not.toHaveReceived('contacts.create', { tenantId: typo, within: 50 }),
      ),
    ).toContain(`did you mean "${created.id}" (suggest me)`);
    await created.delete();
  });

  test('the failure summary lists only the traffic of the tenant asked about', async () => {
    const mine = await demo.remote.tenants.create();
    const theirs = await demo.remote.tenants.create();
    await (await mine.client()).users.list().toArray();
    await addContact(theirs, 'Ada');
    const message = await rejectionMessage(() => expect(demo.remote).toHaveReceived('sms.send', { tenantId: mine.id }));
    expect(message).toContain(`Tenant ${mine.id} received:\n  users.list ×1`);
    expect(message).not.toContain('contacts.create');
    await Promise.all([mine.delete(), theirs.delete()]);
  });
});

describe("the remote handle's overrides, clock, reset and delete", () => {
  test('after the tenant is deleted, every method of its handles rejects with NOT_FOUND saying so, as in process', async () => {
    const gone = await demo.remote.tenants.create();
    const again = await demo.remote.tenant(gone.id);
    const saved = await again.snapshot();
    await gone.delete();
    const calls: Record<string, () => Promise<unknown>> = {
      requests: () => again.requests(),
      events: () => again.events(),
      deliveries: () => again.deliveries(),
      clock: () => again.clock(),
      advanceClock: () => again.advanceClock(1_000),
      reset: () => again.reset(),
      snapshot: () => again.snapshot(),
      restore: () => again.restore(saved),
      delete: () => again.delete(),
      'overrides.add': () => again.overrides.add({ operationId: 'users.list', fault: { status: 503 } }),
      'overrides.list': () => again.overrides.list(),
      'overrides.clear': () => again.overrides.clear(),
    };
    for (const [name, call] of Object.entries(calls)) {
      const error = await rejection(call);
      expect(error, name).toBeInstanceOf(ControlError);
      expect(error, name).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect((error as Error).message, name).toContain(`tenant "${gone.id}" no longer exists: it was deleted`);
    }
    // A refusal of a tenant that still exists keeps the route's own error.
    const live = await demo.remote.tenants.create();
    await expect(live.restore({ ...saved, tenantId: 'not-a-tenant' })).rejects.not.toMatchObject({ code: 'NOT_FOUND' });
    await live.delete();
  });

  test('an override added through the handle is scoped to the tenant', async () => {
    const mine = await demo.remote.tenants.create();
    const theirs = await demo.remote.tenants.create();
    const fault = await mine.overrides.add({ operationId: 'contacts.create', fault: { status: 503 } });
    expect(fault.tenantId).toBe(mine.id);
    const other = await theirs.overrides.add({ operationId: 'users.list', fault: { status: 503 } });

    await expect(addContact(mine, 'Ada')).rejects.toMatchObject({ status: 503 });
    await addContact(theirs, 'Bo');
    await expect(theirs).toHaveReceived('contacts.create', { status: 201 });
    expect((await mine.overrides.list()).map((listed) => listed.id)).toEqual([fault.id]);
    await expect(mine).toHaveUsedEveryOverride();
    await expect(theirs).not.toHaveUsedEveryOverride();
    expect(await rejection(() => mine.overrides.remove(other.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await mine.overrides.clear()).toBe(1);
    expect((await demo.remote.overrides.list({ tenantId: theirs.id })).map((listed) => listed.id)).toEqual([other.id]);
    await theirs.overrides.remove(other.id);
    expect(await theirs.overrides.list()).toEqual([]);
    await Promise.all([mine.delete(), theirs.delete()]);
  });

  test('clock, advanceClock, reset and delete act on this tenant alone', async () => {
    const mine = await demo.remote.tenants.create();
    const theirs = await demo.remote.tenants.create();
    expect(await mine.advanceClock(60_000)).toMatchObject({ tenantId: mine.id, aheadMs: 60_000 });
    expect((await mine.clock()).aheadMs).toBe(60_000);
    expect((await theirs.clock()).aheadMs).toBe(0);

    await addContact(mine, 'Ada');
    await addContact(theirs, 'Bo');
    expect((await mine.reset()).id).toBe(mine.id);
    expect(await mine.requests()).toEqual([]);
    expect(await theirs.requests()).toHaveLength(1);

    await mine.delete();
    expect(await rejectionMessage(() => demo.remote.tenant(mine.id))).toContain(`unknown tenant id "${mine.id}"`);
    const refused = await fetch(`${demo.server.url}/api/v1/users`, {
      headers: { 'X-API-Key': mine.key, 'X-Tenant-Id': mine.id },
    });
    expect(refused.status).toBe(401);
    expect(await theirs.requests()).toHaveLength(1);
    await theirs.delete();
  });

  test("snapshot() and restore() put back this tenant's slice alone; a fork of the snapshot is a tenant of its own", async () => {
    const mine = await demo.remote.tenants.create({ from: DEMO_TENANTS.sandbox });
    const theirs = await demo.remote.tenants.create({ from: DEMO_TENANTS.sandbox });
    await addContact(mine, 'Ada');
    const prepared = await mine.snapshot();
    expect(prepared.tenantId).toBe(mine.id);

    await addContact(mine, 'Bo');
    await addContact(theirs, 'Cy');
    expect((await mine.restore(prepared)).id).toBe(mine.id);
    expect(
      (await mine.requests({ operationId: 'contacts.create' })).map((entry) => entry.request.body?.firstName),
    ).toEqual(['Ada']);
    await expect(theirs).toHaveReceivedTimes('contacts.create', 1, { body: { firstName: 'Cy' } });

    // Another tenant's snapshot is refused, and changes nothing, unless it says it copies.
    expect(await rejection(() => theirs.restore(prepared))).toMatchObject({ status: 400 });
    await expect(theirs).toHaveReceivedTimes('contacts.create', 1, { body: { firstName: 'Cy' } });
    expect((await theirs.restore(prepared, { copy: true })).id).toBe(theirs.id);
    await expect(theirs).toHaveReceivedTimes('contacts.create', 1, { body: { firstName: 'Ada' } });

    const fork = await demo.remote.tenants.create({ snapshot: prepared });
    expect(fork.id).not.toBe(mine.id);
    await expect(fork).toHaveReceivedTimes('contacts.create', 1, { body: { firstName: 'Ada' } });
    await addContact(fork, 'Fay');
    expect(await mine.requests({ operationId: 'contacts.create' })).toHaveLength(1);
    await Promise.all([mine.delete(), theirs.delete(), fork.delete()]);
  });

  test('the assertion types: every assertion on a remote handle is a promise', () => {
    expectTypeOf<ReturnType<CommFlowAssertion<RemoteTenantHandle>['toHaveReceived']>>().toEqualTypeOf<Promise<void>>();
    expectTypeOf<ReturnType<CommFlowAssertion<CreatedRemoteTenantHandle>['toHaveEmitted']>>().toEqualTypeOf<
      Promise<void>
    >();
    expectTypeOf<RemoteMock['tenant']>().returns.toEqualTypeOf<Promise<RemoteTenantHandle>>();
  });
});
