/** Webhook subscriptions under `/__mock/webhooks` and their deliveries under `/__mock/deliveries`. */
import { invalid } from '../../service/api-error.js';
import {
  replayWebhookDelivery,
  subscribeWebhook,
  webhookDeliveries,
  webhookDelivery,
  webhookDeliveryRequest,
  webhookSubscriptions,
} from '../../runtime/webhooks.js';
import type { DeliveryFilter } from '../../state/webhooks/deliveries.js';
import type { ControlHandlers } from './reply.js';

type WebhookRouteId =
  | 'webhookSubscriptions'
  | 'subscribeWebhook'
  | 'webhook'
  | 'setWebhookEnabled'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'deliveries'
  | 'delivery'
  | 'replayDelivery'
  | 'deliveryRequest';

/** The webhook routes' handlers. */
export const WEBHOOK_HANDLERS: ControlHandlers<WebhookRouteId> = {
  webhookSubscriptions: (runtime, { query }) => ({
    data: { webhooks: webhookSubscriptions(runtime, query.tenantId === undefined ? {} : { tenantId: query.tenantId }) },
  }),
  subscribeWebhook: (runtime, { body }) => {
    if (!runtime.world.state.tenants.has(body.tenantId.toLowerCase())) {
      throw invalid(['body', 'tenantId'], `no tenant has id "${body.tenantId}"`);
    }
    return { data: subscribeWebhook(runtime, body) };
  },
  webhook: (runtime, { params }) => ({ data: { webhook: runtime.world.state.subscriptions.get(params.id) } }),
  setWebhookEnabled: (runtime, { params, body }) => ({
    data: { webhook: runtime.world.state.subscriptions.setEnabled(params.id, body.enabled) },
  }),
  deleteWebhook: (runtime, { params }) => {
    runtime.world.state.subscriptions.delete(params.id);
    return { data: { id: params.id, deleted: true } };
  },
  rotateWebhookSecret: (runtime, { params, body }) => {
    const rotation = body ?? {};
    return {
      data: runtime.world.state.subscriptions.rotateSecret(params.id, {
        ...(rotation.secret === undefined ? {} : { secret: rotation.secret }),
        ...(rotation.windowSeconds === undefined ? {} : { windowMs: rotation.windowSeconds * 1000 }),
      }),
    };
  },
  deliveries: async (runtime, { query }) => {
    const { wait, tenantId, ...rest } = query;
    const filter: DeliveryFilter = { ...rest, ...(tenantId === undefined ? {} : { tenantId: tenantId.toLowerCase() }) };
    // `?wait=true`: first let the attempts in flight finish, so the answer shows their outcome.
    return { data: { deliveries: await webhookDeliveries(runtime, filter, wait === 'true') } };
  },
  delivery: (runtime, { params }) => ({ data: { delivery: webhookDelivery(runtime, params.id) } }),
  replayDelivery: (runtime, { params }) => ({ data: { delivery: replayWebhookDelivery(runtime, params.id) } }),
  deliveryRequest: async (runtime, { params }) => ({
    data: { request: await webhookDeliveryRequest(runtime, params.id) },
  }),
};
