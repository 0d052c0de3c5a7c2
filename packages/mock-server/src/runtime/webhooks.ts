/**
 * Webhooks on the runtime: subscriptions, with tenant ids matched case-insensitively, and
 * deliveries. The facade's `mock.webhooks` and the control routes reach the webhook machinery
 * only through these, one function per operation.
 */
import type { WebhookMessage } from '../sim/webhooks/transport.js';
import type { DeliveryFilter, WebhookDelivery } from '../state/webhooks/delivery-types.js';
import type {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionInput,
  RotatedWebhookSecret,
  WebhookSubscriptionView,
} from '../state/webhooks/subscription-types.js';
import type { MockRuntime } from './mock-runtime.js';
import { checkTenantFilter } from './tenant-filter.js';

export type { WebhookMessage };

/**
 * Subscribes to a tenant's events (an endpoint URL, or an in-process callback). `path` prefixes the
 * names of bad fields: `['input']` in process, `['body']` over HTTP.
 */
export function subscribeWebhook(
  runtime: MockRuntime,
  input: CreateWebhookSubscriptionInput,
  path: readonly string[],
): CreatedWebhookSubscription {
  const tenantId: unknown = input.tenantId;
  const normalised = typeof tenantId === 'string' ? { ...input, tenantId: tenantId.toLowerCase() } : input;
  return runtime.world.state.subscriptions.create(normalised, path);
}

/**
 * The subscriptions, oldest first, optionally of one tenant; secrets masked.
 *
 * @param tenantIdPath Where the filter's `tenantId` sits, for the error: `['query', 'tenantId']` over HTTP.
 * @throws `ApiError` `VALIDATION_ERROR` for a `tenantId` no tenant has, naming the closest tenants.
 */
export function webhookSubscriptions(
  runtime: MockRuntime,
  filter: { tenantId?: string | undefined },
  tenantIdPath: string[],
): WebhookSubscriptionView[] {
  checkTenantFilter(runtime, filter.tenantId, tenantIdPath);
  return runtime.world.state.subscriptions.list({ tenantId: filter.tenantId?.toLowerCase() });
}

/** One subscription, its secret masked. @throws `ApiError` `NOT_FOUND` when there is none. */
export function webhookSubscription(runtime: MockRuntime, id: string): WebhookSubscriptionView {
  return runtime.world.state.subscriptions.get(id);
}

/** Enables or disables a subscription. @throws `ApiError` `NOT_FOUND` when there is none. */
export function setWebhookEnabled(runtime: MockRuntime, id: string, enabled: boolean): WebhookSubscriptionView {
  return runtime.world.state.subscriptions.setEnabled(id, enabled);
}

/** Deletes a subscription; its pending retries fail. @throws `ApiError` `NOT_FOUND` when there is none. */
export function deleteWebhook(runtime: MockRuntime, id: string): void {
  runtime.world.state.subscriptions.delete(id);
}

/**
 * Gives a subscription a new secret (`secret`, or a generated one); the old one keeps signing for
 * `windowMs` of mock time. @throws `ApiError` `NOT_FOUND`, or `VALIDATION_ERROR` for a bad value.
 */
export function rotateWebhookSecret(
  runtime: MockRuntime,
  id: string,
  options: { secret?: string | undefined; windowMs?: number | undefined },
): RotatedWebhookSecret {
  return runtime.world.state.subscriptions.rotateSecret(id, options);
}

/**
 * The deliveries, oldest first, filtered (the tenant's id in any case).
 *
 * @param tenantIdPath Where the filter's `tenantId` sits, for the error: `['query', 'tenantId']` over HTTP.
 * @throws `ApiError` `VALIDATION_ERROR` for a `tenantId` no tenant has, naming the closest tenants.
 */
export function webhookDeliveries(
  runtime: MockRuntime,
  filter: DeliveryFilter,
  tenantIdPath: string[],
): WebhookDelivery[] {
  const { tenantId } = filter;
  checkTenantFilter(runtime, tenantId, tenantIdPath);
  return runtime.world.sim.webhooks.deliveries(
    tenantId === undefined ? filter : { ...filter, tenantId: tenantId.toLowerCase() },
  );
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

/** Resolves once no delivery attempt is in flight or about to start. */
export function webhooksIdle(runtime: MockRuntime): Promise<void> {
  return runtime.world.sim.webhooks.idle();
}

/** Stops delivery for good: timers cancelled, attempts in flight aborted and awaited. */
export function closeWebhooks(runtime: MockRuntime): Promise<void> {
  return runtime.world.sim.webhooks.close();
}
