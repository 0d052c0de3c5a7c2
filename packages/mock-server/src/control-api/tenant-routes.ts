/**
 * The control routes of tenants on demand: list, create, read, reset, delete, snapshots, their clocks and records. Part of the one table
 * (table.ts spreads them in, in this order).
 */
import * as z from 'zod';
import {
  AdvanceClockInputSchema,
  CreateTenantInputSchema,
  IdParams,
  RecordsParams,
  RecordsQuerySchema,
} from './inputs.js';
import { CreatedApiKeyView, DeletedView, TenantClockViewSchema, TenantListView, TenantSummaryView } from './views.js';
import { route, type ControlRouteSpec } from './route.js';
import { SNAPSHOT_MAX_BYTES } from './snapshot-limit.js';

/**
 * The name of the tenant snapshot format, so a file can say what it is (a world snapshot's is
 * `commflow-mock-snapshot`).
 *
 * @example
 * ```ts
 * mock.tenants.snapshot(tenantId).format === TENANT_SNAPSHOT_FORMAT; // true
 * ```
 */
export const TENANT_SNAPSHOT_FORMAT = 'commflow-mock-tenant-snapshot';
/**
 * The tenant snapshot version this mock writes and reads. A snapshot of another version is refused.
 *
 * @example
 * ```ts
 * mock.tenants.snapshot(tenantId).version === TENANT_SNAPSHOT_VERSION; // true
 * ```
 */
export const TENANT_SNAPSHOT_VERSION = 1;

/**
 * One tenant's slice of the world as versioned JSON: `PUT /__mock/tenants/{id}/snapshot` puts it
 * back, `POST /__mock/tenants` with `{ snapshot }` forks it. Checked in full where it is used.
 *
 * @example
 * ```ts
 * TenantSnapshotView.parse(answer.data.snapshot).tenantId;
 * ```
 */
export const TenantSnapshotView = z
  .looseObject({
    format: z.literal(TENANT_SNAPSHOT_FORMAT),
    version: z.int(),
    tenantId: z.string(),
    takenAt: z.string(),
  })
  .meta({
    id: 'TenantSnapshot',
    description: 'One tenant’s slice of the world; put it back with PUT /__mock/tenants/{id}/snapshot.',
  });

/**
 * `PUT /__mock/tenants/{id}/snapshot`'s query: `copy=true` puts another tenant's snapshot into
 * this one (without it, that is refused).
 *
 * @example
 * ```ts
 * TenantRestoreQuerySchema.parse({ copy: 'true' }); // { copy: 'true' }
 * ```
 */
export const TenantRestoreQuerySchema = z.strictObject({
  copy: z.enum(['true', 'false']).optional().meta({
    description: 'Copy a snapshot of another tenant into this one (ids remapped; this tenant keeps its keys).',
  }),
});

/**
 * The control routes of tenants on demand: list, create, read, reset, delete, their clocks and records.
 *
 * @example
 * ```ts
 * const { method, path } = TENANT_ROUTES['tenants.create']; // 'POST', '/__mock/tenants'
 * ```
 */
