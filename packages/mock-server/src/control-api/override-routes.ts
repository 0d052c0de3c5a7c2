/**
 * The control routes of overrides (issue 27): faults and stubs aimed at some requests, added,
 * listed with their counts and removed. Part of the one table (table.ts spreads them in).
 */
import { IdInput } from '@commflow/contract';
import * as z from 'zod';
import { OverrideFaultSchema, OverrideInputSchema, OverrideRespondSchema } from '../state/override-schema.js';
import { route, type ControlRouteSpec } from './route.js';

/** An override as listed: what was asked, the operations it can answer, and its counts. */
export const OverrideViewSchema = z
  .object({
    id: z.string(),
    tenantId: z.string().optional(),
    operationId: z.string().optional(),
    method: z.string().optional(),
    path: z.string().optional(),
    query: z.record(z.string(), z.string()).optional(),
    body: z.record(z.string(), z.unknown()).optional(),
    times: z.int().optional(),
    after: z.int(),
    fault: OverrideFaultSchema.optional(),
    respond: OverrideRespondSchema.optional(),
    unchecked: z.boolean(),
    operations: z.array(z.string()).meta({ description: 'The operations it can answer.' }),
    hits: z.int().meta({ description: 'Requests it answered.' }),
    remaining: z.int().nullable().meta({ description: 'Answers it still gives; null: no limit.' }),
    letThrough: z.int().meta({ description: 'Matching requests it still lets through first.' }),
  })
  .meta({ id: 'Override' });

const OverrideIdParams = z.strictObject({
  id: z
    .string()
    .regex(/^ovr_[0-9a-f]{16}$/, { error: 'must be an override id as listed: ovr_ and 16 hex digits' })
    .meta({ description: 'The override’s id.' }),
});

const tenantFilter = z.optional(IdInput).meta({ description: 'Only this tenant’s.' });

/** The overrides' routes, by id. */
export const OVERRIDE_ROUTES = {
  'overrides.add': route({
    method: 'POST',
    path: '/__mock/overrides',
    tag: 'Overrides',
    summary: 'add a fault or a stub',
    description:
      'Matches any mix of a tenant, an operation id or a method and path template, a query and a body subset; `times` and `after` count. A stub is checked against the contract (400 naming the paths that break it) unless `unchecked: true`.',
    body: OverrideInputSchema,
    status: 201,
    output: z.object({ override: OverrideViewSchema }),
  }),
  'overrides.list': route({
    method: 'GET',
    path: '/__mock/overrides',
    tag: 'Overrides',
    summary: 'the overrides, with their hits and what remains',
    query: z.strictObject({
      tenantId: tenantFilter,
      unused: z
        .enum(['true', 'false'])
        .transform((value) => value === 'true')
        .optional()
        .meta({ description: 'true: only those that never answered.' }),
    }),
    status: 200,
    output: z.object({ overrides: z.array(OverrideViewSchema) }),
  }),
  'overrides.remove': route({
    method: 'DELETE',
    path: '/__mock/overrides/{id}',
    tag: 'Overrides',
    summary: 'remove one',
    params: OverrideIdParams,
    status: 200,
    output: z.object({ id: z.string(), deleted: z.literal(true) }),
    errors: ['NOT_FOUND'],
  }),
  'overrides.clear': route({
    method: 'DELETE',
    path: '/__mock/overrides',
    tag: 'Overrides',
    summary: 'remove every override of a tenant (without tenantId: every override)',
    query: z.strictObject({ tenantId: tenantFilter }),
    status: 200,
    output: z.object({ removed: z.int() }),
  }),
} as const satisfies Record<string, ControlRouteSpec>;
