/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { expect, it } from 'vitest';
import { call, describeTransports, DEMO_KEYS, DEMO_TENANTS } from '../helpers/env.js';

/**
 * Who is asking, and for which tenant (service-api §1, decisions §3): the key comes from
 * `X-API-Key` or `Authorization: Bearer <key>` and nothing else; a request without one is told
 * that a key is required; a header left out is "Required" by name; a key's tenant that no
 * longer exists is refused like any tenant the key may not access.
 */

const USERS = '/api/v1/users';

describeTransports('finding the key and the tenant', (env) => {
  it('takes "Bearer <key>" with any number of spaces and in any case, and nothing around it', async () => {
    for (const authorization of [
      `Bearer ${DEMO_KEYS.sandbox}`,
      `Bearer   ${DEMO_KEYS.sandbox}`,
      `bearer ${DEMO_KEYS.sandbox}`,
      `Bearer ${DEMO_KEYS.sandbox}  `,
    ]) {
      const reply = await call(env(), 'GET', USERS, { key: null, headers: { Authorization: authorization } });
      expect(reply.status, JSON.stringify(authorization)).toBe(200);
    }
    for (const authorization of [
      `Bearer ${DEMO_KEYS.sandbox} extra`,
      `XBearer ${DEMO_KEYS.sandbox}`,
      `Token Bearer ${DEMO_KEYS.sandbox}`,
      `Bearer${DEMO_KEYS.sandbox}`,
      `Basic ${DEMO_KEYS.sandbox}`,
    ]) {
      const reply = await call(env(), 'GET', USERS, { key: null, headers: { Authorization: authorization } });
      expect([reply.status, reply.json.error.code], authorization).toEqual([401, 'UNAUTHENTICATED']);
      expect(reply.json.error.message, authorization).toBe('The Authorization header must be "Bearer <API key>".');
    }
  });

  it('an empty X-API-Key is a missing key, and says a key is required', async () => {
    for (const key of [null, '']) {
      const reply = await call(env(), 'GET', USERS, { key });
      expect([reply.status, reply.json.error.code], String(key)).toEqual([401, 'UNAUTHENTICATED']);
      expect(reply.json.error.message, String(key)).toBe('An API key is required (X-API-Key or Bearer).');
    }
  });

  it('a header left out is named "Required"', async () => {
    const noTenant = await call(env(), 'GET', USERS, { tenant: null });
    const noUser = await call(env(), 'GET', '/api/v1/sms/conversations', { user: null });
    expect(noTenant.json.error.details).toEqual([{ path: ['header', 'X-Tenant-Id'], message: 'Required' }]);
    expect(noUser.json.error.details).toEqual([{ path: ['header', 'X-User-Email'], message: 'Required' }]);
  });

  it('a key over a tenant that has since been deleted is refused there with 403, and still works on the others', async () => {
    const { mock } = env();
    const { tenant } = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const { key } = mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox, tenant.id], prefix: 'cfa' });
    expect((await call(env(), 'GET', USERS, { key, tenant: tenant.id })).status).toBe(200);
    mock.tenants.delete(tenant.id);
    const refused = await call(env(), 'GET', USERS, { key, tenant: tenant.id });
    expect([refused.status, refused.json.error.code]).toEqual([403, 'TENANT_ACCESS_DENIED']);
    expect(refused.json.error.message).toMatch(/\S/);
    expect((await call(env(), 'GET', USERS, { key })).status).toBe(200);
  });
});
