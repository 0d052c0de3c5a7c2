/**
 * A file and its `describe` groups choose their tests' tenant with `tenantOptions`, on the
 * worker that the config's options made: each test notes its worker index for the outer test.
 */
import { DEMO_TENANTS } from '../../../src/index.js';
import { expect, test } from '../../../src/surfaces/playwright/index.js';

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from its first parameter's pattern
test.afterEach(({}, testInfo) => {
  testInfo.annotations.push({ type: 'worker', description: String(testInfo.workerIndex) });
});

test('takes the config\u2019s template and user', async ({ tenant, client }) => {
  expect(tenant.userEmail).toBe('ann.lee@acme.test');
  const contacts = await client.contacts.list({ search: 'liskov' }).toArray();
  expect(contacts.map((contact) => contact.lastName)).toEqual(['Liskov']);
  await expect(tenant).toHaveReceived('contacts.list');
});

test.describe('a group acting as Bob', () => {
  test.use({ tenantOptions: { userEmail: 'bob.stone@acme.test' } });

  test('keeps the config\u2019s template, with its own user', async ({ tenant }) => {
    expect(tenant.userEmail).toBe('bob.stone@acme.test');
    // The handle's client() acts as the group's user too.
    await (await tenant.client()).contacts.create({ firstName: 'Bobbed' });
    await expect(tenant).toHaveReceived('contacts.create', {
      userEmail: 'bob.stone@acme.test',
      body: { firstName: expect.stringContaining('Bob') },
    });
  });
});

test.describe('a group on a minimal sandbox', () => {
  test.use({ tenantOptions: { template: {}, userEmail: null } });

  test('gets an empty tenant, and no acting user', async ({ tenant, client, mock }) => {
    expect(tenant.userEmail).toBeNull();
    expect(await client.contacts.list().toArray()).toEqual([]);
    expect(tenant.id).not.toBe(DEMO_TENANTS.sandbox);
    await expect(mock).not.toHaveReceived('contacts.list', { tenantId: tenant.id, userEmail: expect.any(String) });
  });
});

test.describe('a group that fails on unused overrides', () => {
  test.use({ tenantOptions: { failOnUnusedOverrides: true } });

  test('fails when it leaves an override unused', async ({ tenant, mock }) => {
    test.fail();
    await tenant.overrides.add({ operationId: 'contacts.list', fault: { status: 503 } });
    expect(await mock.overrides.list({ tenantId: tenant.id })).toHaveLength(1);
  });

  test('passes when it deleted its own tenant, override and all', async ({ tenant }) => {
    await tenant.overrides.add({ operationId: 'contacts.list', fault: { status: 503 } });
    await tenant.delete();
  });
});
