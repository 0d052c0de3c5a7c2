/* eslint-disable @typescript-eslint/no-unsafe-assignment -- asymmetric matchers are typed `any`. */
/**
 * Overrides through the in-process twins (`mock.overrides`), the remote handle
 * (`remote.overrides`, over real HTTP), snapshots, and the opt-in matcher for unused overrides.
 */
import { describe } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '../../src/index.js';
import { ControlError } from '../../src/surfaces/remote/index.js';
import { expect, test } from '../../src/surfaces/testing/vitest.js';
import { remoteDemo } from '../helpers/remote-demo.js';
import { rejectionMessage } from '../helpers/thrown.js';

const HEADERS = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };

describe('mock.overrides', () => {
  test('add, list, remove and clear; injectFault answers the override', ({ mock }) => {
    const fault = mock.injectFault({ operationId: 'users.list', status: 503 });
    expect(fault).toMatchObject({ id: expect.stringMatching(/^ovr_/), operations: ['users.list'], remaining: 1 });
    const stub = mock.overrides.add({
      tenantId: DEMO_TENANTS.live,
      operationId: 'contacts.list',
      respond: { status: 200, body: { success: true, data: { contacts: [] } } },
    });
    expect(mock.overrides.list().map((override) => override.id)).toEqual([fault.id, stub.id]);
    expect(mock.overrides.list({ tenantId: DEMO_TENANTS.live })).toEqual([expect.objectContaining({ id: stub.id })]);
    mock.overrides.remove(fault.id);
    expect(() => {
      mock.overrides.remove(fault.id);
    }).toThrow(/not found/);
    expect(mock.overrides.clear({ tenantId: DEMO_TENANTS.live })).toBe(1);
    expect(mock.overrides.list()).toEqual([]);
  });

  test('a refused stub names the paths under `override`', ({ mock }) => {
    let issues: unknown;
    try {
      mock.overrides.add({ operationId: 'ai.agents.get', respond: { status: 200, body: { success: true, data: {} } } });
    } catch (error) {
      issues = (error as { details: unknown }).details;
    }
    expect(issues).toEqual([
      { path: ['override', 'respond', 'body', 'data', 'agent'], message: expect.stringContaining('ai.agents.get') },
    ]);
  });

  test('an unchecked stub without a body answers an empty one, journaled as such', async ({ mock }) => {
    const { id } = mock.overrides.add({ operationId: 'users.list', unchecked: true, respond: { status: 200 } });
    const response = await mock.fetch('/api/v1/users', { headers: HEADERS });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-mock-override')).toBe(id);
    expect(await response.text()).toBe('');
    expect(mock.journal().at(-1)?.response).toMatchObject({ body: undefined, bodySize: 0, bodyTruncated: false });
  });

  test('snapshots keep overrides with their counts', async ({ mock }) => {
    const { id } = mock.overrides.add({ operationId: 'users.list', times: 2, fault: { status: 500 } });
    expect((await mock.fetch('/api/v1/users', { headers: HEADERS })).status).toBe(500);
    const copy = createMock('demo');
    copy.restore(JSON.parse(JSON.stringify(mock.snapshot())));
    expect(copy.overrides.list()).toEqual([expect.objectContaining({ id, hits: 1, remaining: 1 })]);
    expect((await copy.fetch('/api/v1/users', { headers: HEADERS })).status).toBe(500);
    expect((await copy.fetch('/api/v1/users', { headers: HEADERS })).status).toBe(200);
    await copy.close();
  });

  test('toHaveUsedEveryOverride fails a test that left an override unused, naming it', async ({ mock }) => {
    expect(mock).toHaveUsedEveryOverride();
    const { id } = mock.overrides.add({ tenantId: DEMO_TENANTS.live, operationId: 'users.list', fault: {} });
    const message = await rejectionMessage(() => {
      expect(mock).toHaveUsedEveryOverride();
    });
    expect(message).toContain(id);
    expect(mock).toHaveUsedEveryOverride({ tenantId: DEMO_TENANTS.sandbox });
    expect(mock).not.toHaveUsedEveryOverride();
  });
});

describe('remote.overrides', () => {
  const demo = remoteDemo();

  test('the same names over HTTP: add, list, the matcher, remove, clear; a refused stub is a ControlError', async () => {
    const { tenant, key } = await demo.remote.tenants.create();
    const added = await demo.remote.overrides.add({
      tenantId: tenant.id,
      operationId: 'users.list',
      fault: { status: 503 },
    });
    expect(await demo.remote.overrides.list({ unused: true })).toEqual([expect.objectContaining({ id: added.id })]);
    const message = await rejectionMessage(() => expect(demo.remote).toHaveUsedEveryOverride({ tenantId: tenant.id }));
    expect(message).toContain(added.id);
    const answer = await fetch(`${demo.server.url}/api/v1/users`, {
      headers: { 'X-API-Key': key, 'X-Tenant-Id': tenant.id },
    });
    expect(answer.status).toBe(503);
    await expect(demo.remote).toHaveUsedEveryOverride({ tenantId: tenant.id });
    expect(await demo.remote.overrides.list({ tenantId: tenant.id })).toEqual([
      expect.objectContaining({ hits: 1, remaining: null }),
    ]);
    const shorthand = await demo.remote.injectFault({ tenantId: tenant.id, path: '/api/v1/users' });
    await demo.remote.overrides.remove(shorthand.id);
    const error = await demo.remote.overrides
      .add({ operationId: 'ai.agents.get', respond: { status: 200, body: { success: true, data: { agent: {} } } } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ControlError);
    expect((error as ControlError).status).toBe(400);
    expect(await demo.remote.overrides.clear({ tenantId: tenant.id })).toBe(1);
    await demo.remote.tenants.delete(tenant.id);
  });
});
