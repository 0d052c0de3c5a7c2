/**
 * The control surface's one table: every route under `/__mock`, as data. Dispatch, the
 * `GET /__mock` index, the OpenAPI document, the CLI guide's reference check and the typed
 * remote client all derive from it; a route that is not here cannot be served.
 *
 * Route ids are the in-process mock's method names where it has one (`mock.advanceClock` is
 * `advanceClock`, `mock.tenants.create` is `tenants.create`), so a remote handle keeps its names.
 */
import { MAX_BODY_BYTES } from '@commflow/contract';
import * as z from 'zod';
import { FaultSchema } from '../state/faults.js';
import { AdvanceClockInputSchema } from './inputs.js';
import { OUTSIDE_ROUTES } from './outside-routes.js';
import { OVERRIDE_ROUTES } from './override-routes.js';
import { route, type ControlRouteSpec } from './route.js';
import { TENANT_ROUTES } from './tenant-routes.js';
import { TRAFFIC_ROUTES } from './traffic-routes.js';
import { WEBHOOK_ROUTES } from './webhook-routes.js';
import { ClockView, FaultView, ScenarioView, SnapshotView } from './views.js';

import { SNAPSHOT_MAX_BYTES } from './snapshot-limit.js';

export { SNAPSHOT_MAX_BYTES } from './snapshot-limit.js';

const IndexView = z.object({
  routes: z.array(z.object({ id: z.string(), route: z.string(), does: z.string() })),
  openapi: z.string().meta({ description: 'Where the OpenAPI document of these routes is.' }),
  reference: z.string(),
});

/**
 * Every control route by id.
 *
 * @example
 * ```ts
 * const { method, path } = CONTROL_ROUTES['tenants.create']; // 'POST', '/__mock/tenants'
 * ```
 */
export const CONTROL_ROUTES = {
  index: route({
    method: 'GET',
    path: '/__mock',
    tag: 'World',
    summary: 'this index',
    status: 200,
    output: IndexView,
  }),
  openapi: route({
    method: 'GET',
    path: '/__mock/openapi.json',
    tag: 'World',
    summary: 'the OpenAPI 3.1 document of these routes',
    status: 200,
    answer: 'json',
    output: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' }),
  }),
  reset: route({
    method: 'POST',
    path: '/__mock/reset',
    tag: 'World',
    summary: 'back to the loaded scenario',
    status: 200,
    output: z.object({ reset: z.literal(true) }),
  }),
  loadScenario: route({
    method: 'PUT',
    path: '/__mock/scenario',
    tag: 'World',
    summary: 'load another scenario (or "demo")',
    body: z.union([z.literal('demo'), ScenarioView]),
    status: 200,
    output: z.object({ tenants: z.array(z.string()) }),
  }),
  snapshot: route({
    method: 'GET',
    path: '/__mock/snapshot',
    tag: 'World',
    summary: 'the whole world as versioned JSON',
    status: 200,
    output: z.object({ snapshot: SnapshotView }),
  }),
  restore: route({
    method: 'PUT',
    path: '/__mock/snapshot',
    tag: 'World',
    summary: 'restore a snapshot',
    description: 'The body is a snapshot, `{ "snapshot": … }`, or the whole answer of GET. Up to 256 MiB.',
    body: z.record(z.string(), z.unknown()),
    bodyLimit: SNAPSHOT_MAX_BYTES,
    status: 200,
    output: z.object({ restored: z.literal(true), now: z.string() }),
  }),
  exportScenario: route({
    method: 'GET',
    path: '/__mock/export',
    tag: 'World',
    summary: 'the world as a scenario file',
    status: 200,
    output: z.object({ scenario: ScenarioView }),
  }),
  clock: route({
    method: 'GET',
    path: '/__mock/clock',
    tag: 'World',
    summary: "the mock clock's time",
    status: 200,
    output: ClockView,
  }),
  advanceClock: route({
    method: 'POST',
    path: '/__mock/clock/advance',
    tag: 'World',
    summary: 'move every clock forward',
    body: AdvanceClockInputSchema,
    status: 200,
    output: ClockView,
  }),
  injectFault: route({
    method: 'POST',
    path: '/__mock/faults',
    tag: 'World',
    summary: 'make the next matching requests stall or fail',
    description:
      'The shorthand of an override whose effect is a fault. Every field is optional: `{}` fails the next request with 503. The answer names the override’s id.',
    body: FaultSchema,
    status: 201,
    output: z.object({ fault: FaultView }),
  }),
  ...OVERRIDE_ROUTES,
  memory: route({
    method: 'GET',
    path: '/__mock/memory',
    tag: 'World',
    summary: "the process's heap",
    status: 200,
    output: z.object({
      memory: z.object({ heapUsed: z.number(), rss: z.number(), afterGc: z.boolean() }).nullable(),
    }),
  }),
  ...TENANT_ROUTES,
  ...TRAFFIC_ROUTES,
  ...OUTSIDE_ROUTES,
  ...WEBHOOK_ROUTES,
  catalogue: route({
    method: 'GET',
    path: '/__mock/catalogue',
    tag: 'Console',
    summary: 'the names the console offers',
    status: 200,
    output: z.object({
      permissions: z.array(z.string()),
      modules: z.array(z.string()),
      capabilities: z.array(z.string()),
      eventTypes: z.array(z.string()),
      callActions: z.array(z.string()),
      deliveryStatuses: z.array(z.string()),
    }),
  }),
  console: route({
    method: 'GET',
    path: '/__mock/console',
    tag: 'Console',
    summary: 'the console (a browser at / gets it too)',
    status: 200,
    answer: 'html',
    output: z.string(),
  }),
} as const satisfies Record<string, ControlRouteSpec>;

