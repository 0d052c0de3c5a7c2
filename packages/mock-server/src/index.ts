/**
 * `@commflow/mock-server`: an in-memory reference implementation of the CommFlow API for tests.
 * Use `mock.fetch` directly, through msw (`@commflow/mock-server/msw`), or standalone over HTTP
 * (`commflow-mock`, or `@commflow/mock-server/node`).
 *
 * @module
 */
export { createMock, CommFlowMock } from './facade/commflow-mock.js';
export { MockCore } from './facade/core.js';
export { MockTraffic } from './facade/traffic.js';
export { MockOutside } from './facade/outside.js';
export { MockTenants } from './facade/tenants.js';
export { CreatedMockTenantHandle, MockTenantHandle, type MockFetch } from './facade/tenant-handle.js';
export type {
  Answer,
  CreatedTenantHandleOf,
  HandleMode,
  HandleViews,
  TenantEventFilter,
  TenantHandle,
  TenantHandleOf,
  TenantOverrideInput,
  TenantOverridesOf,
  ViewOf,
} from './runtime/tenant-handle.js';
export type { TenantClient } from './runtime/sdk-client.js';
export type { KnownTenant } from './runtime/tenant-scope.js';
export { MockOverrides } from './facade/overrides.js';
export type { MockWebhooks, RotateWebhookSecretOptions, WebhookSubscriptionFilter } from './facade/webhooks.js';
export type { OverrideView } from './runtime/overrides.js';
export type { OverrideFilter } from './state/overrides.js';
export { OverrideInputSchema, type CheckedOverride, type OverrideInput } from './state/override-schema.js';
export type { CreatedTenantResult, TenantClockView, TenantSummary, TenantTemplateInput } from './runtime/tenants.js';
export { ApiError } from './service/api-error.js';
export type { MockOptions } from './runtime/create-runtime.js';
export type { CallView, CarrierState } from './runtime/telephony.js';
export type { CreatedApiKey, CreateApiKeyInput } from './runtime/access.js';
export { SnapshotError, type SnapshotIssue } from './runtime/snapshot/restore.js';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, SnapshotSchema, type MockSnapshot } from './runtime/snapshot/schema.js';
export {
  TENANT_SNAPSHOT_FORMAT,
  TENANT_SNAPSHOT_VERSION,
  TenantSnapshotSchema,
  type TenantSnapshot,
} from './runtime/snapshot/tenant-schema.js';
export type { TenantRestoreOptions } from './runtime/snapshot/tenant-restore.js';
export { MockClock, type ClockOptions, type ClockReading } from './sim/clock.js';
export { scriptedResponder, type AiResponder } from './sim/ai-responder.js';
export {
  MAGIC_REJECTED_SMS_NUMBER,
  RecordingCarrier,
  type CarrierAdapter,
  type CarrierMessage,
  type CarrierResult,
} from './sim/carrier.js';
export { MAGIC_DIAL_DESTINATIONS, CALL_ACTIONS, type CallAction } from './service/domains/voice.js';
export { EventLog, type EventListener } from './state/events/index.js';
export { FaultSchema, type FaultInput } from './state/faults.js';
export type { JournalEntry, JournalFilter, JournalMessage, JournalRequest, JournalSummary } from './state/journal.js';
export type {
  OperationJournalEntry,
  RequestBodyOf,
  RequestFilter,
  RequestParamsOf,
  RequestQueryOf,
  TypedJournalEntry,
} from './state/journal-operations.js';
export type { ApiKeyView, RateLimit } from './state/keys.js';
export { ScenarioSchema, PlanSchema, RateLimitSchema, type Scenario, type ScenarioInput } from './scenario/schema.js';
export {
  parseScenario,
  ScenarioError,
  type ResolvedScenario,
  type ResolvedWebhook,
  type ScenarioIssue,
  type ScenarioTenant,
  type WithIds,
} from './scenario/parse.js';
export { demoScenario, DEMO_KEYS, DEMO_PLANS, DEMO_TENANTS } from './scenario/demo.js';
export { IDEMPOTENCY_RETENTION_MS } from './state/idempotency-store.js';
export { HISTORY_LIMITS, type HistoryLimitName, type HistoryLimits } from './history/limits.js';
export {
  DEFAULT_DELIVERY_TIMEOUT_MS,
  DEFAULT_ROTATION_WINDOW_MS,
  DELIVERY_STATUSES,
  IN_PROCESS_WEBHOOK_URL,
  MAX_DELIVERY_ATTEMPTS,
  RETRY_SCHEDULE_MS,
  ScenarioWebhookSchema,
  CreateWebhookSubscriptionSchema,
  WEBHOOK_USER_AGENT,
  type CreatedWebhookSubscription,
  type CreateWebhookSubscriptionInput,
  type DeliveryAttempt,
  type DeliveryFilter,
  type DeliveryStatus,
  type RotatedWebhookSecret,
  type ScenarioWebhookInput,
  type WebhookCallback,
  type WebhookCallbackResult,
  type WebhookDelivery,
  type WebhookSubscriptionView,
  type WebhookTimestampClock,
  type CreateWebhookSubscriptionData,
  type WebhookMessage,
} from './sim/webhooks/index.js';
