/**
 * What a test's `tenant` is, and how the fixture makes and removes it: the one place that
 * builds the value each test receives.
 */
import { CreatedRemoteTenantHandle } from '../remote/remote-tenant.js';
import { connectMock, type RemoteMock } from '../remote/remote-mock.js';
import type { TenantClient } from '../../runtime/sdk-client.js';
import { errorCode } from '../../lib/errors.js';
import type { CommFlowPlaywrightOptions, CommFlowTenantOptions } from './options.js';

/**
 * A test's own tenant on the shared mock, as a tenant handle (what `remote.tenants.create()`
 * returns): its id and key, `client()`, its traffic, overrides, clock, `snapshot()` and
 * `restore()`. Every assertion on it is scoped to it, with no `tenantId`:
 * `await expect(tenant).toHaveReceived('contacts.create')` never passes on another worker's
 * request. `client()` acts as the test's `userEmail` unless told otherwise. The whole shared mock
 * is the `mock` fixture.
 *
 * @example
 * ```ts
 * test('adds a contact', async ({ tenant, client }) => {
 *   await client.contacts.create({ firstName: 'Ada' });
 *   await expect(tenant).toHaveReceived('contacts.create');
 * });
 * ```
 */
export class MockTenant extends CreatedRemoteTenantHandle {
  /** The acting user of `client()` and of the `client` fixture (the test's `userEmail`), or `null`. */
  readonly userEmail: string | null;

  /** @internal The fixture makes it, for each test. */
  constructor(mock: RemoteMock, created: CreatedRemoteTenantHandle, userEmail: string | null) {
    super(mock, created);
    this.userEmail = userEmail;
  }

  /** An SDK client of this tenant, acting as the test's user unless `userEmail` says otherwise. */
  override client(options: { readonly userEmail?: string | null } = {}): Promise<TenantClient> {
    return super.client({ userEmail: this.userEmail, ...options });
  }
}

/** The remote handle of the mock the options name (the worker's connection). */
export function connect(options: CommFlowPlaywrightOptions): Promise<RemoteMock> {
  const controlToken = options.controlToken ?? process.env.COMMFLOW_CONTROL_TOKEN;
  return connectMock(
    options.mockUrl ?? process.env.COMMFLOW_MOCK_URL ?? 'http://127.0.0.1:4010',
    controlToken === undefined ? {} : { controlToken },
  );
}

/**
 * A new tenant for the test named `name`, made from the template of `options` (a fork, when the
 * template is `{ snapshot }`), as its handle.
 */
export async function openTestTenant(
  mock: RemoteMock,
  options: CommFlowTenantOptions,
  name: string,
): Promise<MockTenant> {
  const created = await mock.tenants.create({ name, ...options.template });
  const userEmail = options.userEmail === undefined ? (created.tenant.users[0]?.email ?? null) : options.userEmail;
  return new MockTenant(mock, created, userEmail);
}

/**
 * Removes the test's tenant (its overrides go with it), then fails the test, when the options
 * ask, for overrides it never used. A test that deleted its tenant itself leaves nothing to do.
 */
export async function closeTestTenant(tenant: MockTenant, options: CommFlowTenantOptions): Promise<void> {
  const unused = options.failOnUnusedOverrides === true ? await unusedOverrides(tenant) : [];
  await tenant.delete().catch((error: unknown) => {
    if (errorCode(error) !== 'NOT_FOUND') throw error;
  });
  if (unused.length > 0) {
    throw new Error(
      `The test left ${String(unused.length)} override(s) unused: ${unused.map((override) => `${override.id} (${override.operations.join(', ')})`).join('; ')}`,
    );
  }
}

/** The tenant's overrides that never answered; none when the test deleted its tenant itself. */
async function unusedOverrides(tenant: MockTenant): ReturnType<MockTenant['overrides']['list']> {
  try {
    return await tenant.overrides.list({ unused: true });
  } catch (error) {
    // A handle refuses every call on a deleted tenant with NOT_FOUND; the control API's own refusal
    // of an unknown id as a filter (VALIDATION_ERROR) means the same here, as this call's only
    // other input is a constant.
    const code = errorCode(error);
    if (code === 'NOT_FOUND' || code === 'VALIDATION_ERROR') return [];
    throw error;
  }
}
