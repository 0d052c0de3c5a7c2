/**
 * What a test's `tenant` is, and how the fixture makes and removes it: the one place that
 * builds the value each test receives.
 */
import { connectMock, type RemoteMock } from '../remote/remote-mock.js';
import type { SdkClient } from '../remote/sdk-client.js';
import { errorCode } from '../../lib/errors.js';
import type { CommFlowPlaywrightOptions, CommFlowTenantOptions } from './options.js';

/**
 * A test's own tenant on the shared mock: its id and key, an SDK client for it, and the remote
 * handle to ask the mock what it saw.
 *
 * @example
 * ```ts
 * test('adds a contact', async ({ tenant }) => {
 *   await tenant.client.contacts.create({ firstName: 'Ada' });
 *   await expect(tenant.remote).toHaveReceived('contacts.create', { tenantId: tenant.id });
 * });
 * ```
 */
export interface MockTenant {
  readonly id: string;
  /** A key for this tenant alone. */
  readonly key: string;
  /** The acting user of `client`, or `null`. */
  readonly userEmail: string | null;
  /** A `CommFlow` client of the mock for this tenant (no retries). */
  readonly client: SdkClient;
  /** The shared mock's remote handle. */
  readonly remote: RemoteMock;
}

/** The remote handle of the mock the options name (the worker's connection). */
export function connect(options: CommFlowPlaywrightOptions): Promise<RemoteMock> {
  const controlToken = options.controlToken ?? process.env.COMMFLOW_CONTROL_TOKEN;
  return connectMock(
    options.mockUrl ?? process.env.COMMFLOW_MOCK_URL ?? 'http://127.0.0.1:4010',
    controlToken === undefined ? {} : { controlToken },
  );
}

/** A new tenant for the test named `name`, made from the template of `options`, with its client. */
export async function openTestTenant(
  mock: RemoteMock,
  options: CommFlowTenantOptions,
  name: string,
): Promise<MockTenant> {
  const { tenant, key } = await mock.tenants.create({ name, ...options.template });
  const userEmail = options.userEmail === undefined ? (tenant.users[0]?.email ?? null) : options.userEmail;
  const client = await mock.client({
    tenantId: tenant.id,
    apiKey: key,
    ...(userEmail === null ? {} : { userEmail }),
  });
  return { id: tenant.id, key, userEmail, client, remote: mock };
}

/**
 * Removes the test's tenant (its overrides go with it), then fails the test, when the options
 * ask, for overrides it never used. A test that deleted its tenant itself leaves nothing to do.
 */
export async function closeTestTenant(
  mock: RemoteMock,
  tenant: MockTenant,
  options: CommFlowTenantOptions,
): Promise<void> {
  const unused =
    options.failOnUnusedOverrides === true ? await mock.overrides.list({ tenantId: tenant.id, unused: true }) : [];
  await mock.tenants.delete(tenant.id).catch((error: unknown) => {
    if (errorCode(error) !== 'NOT_FOUND') throw error;
  });
  if (unused.length > 0) {
    throw new Error(
      `The test left ${String(unused.length)} override(s) unused: ${unused.map((override) => `${override.id} (${override.operations.join(', ')})`).join('; ')}`,
    );
  }
}
