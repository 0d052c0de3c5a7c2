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
import { CreateWebhookSubscriptionSchema, RotateWebhookSecretSchema } from '../state/webhooks/subscription-schemas.js';
import { FaultSchema } from '../state/faults.js';
import {
  AdvanceClockInputSchema,
  ApiKeyIdParams,
  CallActionParams,
  CarrierInputSchema,
  CreateKeyInputSchema,
  CreateTenantInputSchema,
  DeliveriesQuerySchema,
  EnableWebhookInputSchema,
  EventsQuerySchema,
  IdParams,
  InboundSmsInputSchema,
  JournalQuerySchema,
  RecordsParams,
  RecordsQuerySchema,
  RequestIdParams,
  TenantQuerySchema,
} from './inputs.js';
import { OVERRIDE_ROUTES } from './override-routes.js';
import type { ControlRouteSpec } from './route.js';
import {
  ApiKeyViewSchema,
  CallView,
  CarrierView,
  ClockView,
  CreatedApiKeyView,
  CreatedWebhookView,
  DeletedView,
  DeliveryRequestView,
  DeliveryView,
  EventView,
  FaultView,
  InboundSmsView,
  JournalEntryView,
  JournalSummaryView,
  ScenarioView,
  SnapshotView,
  TenantClockViewSchema,
  TenantListView,
  TenantSummaryView,
  WebhookView,
} from './views.js';

/**
 * The largest snapshot `PUT /__mock/snapshot` accepts: a million-contact world fits.
 *
 * @example
 * ```ts
 * bodyLimitOf(CONTROL_ROUTES.restore) === SNAPSHOT_MAX_BYTES; // true
 * ```
 */
export const SNAPSHOT_MAX_BYTES = 256 * 1024 * 1024;

