/**
 * An SDK client of a mock, for one tenant: the SDK (`@commflow/sdk`) is an optional peer, loaded
 * on demand, so that the mock's main entry works without it. The tenant handles, in process and
 * remote, make their `client()` here.
 */
import type { CommFlow } from '@commflow/sdk';

/**
 * The SDK's client (`CommFlow` from `@commflow/sdk`, an optional peer), as a tenant handle's
 * `client()` hands it out: named here so a suite can type a variable without importing the SDK.
 *
 * @example
 * ```ts
 * const client: TenantClient = await mock.tenant(tenantId).client();
 * ```
 */
export type TenantClient = CommFlow;

/** Who a client acts as and how it reaches the mock. */
export interface SdkClientInit {
  baseUrl: string;
  tenantId: string;
  apiKey: string;
  /** The acting user (`X-User-Email`); none when undefined. */
  userEmail?: string | undefined;
  /** The in-process mock's `fetch`; the global one (real HTTP) when undefined. */
  fetch?: ((input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) | undefined;
}

/** A `CommFlow` client without retries: a test wants the answer the mock gave, not a retry of it. */
export async function loadSdkClient(init: SdkClientInit): Promise<CommFlow> {
  const { CommFlow: Client } = await import('@commflow/sdk');
  return new Client({
    apiKey: init.apiKey,
    tenantId: init.tenantId,
    baseUrl: init.baseUrl,
    maxRetries: 0,
    ...(init.userEmail === undefined ? {} : { userEmail: init.userEmail }),
    ...(init.fetch === undefined ? {} : { fetch: init.fetch }),
  });
}
