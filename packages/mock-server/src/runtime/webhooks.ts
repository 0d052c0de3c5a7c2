/**
 * Webhooks on the runtime: subscriptions, with tenant ids matched case-insensitively, and
 * deliveries. The control surface reaches the webhook machinery only through these.
 */
import type { WebhookMessage } from '../sim/webhooks/transport.js';
import type { DeliveryFilter, WebhookDelivery } from '../state/webhooks/deliveries.js';
import type {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionInput,
  WebhookSubscriptionView,
} from '../state/webhooks/subscription-types.js';
import type { MockRuntime } from './mock-runtime.js';

export type { WebhookMessage };

/** Subscribes to a tenant's events (an endpoint URL, or an in-process callback). */
export function subscribeWebhook(
  runtime: MockRuntime,
  input: CreateWebhookSubscriptionInput,
): CreatedWebhookSubscription {
  const tenantId: unknown = input.tenantId;
  const normalised = typeof tenantId === 'string' ? { ...input, tenantId: tenantId.toLowerCase() } : input;
  // Problems are named under `input`, the parameter, as the other in-process controls name theirs.
  return runtime.world.state.subscriptions.create(normalised, ['input']);
}

/** The subscriptions, oldest first, optionally of one tenant; secrets masked. */
export function webhookSubscriptions(
  runtime: MockRuntime,
  filter: { tenantId?: string } = {},
): WebhookSubscriptionView[] {
  return runtime.world.state.subscriptions.list({ tenantId: filter.tenantId?.toLowerCase() });
}

/**
 * The deliveries, oldest first, filtered; with `settle`, once the attempts in flight are done,
 * so the answer shows their outcome.
 */
export async function webhookDeliveries(
  runtime: MockRuntime,
  filter: DeliveryFilter,
  settle = false,
): Promise<WebhookDelivery[]> {
  if (settle) await runtime.world.sim.webhooks.idle();
  return runtime.world.sim.webhooks.deliveries(filter);
}

/** One delivery. @throws `ApiError` `NOT_FOUND` when there is none. */
export function webhookDelivery(runtime: MockRuntime, id: string): WebhookDelivery {
  return runtime.world.sim.webhooks.delivery(id);
}

/** Sends a delivery's payload again, as a new delivery. */
export function replayWebhookDelivery(runtime: MockRuntime, id: string): WebhookDelivery {
  return runtime.world.sim.webhooks.replay(id);
}

/** The request of a delivery's latest attempt (or of the next one), rebuilt and signed. */
export function webhookDeliveryRequest(runtime: MockRuntime, id: string): Promise<WebhookMessage> {
  return runtime.world.sim.webhooks.request(id);
}
