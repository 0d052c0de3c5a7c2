/**
 * What the `test` fixture of `@commflow/mock-server/vitest` builds: a fresh mock, the handle of
 * the test's tenant on it, and an SDK client bound to it for that tenant and acting user.
 */
import type { CommFlow } from '@commflow/sdk';
import { createMock, type CommFlowMock } from '../../facade/commflow-mock.js';
import type { MockTenantHandle } from '../../facade/tenant-handle.js';
import type { MockOptions } from '../../runtime/create-runtime.js';
import type { ScenarioInput } from '../../scenario/schema.js';
import { DEMO_KEYS, DEMO_TENANTS } from '../../scenario/demo.js';

/**
 * The demo sandbox's acting user, the one the guides and examples act as: the fixture's client
 * acts as this user unless told otherwise.
 *
 * @example
 * ```ts
 * expect(mock).toHaveReceived('contacts.create', { userEmail: DEMO_ACTING_USER });
 * ```
 */
export const DEMO_ACTING_USER = 'ann.lee@acme.test';

/**
 * How the fixture builds each test's mock and client. Every field is optional: the default is
 * the demo scenario, its sandbox tenant and Ann Lee, the demo's acting user.
 *
 * @example
 * ```ts
 * test.override('commflow', { tenantId: DEMO_TENANTS.live, userEmail: null });
 * ```
 */
export interface CommFlowTestOptions {
  /** The scenario to load. Default `'demo'`. */
  scenario?: ScenarioInput | 'demo';
  /** `createMock` options (a frozen clock, history caps…). */
  mock?: MockOptions;
  /** The test's tenant (the `tenant` fixture, the client's). Default: the demo sandbox tenant, else the scenario's first tenant. */
  tenantId?: string;
  /** The client's acting user (`X-User-Email`); `null` for none. Default: Ann Lee on the demo, else none. */
  userEmail?: string | null;
  /** The client's key. Default: the demo's key of the tenant, else a new key on it with every permission. */
  apiKey?: string;
}

/**
 * A fresh mock for one test: the scenario and options given.
 *
 * @example
 * ```ts
 * const mock = testMock({ mock: { clock: { frozen: true } } });
 * ```
 */
export function testMock(options: CommFlowTestOptions): CommFlowMock {
  return createMock(options.scenario ?? 'demo', options.mock ?? {});
}

/** The tenant of the options: the one named, else the demo sandbox, else the scenario's first. */
function testTenantId(mock: CommFlowMock, options: CommFlowTestOptions): string {
  const demo = (options.scenario ?? 'demo') === 'demo';
  const tenantId = options.tenantId ?? (demo ? DEMO_TENANTS.sandbox : mock.scenario.tenants[0]?.id);
  if (tenantId === undefined) throw new Error('The scenario has no tenant: name one with the tenantId option.');
  return tenantId;
}

/**
 * The handle of the test's tenant on `mock` (`mock.tenant(id)`): the tenant of `options`, by
 * default the demo sandbox (else the scenario's first tenant). `expect(tenant)` asserts on this
 * tenant's traffic alone.
 *
 * @example
 * ```ts
 * const tenant = testTenant(mock, { tenantId: DEMO_TENANTS.live });
 * expect(tenant).not.toHaveReceived('contacts.create');
 * ```
 */
export function testTenant(mock: CommFlowMock, options: CommFlowTestOptions): MockTenantHandle {
  return mock.tenant(testTenantId(mock, options));
}

/**
 * An SDK client bound to `mock` (through `mock.fetch`, no network) for the tenant and user of
 * `options`.
 *
 * @example
 * ```ts
 * const client = await testClient(mock, { userEmail: 'bob.stone@acme.test' });
 * ```
 */
export async function testClient(mock: CommFlowMock, options: CommFlowTestOptions): Promise<CommFlow> {
  // Loaded when a test asks for `client`: the SDK is an optional peer of this subpath.
  const { CommFlow: Client } = await import('@commflow/sdk');
  const demo = (options.scenario ?? 'demo') === 'demo';
  const tenantId = testTenantId(mock, options);
  const apiKey =
    options.apiKey ??
    (demo && tenantId.toLowerCase() === DEMO_TENANTS.sandbox.toLowerCase() ? DEMO_KEYS.sandbox : undefined) ??
    (demo && tenantId.toLowerCase() === DEMO_TENANTS.live.toLowerCase() ? DEMO_KEYS.live : undefined) ??
    mock.createApiKey({ tenantIds: [tenantId] }).key;
  const userEmail = options.userEmail === undefined ? (demo ? DEMO_ACTING_USER : undefined) : options.userEmail;
  return new Client({
    apiKey,
    tenantId,
    // Any origin: `mock.fetch` answers every request itself.
    baseUrl: 'http://commflow.mock',
    fetch: mock.fetch,
    ...(userEmail === null || userEmail === undefined ? {} : { userEmail }),
    // A test wants the answer the mock gave, not a retry of it.
    maxRetries: 0,
  });
}
