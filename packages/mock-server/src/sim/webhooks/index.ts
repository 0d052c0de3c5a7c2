/**
 * Signed webhook delivery for the mock: subscriptions per tenant, Standard Webhooks signing (the
 * contract's signer), HTTP and in-process transports, retries on the mock clock, and replay. The
 * subscriptions and deliveries themselves are state (state/webhooks/); this is the machinery.
 *
 * @module
 */
export {
  DELIVERY_STATUSES,
  type DeliveryAttempt,
  type DeliveryFilter,
  type DeliveryStatus,
  type WebhookDelivery,
} from '../../state/webhooks/delivery-types.js';
export { WebhookDispatcher, type WebhookDispatcherOptions } from './dispatcher.js';
export type { WebhookTimestampClock } from './attempt-time.js';
export { MAX_DELIVERY_ATTEMPTS, nextRetryDelay, RETRY_SCHEDULE_MS } from './retry-schedule.js';
export {
  CreateWebhookSubscriptionSchema,
  type CreateWebhookSubscriptionData,
  RotateWebhookSecretSchema,
  ScenarioWebhookSchema,
  type ScenarioWebhookInput,
  WebhookEventFilterEntrySchema,
  WebhookEventFilterSchema,
  WebhookSecretSchema,
  WebhookUrlSchema,
} from '../../state/webhooks/subscription-schemas.js';
export {
  type CreatedWebhookSubscription,
  type CreateWebhookSubscriptionInput,
  DEFAULT_ROTATION_WINDOW_MS,
  IN_PROCESS_WEBHOOK_URL,
  type RotatedWebhookSecret,
  type SubscriptionStoreOptions,
  type WebhookSubscriptionView,
  type WebhookTarget,
} from '../../state/webhooks/subscription-types.js';
export { SubscriptionStore } from '../../state/webhooks/subscriptions.js';
export {
  type AttemptOutcome,
  buildWebhookMessage,
  DEFAULT_DELIVERY_TIMEOUT_MS,
  type SendOptions,
  sendInProcess,
  sendOverHttp,
  type WebhookCallback,
  type WebhookCallbackResult,
  WEBHOOK_USER_AGENT,
  type WebhookMessage,
  type WebhookMessageInput,
} from './transport.js';