export const TENANT_ROUTES = {
  'tenants.list': route({
    method: 'GET',
    path: '/__mock/tenants',
    tag: 'Tenants',
    summary: 'every tenant, with its origin and clock',
    status: 200,
    output: z.object({ tenants: z.array(TenantListView) }),
  }),
  'tenants.create': route({
    method: 'POST',
    path: '/__mock/tenants',
    tag: 'Tenants',
    summary: 'a tenant on demand, with a key of its own',
    description:
      'No body, or `{}`, is the minimal sandbox. `{ "snapshot": … }` forks a tenant snapshot (GET /__mock/tenants/{id}/snapshot) into a new tenant with a new id and key. `key` repeats `apiKey.key`. Up to 256 MiB.',
    body: CreateTenantInputSchema.optional(),
    bodyLimit: SNAPSHOT_MAX_BYTES,
    status: 201,
    output: z.object({ tenant: TenantSummaryView, apiKey: CreatedApiKeyView, key: z.string() }),
  }),
  'tenants.get': route({
    method: 'GET',
    path: '/__mock/tenants/{id}',
    tag: 'Tenants',
    summary: 'one tenant',
    params: IdParams,
    status: 200,
    output: z.object({ tenant: TenantSummaryView }),
    errors: ['NOT_FOUND'],
  }),
  'tenants.reset': route({
    method: 'POST',
    path: '/__mock/tenants/{id}/reset',
    tag: 'Tenants',
    summary: 'one tenant back as created',
    params: IdParams,
    status: 200,
    output: z.object({ tenant: TenantSummaryView }),
    errors: ['NOT_FOUND'],
  }),
  'tenants.delete': route({
    method: 'DELETE',
    path: '/__mock/tenants/{id}',
    tag: 'Tenants',
    summary: 'remove one tenant',
    params: IdParams,
    status: 200,
    output: DeletedView,
    errors: ['NOT_FOUND'],
  }),
  'tenants.snapshot': route({
    method: 'GET',
    path: '/__mock/tenants/{id}/snapshot',
    tag: 'Tenants',
    summary: 'one tenant’s slice of the world as versioned JSON',
    description:
      'Its records, own keys (as hashes), clock, calls, idempotency entries, overrides, subscriptions, and its journal, events and deliveries.',
    params: IdParams,
    status: 200,
    output: z.object({ snapshot: TenantSnapshotView }),
    errors: ['NOT_FOUND'],
  }),
  'tenants.restore': route({
    method: 'PUT',
    path: '/__mock/tenants/{id}/snapshot',
    tag: 'Tenants',
    summary: 'put one tenant’s slice back; no other tenant changes',
    description:
      'The body is a tenant snapshot, `{ "snapshot": … }`, or the whole answer of GET. A snapshot of another tenant is refused unless `copy=true`. A bad snapshot is a 400 naming its path, and changes nothing. Up to 256 MiB.',
    params: IdParams,
    query: TenantRestoreQuerySchema,
    body: z.record(z.string(), z.unknown()),
    bodyLimit: SNAPSHOT_MAX_BYTES,
    status: 200,
    output: z.object({ tenant: TenantSummaryView, copied: z.boolean() }),
    errors: ['NOT_FOUND'],
  }),
  'tenants.clock': route({
    method: 'GET',
    path: '/__mock/tenants/{id}/clock',
    tag: 'Tenants',
    summary: "a tenant's clock",
    params: IdParams,
    status: 200,
    output: TenantClockViewSchema,
    errors: ['NOT_FOUND'],
  }),
  'tenants.advanceClock': route({
    method: 'POST',
    path: '/__mock/tenants/{id}/clock/advance',
    tag: 'Tenants',
    summary: "move one tenant's clock",
    params: IdParams,
    body: AdvanceClockInputSchema,
    status: 200,
    output: TenantClockViewSchema,
    errors: ['NOT_FOUND'],
  }),
  'tenants.recordCounts': route({
    method: 'GET',
    path: '/__mock/tenants/{id}/records',
    tag: 'Tenants',
    summary: 'how many records a tenant holds, per resource',
    params: IdParams,
    status: 200,
    output: z.object({ resources: z.array(z.string()), counts: z.record(z.string(), z.int()) }),
    errors: ['NOT_FOUND'],
  }),
  'tenants.records': route({
    method: 'GET',
    path: '/__mock/tenants/{id}/records/{resource}',
    tag: 'Tenants',
    summary: "a tenant's records of one resource, searched (q) and in pages",
    params: RecordsParams,
    query: RecordsQuerySchema,
    status: 200,
    paged: true,
    output: z.object({
      records: z.array(z.unknown()).meta({ description: 'The records, in the API’s shapes.' }),
      total: z.int().nullable(),
    }),
    errors: ['NOT_FOUND', 'INVALID_CURSOR'],
  }),
} as const satisfies Record<string, ControlRouteSpec>;