const route = <const R extends ControlRouteSpec>(spec: R): R => spec;

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
  apiKeys: route({
    method: 'GET',
    path: '/__mock/api-keys',
    tag: 'API keys',
    summary: 'keys by hint, never a secret',
    status: 200,
    output: z.object({ apiKeys: z.array(ApiKeyViewSchema) }),
  }),
  createApiKey: route({
    method: 'POST',
    path: '/__mock/api-keys',
    tag: 'API keys',
    summary: 'create a key (its secret shown once)',
    body: CreateKeyInputSchema,
    status: 201,
    output: z.object({ apiKey: CreatedApiKeyView }),
  }),
  revokeApiKey: route({
    method: 'POST',
    path: '/__mock/api-keys/{id}/revoke',
    tag: 'API keys',
    summary: 'revoke a key',
    params: ApiKeyIdParams,
    status: 200,
    output: z.object({ apiKey: ApiKeyViewSchema }),
    errors: ['NOT_FOUND'],
  }),
  requests: route({
    method: 'GET',
    path: '/__mock/journal',
    tag: 'Journal',
    summary: 'the requests received, with what was sent and answered; filtered, in pages',
    query: JournalQuerySchema,
    status: 200,
    paged: true,
    output: z.object({ entries: z.array(JournalEntryView) }),
    errors: ['INVALID_CURSOR'],
  }),
  journalStream: route({
    method: 'GET',
    path: '/__mock/journal/stream',
    tag: 'Journal',
    summary: 'the journal as server-sent events',
    description: 'One `data:` line per entry (its summary), the entries kept first; a comment every 15 s.',
    status: 200,
    answer: 'event-stream',
    output: JournalSummaryView,
  }),
  request: route({
    method: 'GET',
    path: '/__mock/journal/{requestId}',
    tag: 'Journal',
    summary: 'one request, by the X-Request-Id it was answered with',
    params: RequestIdParams,
    status: 200,
    output: z.object({ entry: JournalEntryView }),
    errors: ['NOT_FOUND'],
  }),
  events: route({
    method: 'GET',
    path: '/__mock/events',
    tag: 'Journal',
    summary: 'the events recorded',
    query: EventsQuerySchema,
    status: 200,
    output: z.object({ events: z.array(EventView) }),
  }),
  calls: route({
    method: 'GET',
    path: '/__mock/calls',
    tag: 'Outside',
    summary: 'the click-to-dial calls',
    query: TenantQuerySchema,
    status: 200,
    output: z.object({ calls: z.array(CallView) }),
  }),
  controlCall: route({
    method: 'POST',
    path: '/__mock/calls/{id}/{action}',
    tag: 'Outside',
    summary: 'drive a call by hand',
    params: CallActionParams,
    status: 200,
    output: z.object({ call: CallView }),
    errors: ['NOT_FOUND', 'INVALID_CALL_TRANSITION'],
  }),
  carrier: route({
    method: 'GET',
    path: '/__mock/carrier',
    tag: 'Outside',
    summary: 'what reached the carrier',
    status: 200,
    output: z.object({ carrier: CarrierView }),
  }),
  setCarrier: route({
    method: 'PUT',
    path: '/__mock/carrier',
    tag: 'Outside',
    summary: 'accept or reject live sends',
    body: CarrierInputSchema,
    status: 200,
    output: z.object({ carrier: CarrierView }),
  }),
  receiveSms: route({
    method: 'POST',
    path: '/__mock/sms/inbound',
    tag: 'Outside',
    summary: 'deliver an inbound SMS',
    description: 'The tenant must exist (else 400); `to` must be one of its numbers (else 404).',
    body: InboundSmsInputSchema,
    status: 201,
    output: InboundSmsView,
    errors: ['NOT_FOUND'],
  }),
  webhookSubscriptions: route({
    method: 'GET',
    path: '/__mock/webhooks',
    tag: 'Webhooks',
    summary: 'webhook subscriptions',
    query: TenantQuerySchema,
    status: 200,
    output: z.object({ webhooks: z.array(WebhookView) }),
  }),
  subscribeWebhook: route({
    method: 'POST',
    path: '/__mock/webhooks',
    tag: 'Webhooks',
    summary: 'subscribe (its secret shown once)',
    body: CreateWebhookSubscriptionSchema,
    status: 201,
    output: CreatedWebhookView,
    errors: ['WEBHOOK_EXISTS'],
  }),
  webhook: route({
    method: 'GET',
    path: '/__mock/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'one subscription',
    params: IdParams,
    status: 200,
    output: z.object({ webhook: WebhookView }),
    errors: ['NOT_FOUND'],
  }),
  setWebhookEnabled: route({
    method: 'PATCH',
    path: '/__mock/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'enable or disable it',
    params: IdParams,
    body: EnableWebhookInputSchema,
    status: 200,
    output: z.object({ webhook: WebhookView }),
    errors: ['NOT_FOUND'],
  }),
  deleteWebhook: route({
    method: 'DELETE',
    path: '/__mock/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'delete it',
    params: IdParams,
    status: 200,
    output: DeletedView,
    errors: ['NOT_FOUND'],
  }),
  rotateWebhookSecret: route({
    method: 'POST',
    path: '/__mock/webhooks/{id}/rotate-secret',
    tag: 'Webhooks',
    summary: 'rotate its secret',
    params: IdParams,
    body: RotateWebhookSecretSchema.optional(),
    status: 200,
    output: z.object({ id: z.string(), secret: z.string(), previousSecretExpiresAt: z.string() }),
    errors: ['NOT_FOUND'],
  }),
  deliveries: route({
    method: 'GET',
    path: '/__mock/deliveries',
    tag: 'Webhooks',
    summary: 'webhook deliveries with every attempt',
    query: DeliveriesQuerySchema,
    status: 200,
    output: z.object({ deliveries: z.array(DeliveryView) }),
  }),
  delivery: route({
    method: 'GET',
    path: '/__mock/deliveries/{id}',
    tag: 'Webhooks',
    summary: 'one delivery',
    params: IdParams,
    status: 200,
    output: z.object({ delivery: DeliveryView }),
    errors: ['NOT_FOUND'],
  }),
  replayDelivery: route({
    method: 'POST',
    path: '/__mock/deliveries/{id}/replay',
    tag: 'Webhooks',
    summary: 'send it again',
    params: IdParams,
    status: 202,
    output: z.object({ delivery: DeliveryView }),
    errors: ['NOT_FOUND', 'WEBHOOK_DISABLED'],
  }),
  deliveryRequest: route({
    method: 'GET',
    path: '/__mock/deliveries/{id}/request',
    tag: 'Webhooks',
    summary: 'its request, signed',
    params: IdParams,
    status: 200,
    output: z.object({ request: DeliveryRequestView }),
    errors: ['NOT_FOUND'],
  }),
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
export const CONTROL_ROUTE_LIST: readonly (ControlRouteSpec & { readonly id: ControlRouteId })[] = (
  Object.keys(CONTROL_ROUTES) as ControlRouteId[]
).map((id) => ({ ...CONTROL_ROUTES[id], id }));

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
