/**
 * Each test gets a tenant of its own on the shared mock: created through the control surface
 * before the test (a copy of the demo's sandbox tenant, with a key for it alone), signed in on
 * the page through the app's session cookies, and deleted after the test.
 */
import { test as base, expect } from '@playwright/test';
import { MOCK_PORT } from '../playwright.config.js';

export const MOCK = `http://127.0.0.1:${String(MOCK_PORT)}`;
/** The demo scenario's sandbox tenant: the template each test's tenant is copied from. */
const DEMO_SANDBOX = '11111111-1111-4111-8111-111111111111';

/** A tenant of this test: its id, its key, and helpers to ask the mock what it saw. */
export interface TestTenant {
  id: string;
  key: string;
  /** Calls the API as this tenant (Ann, the demo's first user, acting). */
  api(path: string): Promise<unknown>;
  /** Calls the mock's control surface. */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
}

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${MOCK}/__mock${path}`, {
    method,
    // State-changing control requests are JSON, body or not.
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: unknown };
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${JSON.stringify(json)}`);
  return json.data;
}

export const test = base.extend<{ tenant: TestTenant }>({
  tenant: async ({ context, baseURL }, use, testInfo) => {
    const { tenant, key } = (await control('POST', '/tenants', {
      from: DEMO_SANDBOX,
      name: `e2e ${testInfo.titlePath.join(' › ')}`.slice(0, 200),
    })) as { tenant: { id: string }; key: string };
    await context.addCookies([
      { name: 'cf_tenant', value: tenant.id, url: baseURL ?? '' },
      { name: 'cf_key', value: key, url: baseURL ?? '' },
    ]);
    await use({
      id: tenant.id,
      key,
      control,
      async api(path) {
        const response = await fetch(`${MOCK}${path}`, {
          headers: { 'X-API-Key': key, 'X-Tenant-Id': tenant.id, 'X-User-Email': 'ann.lee@acme.test' },
        });
        return ((await response.json()) as { data: unknown }).data;
      },
    });
    await control('DELETE', `/tenants/${tenant.id}`);
  },
});

export { expect };
