/** Takes a tenant snapshot: one tenant's part of every store, as plain data. */
import { notFound } from '../../lib/api-error.js';
import { tenantNow } from '../../service/tenant-clock.js';
import type { MockRuntime } from '../mock-runtime.js';
import { TENANT_SNAPSHOT_FORMAT, TENANT_SNAPSHOT_VERSION, type TenantSnapshot } from './tenant-schema.js';
import { sliceStores } from './tenant-stores.js';

/**
 * One tenant's slice of the world as a versioned, JSON-serialisable value. Costs the tenant's
 * records and the history stores' entries, not the other tenants' records.
 *
 * @throws ApiError `NOT_FOUND` for an unknown tenant.
 */
export function takeTenantSnapshot(runtime: MockRuntime, id: string): TenantSnapshot {
  const tenantId = id.toLowerCase();
  const { world } = runtime;
  if (!world.state.tenants.has(tenantId)) throw notFound('Tenant');
  return {
    format: TENANT_SNAPSHOT_FORMAT,
    version: TENANT_SNAPSHOT_VERSION,
    tenantId,
    takenAt: new Date(tenantNow(world, tenantId)).toISOString(),
    state: sliceStores(world.state, tenantId),
  };
}
