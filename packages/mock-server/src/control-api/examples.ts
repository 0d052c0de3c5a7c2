/**
 * One example request per control route, typed by the route's own inputs: the document gives
 * each path and query parameter its value from here, and each body its example. They are written
 * for the demo world (its sandbox tenant, its numbers), so most of them work as they are; an id
 * the world makes at run time (a webhook, a delivery, a call) is a placeholder that the links
 * of `links.ts` replace.
 */
import type { ControlInput, ControlRouteId } from './table.js';

const SANDBOX = '11111111-1111-4111-8111-111111111111';
/** An id made at run time: a subscription, a delivery, a call. */
const MADE = '5b0c3a8e-2f4d-4e1a-9c7b-3d2e1f0a9b8c';

/**
 * The example request of every control route, `{}` for a route that takes no input.
 *
 * @example
 * ```ts
 * CONTROL_EXAMPLES['tenants.create']; // { body: { from: '11111111-…', name: 'e2e worker 1' } }
 * ```
 */
export const CONTROL_EXAMPLES: { readonly [Id in ControlRouteId]: ControlInput<Id> } = {
  index: {},
  openapi: {},
  reset: {},
  loadScenario: { body: 'demo' },
  snapshot: {},
  restore: { body: { snapshot: { version: 1 } } },
  exportScenario: {},
  clock: {},
  advanceClock: { body: { ms: 60_000 } },
  injectFault: { body: { tenantId: SANDBOX, operationId: 'contacts.list', status: 503, times: 1 } },
  'overrides.add': {
    body: {
      tenantId: SANDBOX,
      operationId: 'fax.list',
      respond: { status: 200, body: { success: true, data: { faxes: [] } } },
      times: 1,
    },
  },
  'overrides.list': { query: { tenantId: SANDBOX, unused: 'true' } },
  'overrides.remove': { params: { id: 'ovr_0123456789abcdef' } },
  'overrides.clear': { query: { tenantId: SANDBOX } },
  memory: {},
  'tenants.list': {},
  'tenants.create': { body: { from: SANDBOX, name: 'e2e worker 1' } },
  'tenants.get': { params: { id: SANDBOX } },
  'tenants.reset': { params: { id: SANDBOX } },
  'tenants.delete': { params: { id: SANDBOX } },
  'tenants.snapshot': { params: { id: SANDBOX } },
  'tenants.restore': {
    params: { id: SANDBOX },
    query: { copy: 'false' },
    body: { snapshot: { version: 1 } },
  },
  'tenants.clock': { params: { id: SANDBOX } },
  'tenants.advanceClock': { params: { id: SANDBOX }, body: { ms: 3_600_000 } },
  'tenants.recordCounts': { params: { id: SANDBOX } },
  'tenants.records': { params: { id: SANDBOX, resource: 'contacts' }, query: { q: 'ann', limit: 20 } },
  apiKeys: {},
  createApiKey: { body: { tenantIds: [SANDBOX], permissions: ['contacts'] } },
  revokeApiKey: { params: { id: '0123456789abcdef' } },
  requests: { query: { operationId: 'sms.send', tenantId: SANDBOX, status: 200, since: '2026-01-01', limit: 10 } },
  journalStream: {},
  request: { params: { requestId: 'req_8f14e45f' } },
  events: { query: { tenantId: SANDBOX, type: 'sms.sent' } },
  calls: { query: { tenantId: SANDBOX } },
  controlCall: { params: { id: MADE, action: 'answer' } },
  carrier: {},
  setCarrier: { body: { mode: 'reject', reason: 'Carrier outage' } },
  receiveSms: { body: { tenantId: SANDBOX, to: '+14155550100', from: '+14155550199', body: 'Hi' } },
  webhookSubscriptions: { query: { tenantId: SANDBOX } },
  subscribeWebhook: { body: { tenantId: SANDBOX, url: 'http://127.0.0.1:4000/hooks', events: ['sms.sent'] } },
  webhook: { params: { id: MADE } },
  setWebhookEnabled: { params: { id: MADE }, body: { enabled: false } },
  deleteWebhook: { params: { id: MADE } },
  rotateWebhookSecret: { params: { id: MADE }, body: { windowSeconds: 3600 } },
  deliveries: { query: { status: 'failed', tenantId: SANDBOX, wait: 'true' } },
  delivery: { params: { id: MADE } },
  replayDelivery: { params: { id: MADE } },
  deliveryRequest: { params: { id: MADE } },
  catalogue: {},
  console: {},
};
