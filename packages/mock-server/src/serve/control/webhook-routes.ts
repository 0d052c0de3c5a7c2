/** Webhook subscriptions under `/__mock/webhooks` and their deliveries under `/__mock/deliveries`. */
import {
  deleteWebhook,
  replayWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEnabled,
  subscribeWebhook,
  webhookDeliveries,
  webhookDelivery,
  webhookDeliveryRequest,
  webhooksIdle,
  webhookSubscription,
  webhookSubscriptions,
} from '../../runtime/webhooks.js';
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
    data: { webhooks: webhookSubscriptions(runtime, query, ['query', 'tenantId']) },
  }),
  subscribeWebhook: (runtime, { body }) => ({ data: subscribeWebhook(runtime, body, ['body']) }),
  webhook: (runtime, { params }) => ({ data: { webhook: webhookSubscription(runtime, params.id) } }),
  setWebhookEnabled: (runtime, { params, body }) => ({
    data: { webhook: setWebhookEnabled(runtime, params.id, body.enabled) },
  }),
  deleteWebhook: (runtime, { params }) => {
    deleteWebhook(runtime, params.id);
    return { data: { id: params.id, deleted: true } };
  },
  rotateWebhookSecret: (runtime, { params, body }) => {
    const rotation = body ?? {};
    return {
      data: rotateWebhookSecret(runtime, params.id, {
        secret: rotation.secret,
        windowMs: rotation.windowSeconds === undefined ? undefined : rotation.windowSeconds * 1000,
      }),
    };
  },
  deliveries: async (runtime, { query }) => {
    const { wait, ...filter } = query;
    // `?wait=true`: first let the attempts in flight finish, so the answer shows their outcome.
    if (wait === 'true') await webhooksIdle(runtime);
    return { data: { deliveries: webhookDeliveries(runtime, filter, ['query', 'tenantId']) } };
  },
  delivery: (runtime, { params }) => ({ data: { delivery: webhookDelivery(runtime, params.id) } }),
  replayDelivery: (runtime, { params }) => ({ data: { delivery: replayWebhookDelivery(runtime, params.id) } }),
  deliveryRequest: async (runtime, { params }) => ({
    data: { request: await webhookDeliveryRequest(runtime, params.id) },
  }),
};
