/**
 * A whole-mock filter's `tenantId` (requests, events, deliveries, webhooks, overrides), checked
 * against the world: an id no tenant has is refused, naming it and the tenants it could have
 * meant, never a filter that matches nothing (a test that cannot fail).
 */
import { invalid } from '../lib/api-error.js';
import type { MockRuntime } from './mock-runtime.js';
import { unknownTenantIssue } from './tenant-scope.js';

/**
 * Refuses a filter's `tenantId` that no tenant has; no `tenantId` (or `null`: the requests of no
 * tenant) passes.
 *
 * @param path Where the id sits, for the error: `['query', 'tenantId']` over HTTP.
 * @throws ApiError `VALIDATION_ERROR` naming `path`, the id and the closest tenants.
 * @example
 * ```ts
 * checkTenantFilter(runtime, filter.tenantId, ['filter', 'tenantId']);
 * ```
 */
export function checkTenantFilter(runtime: MockRuntime, tenantId: string | null | undefined, path: string[]): void {
  if (tenantId === undefined || tenantId === null) return;
  const issue = unknownTenantIssue(tenantId, runtime.world.state.tenants.values());
  if (issue !== undefined) throw invalid(path, issue);
}