/**
 * The id of a control route.
 *
 * @example
 * ```ts
 * const id: ControlRouteId = 'advanceClock';
 * ```
 */
export type ControlRouteId = keyof typeof CONTROL_ROUTES;

/**
 * Every control route, in the reference's order, with its id.
 *
 * @example
 * ```ts
 * CONTROL_ROUTE_LIST.map((route) => `${route.method} ${route.path}`);
 * ```
 */
export const CONTROL_ROUTE_LIST: readonly (ControlRouteSpec & { readonly id: ControlRouteId })[] = Object.keys(
  CONTROL_ROUTES,
)
  .filter((id): id is ControlRouteId => id in CONTROL_ROUTES)
  .map((id) => ({ ...CONTROL_ROUTES[id], id }));

/**
 * The largest body the route takes, in bytes.
 *
 * @example
 * ```ts
 * bodyLimitOf(CONTROL_ROUTES['tenants.create']); // 1048576
 * ```
 */
export function bodyLimitOf(route: ControlRouteSpec): number {
  return route.bodyLimit ?? MAX_BODY_BYTES;
}

// A part that may be left out (an optional body, a query of optional filters) is optional.
type Part<R, K extends 'params' | 'query' | 'body'> =
  R extends Readonly<Record<K, infer S extends z.ZodType>>
    ? undefined extends z.input<S>
      ? Partial<Record<K, z.input<S>>>
      : object extends z.input<S>
        ? Partial<Record<K, z.input<S>>>
        : Record<K, z.input<S>>
    : object;

/**
 * What a client sends to a route: `params`, `query` and `body`, each only when the route takes it.
 *
 * @example
 * ```ts
 * const input: ControlInput<'tenants.advanceClock'> = { params: { id }, body: { ms: 60_000 } };
 * ```
 */
export type ControlInput<Id extends ControlRouteId> = Part<(typeof CONTROL_ROUTES)[Id], 'params'> &
  Part<(typeof CONTROL_ROUTES)[Id], 'query'> &
  Part<(typeof CONTROL_ROUTES)[Id], 'body'>;

/**
 * What a route answers: the `data` of its envelope (for `openapi`, the document).
 *
 * @example
 * ```ts
 * const created: ControlOutput<'tenants.create'> = await remote.call('tenants.create', {});
 * created.apiKey.key;
 * ```
 */
export type ControlOutput<Id extends ControlRouteId> = z.output<(typeof CONTROL_ROUTES)[Id]['output']>;
