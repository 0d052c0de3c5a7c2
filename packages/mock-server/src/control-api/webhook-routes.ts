/**
 * The control routes of webhooks: subscriptions, their deliveries and replays. Part of the one table
 * (table.ts spreads them in, in this order).
 */
import * as z from 'zod';
import { CreateWebhookSubscriptionSchema, RotateWebhookSecretSchema } from '../state/webhooks/subscription-schemas.js';
import { DeliveriesQuerySchema, EnableWebhookInputSchema, IdParams, TenantQuerySchema } from './inputs.js';
import { CreatedWebhookView, DeletedView, DeliveryRequestView, DeliveryView, WebhookView } from './views.js';
import { route, type ControlRouteSpec } from './route.js';

/**
 * The control routes of webhooks: subscriptions, their deliveries and replays.
 *
 * @example
 * ```ts
 * const { method, path } = WEBHOOK_ROUTES.subscribeWebhook; // 'POST', '/__mock/webhooks'
 * ```
 */
export const WEBHOOK_ROUTES = {
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
} as const satisfies Record<string, ControlRouteSpec>;
