/**
 * Signed webhook delivery for the mock: subscriptions per tenant, Standard Webhooks signing (the
 * contract's signer), HTTP and in-process transports, retries on the mock clock, replay, and the
 * control-surface routes.
 *
 * @module
 */
export {
  DELIVERY_STATUSES,
  type DeliveryAttempt,
  type DeliveryFilter,
  type DeliveryStatus,
  type WebhookDelivery,
} from './delivery.js';
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
} from './subscription-schemas.js';
export {
  type CreatedWebhookSubscription,
  type CreateWebhookSubscriptionInput,
  DEFAULT_ROTATION_WINDOW_MS,
  IN_PROCESS_WEBHOOK_URL,
  type RotatedWebhookSecret,
  SubscriptionStore,
  type SubscriptionStoreOptions,
  type WebhookSubscriptionView,
  type WebhookTarget,
} from './subscription-store.js';
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
