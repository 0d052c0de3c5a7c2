/** Webhook subscriptions on the runtime, with tenant ids matched case-insensitively. */
import type {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionInput,
  WebhookSubscriptionView,
} from '../state/webhooks/subscription-types.js';
import type { MockRuntime } from './mock-runtime.js';

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
