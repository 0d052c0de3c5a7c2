/** An SDK client of a mock over HTTP, for a tenant: the SDK is an optional peer, loaded on demand. */
import type { CommFlow } from '@commflow/sdk';
import { loadSdkClient } from '../../runtime/sdk-client.js';

/**
 * The SDK's client (`CommFlow` from `@commflow/sdk`, an optional peer), as `remote.client()` and
 * the Playwright fixture's `tenant.client` hand it out: named here so a suite can type a variable
 * without importing the SDK itself.
 *
 * @example
 * ```ts
 * const client: SdkClient = await remote.client({ tenantId: tenant.id, apiKey: key });
 * ```
 */
export type SdkClient = CommFlow;

/**
 * Who an SDK client of `remote.client()` acts as.
 *
 * @example
 * ```ts
 * const as: RemoteClientOptions = { tenantId: tenant.id, apiKey: key, userEmail: 'owner@sandbox.test' };
 * ```
 */
export interface RemoteClientOptions {
  tenantId: string;
  apiKey: string;
  /** The acting user (`X-User-Email`); none by default. */
  userEmail?: string | undefined;
}

/** A `CommFlow` client of the mock at `baseUrl`, without retries: a test wants the answer the mock gave. */
export function sdkClient(baseUrl: string, options: RemoteClientOptions): Promise<CommFlow> {
  return loadSdkClient({ baseUrl, ...options });
}
