/**
 * The fixtures of `@commflow/mock-server/playwright`, with what this app adds: each test's tenant
 * handle (made from the config's `use.commflow`, deleted by the fixture) is signed in on the page
 * through the app's session cookies; and a tenant prepared once per worker, whose snapshot each
 * test that asks for `forked` gets a fork of. No `test.use` here: options set in a shared file
 * break the second spec file that imports it; they belong in playwright.config.ts.
 */
import type { BrowserContext } from '@playwright/test';
import { DEMO_TENANTS } from '@commflow/mock-server';
import { expect, test as base, type MockTenant } from '@commflow/mock-server/playwright';
import type { CreatedRemoteTenantHandle } from '@commflow/mock-server/remote';

/** A tenant snapshot, as a tenant handle's `snapshot()` gives it. */
export type TenantSnapshot = Awaited<ReturnType<MockTenant['snapshot']>>;

/** The contacts the costly setup adds to the prepared tenant, once per worker. */
export const PREPARED_CONTACTS = [
  { firstName: 'Prepared', lastName: 'Alpha' },
  { firstName: 'Prepared', lastName: 'Beta' },
  { firstName: 'Prepared', lastName: 'Gamma' },
] as const;

/** Signs the browser in as a tenant: the app reads the tenant and key from two cookies. */
async function signIn(context: BrowserContext, baseURL: string | undefined, tenant: { id: string; key: string }) {
  const url = baseURL ?? '';
  await context.addCookies([
    { name: 'cf_tenant', value: tenant.id, url },
    { name: 'cf_key', value: tenant.key, url },
  ]);
}

export const test = base.extend<
  { signedIn: MockTenant; forked: CreatedRemoteTenantHandle },
  { prepared: TenantSnapshot }
>({
  signedIn: async ({ context, baseURL, tenant }, use) => {
    await signIn(context, baseURL, tenant);
    await use(tenant);
  },
  // Once per worker: a costly setup on a tenant of its own, then its snapshot. The tenant goes
  // with the worker; its snapshot stays the template of every fork.
  prepared: [
    async ({ mock }, use, workerInfo) => {
      const setup = await mock.tenants.create({
        from: DEMO_TENANTS.sandbox,
        name: `prepared, worker ${String(workerInfo.workerIndex)}`,
      });
      const client = await setup.client({ userEmail: 'ann.lee@acme.test' });
      for (const contact of PREPARED_CONTACTS) await client.contacts.create(contact);
      await use(await setup.snapshot());
      await setup.delete();
    },
    { scope: 'worker' },
  ],
  // Per test: a fork of the prepared tenant (a new id and a new key, the same slice), signed in.
  forked: async ({ context, baseURL, mock, prepared }, use, testInfo) => {
    const fork = await mock.tenants.create({ snapshot: prepared, name: `fork ${testInfo.title}`.slice(0, 200) });
    await signIn(context, baseURL, fork);
    await use(fork);
    await fork.delete();
  },
});

export { expect };
