/**
 * The OpenAPI links of the control document: which answer holds the id another route takes. A
 * fuzzer's stateful phase follows them from a created tenant, override, key or subscription to
 * the routes on it. The table is data; `openapi.ts` writes the link objects and checks every
 * entry against the routes when the document is made.
 */
import type { ControlRouteId } from './table.js';

/**
 * One link: from a route's success answer to another route. `parameters` maps a target
 * parameter (`path.id`, `query.tenantId`) to an OpenAPI runtime expression.
 *
 * @example
 * ```ts
 * const link: ControlLink = { from: 'tenants.create', to: 'tenants.get', description: 'The new tenant.', parameters: { 'path.id': '$response.body#/data/tenant/id' } };
 * ```
 */
export interface ControlLink {
  readonly from: ControlRouteId;
  readonly to: ControlRouteId;
  readonly description: string;
  readonly parameters?: Readonly<Record<string, string>>;
}

const NEW_TENANT = '$response.body#/data/tenant/id';
const NEW_WEBHOOK = '$response.body#/data/id';
const FIRST_DELIVERY = '$response.body#/data/deliveries/0/id';

/** The links from `from` to each route of `to`, every one passing the same id as its `path.id`. */
function idLinks(from: ControlRouteId, to: readonly ControlRouteId[], description: string, id: string): ControlLink[] {
  return to.map((target) => ({ from, to: target, description, parameters: { 'path.id': id } }));
}

/** Every link of the control document. */
export const CONTROL_LINKS: readonly ControlLink[] = [
  ...idLinks(
    'tenants.create',
    [
      'tenants.get',
      'tenants.clock',
      'tenants.advanceClock',
      'tenants.recordCounts',
      'tenants.reset',
      'tenants.snapshot',
      'tenants.restore',
    ],
    'The tenant just made.',
    NEW_TENANT,
  ),
  {
    from: 'tenants.create',
    to: 'tenants.records',
    description: 'The contacts of the tenant just made.',
    parameters: { 'path.id': NEW_TENANT, 'path.resource': 'contacts' },
  },
  {
    from: 'tenants.create',
    to: 'webhookSubscriptions',
    description: 'The subscriptions of the tenant just made.',
    parameters: { 'query.tenantId': NEW_TENANT },
  },
  {
    from: 'tenants.create',
    to: 'tenants.delete',
    description: 'Remove the tenant just made.',
    parameters: { 'path.id': NEW_TENANT },
  },
  {
    from: 'tenants.snapshot',
    to: 'tenants.restore',
    description: 'Put the slice just taken back into its tenant.',
    parameters: { 'path.id': '$response.body#/data/snapshot/tenantId' },
  },
  {
    from: 'tenants.list',
    to: 'tenants.get',
    description: 'The first tenant listed.',
    parameters: { 'path.id': '$response.body#/data/tenants/0/id' },
  },
  {
    from: 'overrides.add',
    to: 'overrides.list',
    description: 'The overrides, the one just added with its counts among them.',
  },
  {
    from: 'overrides.add',
    to: 'overrides.remove',
    description: 'Remove the override just added.',
    parameters: { 'path.id': '$response.body#/data/override/id' },
  },
  {
    from: 'injectFault',
    to: 'overrides.remove',
    description: 'Remove the fault just injected: it is an override.',
    parameters: { 'path.id': '$response.body#/data/fault/id' },
  },
  {
    from: 'createApiKey',
    to: 'revokeApiKey',
    description: 'Revoke the key just made.',
    parameters: { 'path.id': '$response.body#/data/apiKey/id' },
  },
  ...idLinks(
    'subscribeWebhook',
    ['webhook', 'setWebhookEnabled', 'rotateWebhookSecret', 'deleteWebhook'],
    'The subscription just made.',
    NEW_WEBHOOK,
  ),
  {
    from: 'subscribeWebhook',
    to: 'deliveries',
    description: 'The deliveries to the subscription just made.',
    parameters: { 'query.subscriptionId': NEW_WEBHOOK },
  },
  ...idLinks(
    'deliveries',
    ['delivery', 'deliveryRequest', 'replayDelivery'],
    'The first delivery listed.',
    FIRST_DELIVERY,
  ),
  {
    from: 'requests',
    to: 'request',
    description: 'The first request listed.',
    parameters: { 'path.requestId': '$response.body#/data/entries/0/requestId' },
  },
  {
    from: 'calls',
    to: 'controlCall',
    description: 'Answer the first call listed.',
    parameters: { 'path.id': '$response.body#/data/calls/0/id', 'path.action': 'answer' },
  },
];
