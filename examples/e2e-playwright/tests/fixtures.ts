/**
 * The fixtures of `@commflow/mock-server/playwright`, with one more step for this app: each test's
 * tenant (a copy of the demo's sandbox tenant, made and deleted by the fixture) is signed in on
 * the page through the app's session cookies.
 */
import { DEMO_TENANTS } from '@commflow/mock-server';
import { expect, test as base, type MockTenant } from '@commflow/mock-server/playwright';
import { MOCK_PORT } from '../playwright.config.js';

export const test = base.extend<{ signedIn: MockTenant }>({
  signedIn: async ({ context, baseURL, tenant }, use) => {
    const url = baseURL ?? '';
    await context.addCookies([
      { name: 'cf_tenant', value: tenant.id, url },
      { name: 'cf_key', value: tenant.key, url },
    ]);
    await use(tenant);
  },
});

// Every test's tenant is a copy of the demo sandbox, acting as Ann, on the mock the config starts.
test.use({
  commflow: {
    mockUrl: `http://127.0.0.1:${String(MOCK_PORT)}`,
    template: { from: DEMO_TENANTS.sandbox },
    userEmail: 'ann.lee@acme.test',
  },
});

export { expect };
