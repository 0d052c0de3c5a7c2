/**
 * `@commflow/mock-server/remote`: a standalone mock, driven from another process with the names
 * and types of the in-process one: tenants and their clocks, the global clock, the journal typed
 * by operation, events and deliveries, snapshots, faults, keys, webhooks, scenarios, an SDK
 * client bound to a tenant, and a handle on one tenant (`await remote.tenant(id)`). The matchers accept it: `await expect(remote).toHaveReceived(…)`.
 *
 * ```ts
 * import { connectMock } from '@commflow/mock-server/remote';
 * const remote = await connectMock('http://127.0.0.1:4010');
 * const { tenant, key } = await remote.tenants.create();
 * ```
 *
 * @module remote
 */
export { connectMock, RemoteMock } from './remote-mock.js';
export type { RemoteClientOptions, SdkClient } from './sdk-client.js';
export { RemoteTenants } from './remote-tenants.js';
export { CreatedRemoteTenantHandle, RemoteTenantHandle, type RemoteTenantSource } from './remote-tenant.js';
export type {
  Answer,
  CreatedTenantHandleOf,
  HandleMode,
  HandleViews,
  TenantEventFilter,
  TenantHandleOf,
  TenantOverrideInput,
  TenantOverridesOf,
  ViewOf,
} from '../../runtime/tenant-handle.js';
export type { TenantClient } from '../../runtime/sdk-client.js';
export { RemoteOverrides } from './remote-overrides.js';
export { RemoteWebhooks } from './remote-webhooks.js';
export { ControlError, type ControlIssue } from './control-error.js';
export type { BodyOf, ConnectOptions, QueryOf } from './control-caller.js';
export { CONTROL_ROUTES, type ControlInput, type ControlOutput, type ControlRouteId } from '../../control-api/table.js';
export { CONTROL_ERRORS, type ControlErrorCode } from '../../control-api/route.js';
