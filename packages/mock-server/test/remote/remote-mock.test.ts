/**
 * The remote handle against a standalone mock over real HTTP (the Node adapter on 127.0.0.1):
 * the names and types of the in-process mock, the matchers on it, typed control errors, the token.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OperationBody } from '@commflow/contract';
import { describe, expectTypeOf } from 'vitest';
import { DEMO_TENANTS, type MockWebhooks } from '../../src/index.js';
import { startMockServer } from '../../src/surfaces/adapters/node.js';
import { connectMock, ControlError, type RemoteMock, type RemoteWebhooks } from '../../src/surfaces/remote/index.js';
import { expect, test, type CommFlowAssertion } from '../../src/surfaces/testing/vitest.js';
import { remoteDemo } from '../helpers/remote-demo.js';
import { rejectionMessage } from '../helpers/thrown.js';

/** The one user of a minimal sandbox tenant. */
const SANDBOX_OWNER = 'owner@sandbox.test';

const demo = remoteDemo();

describe('connectMock', () => {
  test('a tenant of its own: create, its clock, the typed journal, matchers, delete', async () => {
    const { tenant, key } = await demo.remote.tenants.create({ from: DEMO_TENANTS.sandbox, name: 'remote test' });
    expect((await demo.remote.tenants.list()).map((listed) => listed.id)).toContain(tenant.id);
    expect((await demo.remote.tenants.advanceClock(tenant.id, 3_600_000)).aheadMs).toBe(3_600_000);
    expect((await demo.remote.tenants.clock(tenant.id)).aheadMs).toBe(3_600_000);

    const client = await demo.remote.client({ tenantId: tenant.id, apiKey: key, userEmail: 'ann.lee@acme.test' });
    await client.contacts.create({ firstName: 'Remy' });
    const created = await demo.remote.requests({ operationId: 'contacts.create', tenantId: tenant.id });
    expect(created.map((entry) => entry.request.body?.firstName)).toEqual(['Remy']);
    expectTypeOf(created[0]!.request.body).toEqualTypeOf<OperationBody<'contacts.create'> | undefined>();

    await expect(demo.remote).toHaveReceived('contacts.create', { tenantId: tenant.id, body: { firstName: 'Remy' } });
    await expect(demo.remote).toHaveReceivedTimes('contacts.create', 1, { tenantId: tenant.id });
    await expect(demo.remote).toHaveEmitted('contact.changed', { tenantId: tenant.id, data: { change: 'created' } });
    await expect(demo.remote).not.toHaveReceived('contacts.create', {
      tenantId: tenant.id,
      body: { firstName: 'Nope' },
    });
    expectTypeOf<ReturnType<CommFlowAssertion<RemoteMock>['toHaveReceived']>>().toEqualTypeOf<Promise<void>>();

    await demo.remote.tenants.delete(tenant.id);
    const gone = await demo.remote.tenants.get(tenant.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ControlError);
    expect(gone).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  test('a near miss prints the closest requests with a diff, as in process', async () => {
    const { tenant, key } = await demo.remote.tenants.create();
    const client = await demo.remote.client({ tenantId: tenant.id, apiKey: key, userEmail: SANDBOX_OWNER });
    await client.contacts.create({ firstName: 'Adam' });
    const message = await rejectionMessage(() =>
      expect(demo.remote).toHaveReceived('contacts.create', { tenantId: tenant.id, body: { firstName: 'Adah' } }),
    );
    expect(message).toContain('The closest of the');
    expect(message).toContain('-     "firstName": "Adah",');
    expect(message).toContain('+     "firstName": "Adam",');
    await demo.remote.tenants.delete(tenant.id);
  });

  test('within: polls the remote journal until the request arrives; .not holds over a window', async () => {
    const { tenant, key } = await demo.remote.tenants.create();
    const client = await demo.remote.client({ tenantId: tenant.id, apiKey: key, userEmail: SANDBOX_OWNER });
    setTimeout(() => void client.contacts.create({ firstName: 'Later' }), 100);
    await expect(demo.remote).toHaveReceived('contacts.create', { tenantId: tenant.id, within: 10_000 });
    await expect(demo.remote).not.toHaveReceived('sms.send', { tenantId: tenant.id, within: 150 });
    await demo.remote.tenants.delete(tenant.id);
  });

  test('an unknown operation id or event type throws with a suggestion', () => {
    expect(() => expect(demo.remote).not.toHaveReceived('contacts.craete' as 'contacts.create')).toThrow(
      /unknown operation id "contacts.craete"; did you mean "contacts.create"/,
    );
    expect(() => expect(demo.remote).toHaveEmitted('sms.sentt' as 'sms.sent')).toThrow(/did you mean "sms.sent"/);
  });

  test('snapshot and restore: the world goes back', async () => {
    const checkpoint = await demo.remote.snapshot();
    const { tenant } = await demo.remote.tenants.create({ name: 'after the snapshot' });
    await demo.remote.restore(checkpoint);
    expect((await demo.remote.tenants.list()).map((listed) => listed.id)).not.toContain(tenant.id);
  });

  test('the global clock, faults, keys, events, deliveries and webhooks', async () => {
    const before = await demo.remote.clock();
    const after = await demo.remote.advanceClock(60_000);
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(60_000);

    const { tenant } = await demo.remote.tenants.create();
    const keys = (await demo.remote.apiKeys()).length;
    const apiKey = await demo.remote.createApiKey({ tenantIds: [tenant.id], permissions: ['contacts'] });
    expect(apiKey.key).toMatch(/^cf_/);
    expect(await demo.remote.apiKeys()).toHaveLength(keys + 1);
    // The answer's id is the one revoke takes.
    expect((await demo.remote.revokeApiKey(apiKey.id)).revoked).toBe(true);
    const live = await demo.remote.createApiKey({ tenantIds: [tenant.id] });

    await demo.remote.injectFault({ path: '/api/v1/contacts', status: 503, times: 1 });
    const client = await demo.remote.client({ tenantId: tenant.id, apiKey: live.key, userEmail: SANDBOX_OWNER });
    await expect(client.contacts.list().toArray()).rejects.toMatchObject({ status: 503 });

    // A receiver on 127.0.0.1: the delivery succeeds, and the matcher sees it over HTTP.
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hooks`;
      const subscription = await demo.remote.webhooks.subscribe({
        tenantId: tenant.id,
        url,
        events: ['contact.changed'],
      });
      await client.contacts.create({ firstName: 'Hooked' });
      await expect(demo.remote).toHaveDelivered('contact.changed', {
        subscriptionId: subscription.id,
        data: { contact: { firstName: 'Hooked' } },
        within: 10_000,
      });
      expect((await demo.remote.webhooks.list({ tenantId: tenant.id })).map((hook) => hook.id)).toEqual([
        subscription.id,
      ]);
      expect(await demo.remote.events({ tenantId: tenant.id, type: 'contact.changed' })).toHaveLength(1);
      await demo.remote.webhooks.delete(subscription.id);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
    await demo.remote.tenants.delete(tenant.id);
  });

  test('remote.webhooks: the names of mock.webhooks, over HTTP', async () => {
    expectTypeOf<keyof RemoteWebhooks>().toEqualTypeOf<keyof MockWebhooks>();
    const { tenant, key } = await demo.remote.tenants.create();
    let status = 500;
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(status).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hooks`;
      const { webhooks } = demo.remote;
      const { id, secret } = await webhooks.subscribe({ tenantId: tenant.id, url, events: ['contact.changed'] });
      expect((await webhooks.disable(id)).enabled).toBe(false);
      expect((await webhooks.get(id)).enabled).toBe(false);
      expect((await webhooks.enable(id)).enabled).toBe(true);
      const rotated = await webhooks.rotateSecret(id, { windowSeconds: 60 });
      expect(rotated.secret).not.toBe(secret);

      const client = await demo.remote.client({ tenantId: tenant.id, apiKey: key, userEmail: SANDBOX_OWNER });
      await client.contacts.create({ firstName: 'Hooked' });
      await webhooks.idle();
      const [pending] = await webhooks.deliveries({ subscriptionId: id });
      if (pending === undefined) throw new Error('no delivery');
      expect((await webhooks.delivery(pending.id)).attempts).toEqual([expect.objectContaining({ status: 500 })]);
      const request = await webhooks.deliveryRequest(pending.id);
      expect(request.url).toBe(url);

      status = 204;
      const replay = await webhooks.replay(pending.id);
      await webhooks.idle();
      expect(await webhooks.deliveries({ status: 'succeeded', tenantId: tenant.id })).toEqual([
        expect.objectContaining({ id: replay.id, replayOf: pending.id }),
      ]);
      expect((await webhooks.list({ tenantId: tenant.id })).map((hook) => hook.id)).toEqual([id]);
      await webhooks.delete(id);
      expect(await webhooks.list({ tenantId: tenant.id })).toEqual([]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
      await demo.remote.tenants.delete(tenant.id);
    }
  });

  test('the deprecated top-level webhook names still answer, through remote.webhooks', async () => {
    const { tenant } = await demo.remote.tenants.create();
    try {
      /* eslint-disable @typescript-eslint/no-deprecated -- what this test checks: the old names keep working until they go */
      const { id } = await demo.remote.subscribeWebhook({ tenantId: tenant.id, url: 'http://127.0.0.1:9/hooks' });
      expect((await demo.remote.webhookSubscriptions({ tenantId: tenant.id })).map((hook) => hook.id)).toEqual([id]);
      expect((await demo.remote.rotateWebhookSecret(id)).id).toBe(id);
      const replayed = await demo.remote.replayDelivery(crypto.randomUUID()).catch((error: unknown) => error);
      expect(replayed).toMatchObject({ code: 'NOT_FOUND' });
      await demo.remote.deleteWebhook(id);
      /* eslint-enable @typescript-eslint/no-deprecated */
      expect(await demo.remote.webhooks.list({ tenantId: tenant.id })).toEqual([]);
    } finally {
      await demo.remote.tenants.delete(tenant.id);
    }
  });

  test('a control error is typed: code, status and the issues of a bad input', async () => {
    const error = await demo.remote.advanceClock(-1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ControlError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect((error as ControlError).issues[0]?.path).toEqual(['body', 'ms']);
    const unreachable = await connectMock('http://127.0.0.1:9').catch((caught: unknown) => caught);
    expect(unreachable).toMatchObject({ code: 'UNREACHABLE', status: 0 });
  });

  test('an answer that does not fit the route table is refused, not handed on', async () => {
    const meta = { requestId: 'req_1', timestamp: new Date().toISOString() };
    const answering = (body: unknown) => () => Promise.resolve(Response.json(body));
    const wrong = await connectMock(demo.server.url, {
      fetch: answering({ success: true, data: { routes: 'not a list' }, meta }),
    }).catch((caught: unknown) => caught);
    expect(wrong).toBeInstanceOf(ControlError);
    expect(wrong).toMatchObject({ code: 'UNEXPECTED_ANSWER', status: 200 });
    expect((wrong as ControlError).issues.map((issue) => issue.path[0])).toContain('data');
    const notEnvelope = await connectMock(demo.server.url, { fetch: answering({ hello: 'world' }) }).catch(
      (caught: unknown) => caught,
    );
    expect(notEnvelope).toMatchObject({ code: 'UNEXPECTED_ANSWER', status: 200 });
  });
});

describe('the control token', () => {
  test('is sent when given; without it the mock refuses, by code', async () => {
    const guarded = await startMockServer({ scenario: 'demo', controlToken: 'remote-handle-test-token' });
    try {
      const refused = await connectMock(guarded.url).catch((caught: unknown) => caught);
      expect(refused).toMatchObject({ code: 'CONTROL_TOKEN_REQUIRED', status: 401 });
      const allowed = await connectMock(guarded.url, { controlToken: 'remote-handle-test-token' });
      expect((await allowed.tenants.list()).length).toBeGreaterThan(0);
    } finally {
      await guarded.close();
    }
  });
});

describe('the whole world', () => {
  test('reset and loadScenario go back to a scenario; exportScenario reads it', async () => {
    const own = await startMockServer({ scenario: 'demo' });
    try {
      const world = await connectMock(own.url);
      const { tenant } = await world.tenants.create({ name: 'gone after reset' });
      await world.reset();
      expect((await world.tenants.list()).map((listed) => listed.id)).not.toContain(tenant.id);
      await world.tenants.create({ name: 'gone after load' });
      await world.loadScenario('demo');
      const names = (await world.tenants.list()).map((listed) => listed.name);
      expect(names).not.toContain('gone after load');
      expect((await world.exportScenario()).tenants).toHaveLength(names.length);
    } finally {
      await own.close();
    }
  });
});
