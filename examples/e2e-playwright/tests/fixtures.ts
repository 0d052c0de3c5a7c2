/**
 * The fixtures of `@commflow/mock-server/playwright`, with one more step for this app: each test's
 * tenant (made from the config's `use.commflow`, deleted by the fixture) is signed in on the page
 * through the app's session cookies. No `test.use` here: options set in a shared file break the
 * second spec file that imports it; they belong in playwright.config.ts.
 */
import { expect, test as base, type MockTenant } from '@commflow/mock-server/playwright';

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

export { expect };
