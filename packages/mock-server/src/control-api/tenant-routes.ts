/**
 * The control routes of tenants on demand: list, create, read, reset, delete, their clocks and records. Part of the one table
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
    description: 'No body, or `{}`, is the minimal sandbox. `key` repeats `apiKey.key`.',
    body: CreateTenantInputSchema.optional(),
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
