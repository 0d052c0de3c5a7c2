/**
 * The tenant snapshot format: one tenant's slice of the world as versioned JSON. Its `state` is
 * the world snapshot's `state` (the same store list and schemas, `stores.ts`) without the
 * world-only stores, each store holding the tenant's entries alone.
 */
import * as z from 'zod';
import { TENANT_SNAPSHOT_FORMAT, TENANT_SNAPSHOT_VERSION } from '../../control-api/tenant-routes.js';
import { SnapshotSchema } from './schema.js';
import { WORLD_ONLY_FIELDS } from './tenant-stores.js';

export { TENANT_SNAPSHOT_FORMAT, TENANT_SNAPSHOT_VERSION } from '../../control-api/tenant-routes.js';

/**
 * The schema of a tenant snapshot: what a tenant restore and a fork check before they change
 * anything.
 *
 * @example
 * ```ts
 * const ok = TenantSnapshotSchema.safeParse(JSON.parse(await readFile('tenant.json', 'utf8'))).success;
 * ```
 */
export const TenantSnapshotSchema = z.strictObject({
  format: z.literal(TENANT_SNAPSHOT_FORMAT),
  version: z.literal(TENANT_SNAPSHOT_VERSION, {
    error: `this mock reads tenant snapshot version ${TENANT_SNAPSHOT_VERSION}`,
  }),
  /** The tenant it was taken of (lower case). */
  tenantId: z.string(),
  /** The tenant's time when it was taken. */
  takenAt: z.string(),
  /** The tenant's part of the world's stores, as the world snapshot's `state` holds them. */
  state: SnapshotSchema.shape.state.omit(WORLD_ONLY_FIELDS),
});

/**
 * One tenant's slice of a mock's world: versioned plain JSON. It holds the tenant's webhook
 * signing secrets (keep it like a secret), never an API key's secret.
 *
 * @example
 * ```ts
 * await writeFile('tenant.json', JSON.stringify(mock.tenants.snapshot(tenantId)));
 * ```
 */
export type TenantSnapshot = z.output<typeof TenantSnapshotSchema>;
