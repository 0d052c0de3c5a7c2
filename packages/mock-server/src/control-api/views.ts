/**
 * What the control routes answer: the `data` of each answer, as zod schemas. The OpenAPI
 * document, the typed remote client and the conformance test all read these, so an answer that
 * drifts from them fails a test. Objects are closed (an unknown field is drift) unless a shape is
 * documented elsewhere (a snapshot, a scenario).
 */
import { CallStatus, SmsMessage, WebhookEvent } from '@commflow/contract';
import * as z from 'zod';

const Instant = z.string().meta({ description: 'An ISO 8601 date-time (UTC).' });
const RateLimitView = z.object({ limit: z.int(), windowSeconds: z.int() });

/**
 * A tenant as the tenant routes show it: enough to drive the API as it.
 *
 * @example
 * ```ts
 * const { tenant } = z.object({ tenant: TenantSummaryView }).parse(answer.data);
 * ```
 */
export const TenantSummaryView = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(['sandbox', 'live']),
    users: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        extension: z.string().nullable(),
      }),
    ),
    numbers: z.array(z.string()),
  })
  .meta({ id: 'TenantSummary' });

/**
 * A tenant as `GET /__mock/tenants` lists it: with its origin, gating and clock.
 *
 * @example
 * ```ts
 * z.array(TenantListView).parse(answer.data.tenants);
 * ```
 */
export const TenantListView = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(['sandbox', 'live']),
    origin: z.enum(['scenario', 'created']),
    aheadMs: z.number(),
    demoKey: z.string().nullable().meta({ description: "The demo scenario's public key for this tenant." }),
    modules: z.array(z.string()),
    capabilities: z.array(z.string()),
    smsNumbers: z.array(z.string()),
    users: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        extension: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'TenantListItem' });

/**
 * A tenant's clock.
 *
 * @example
 * ```ts
 * TenantClockViewSchema.parse(answer.data).aheadMs;
 * ```
 */
export const TenantClockViewSchema = z
  .object({
    tenantId: z.string(),
    now: Instant,
    aheadMs: z.number().meta({ description: 'How far the tenant’s clock runs ahead of the mock clock.' }),
    offsetMs: z.number().meta({ description: 'The mock clock’s offset plus aheadMs.' }),
  })
  .meta({ id: 'TenantClock' });

/**
 * The mock clock.
 *
 * @example
 * ```ts
 * ClockView.parse(answer.data).now;
 * ```
 */
export const ClockView = z.object({ now: Instant, offsetMs: z.number() }).meta({ id: 'Clock' });

/**
 * An API key as listed: never the secret.
 *
 * @example
 * ```ts
 * z.array(ApiKeyViewSchema).parse(answer.data.apiKeys);
 * ```
 */
export const ApiKeyViewSchema = z
  .object({
    id: z.string().meta({ description: 'The first 16 hex digits of the key’s SHA-256 hash; revoke by it.' }),
    hint: z.string(),
    kind: z.enum(['tenant', 'account']),
    tenantIds: z.array(z.string()),
    permissions: z.array(z.string()),
    rateLimit: RateLimitView.nullable(),
    revoked: z.boolean(),
    label: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

/**
 * A key just created: its listed view and its secret, shown this once. The one shape of a new key.
 *
 * @example
 * ```ts
 * const { id, key } = CreatedApiKeyView.parse(answer.data.apiKey);
 * ```
 */
export const CreatedApiKeyView = ApiKeyViewSchema.extend({
  key: z.string().meta({ description: 'The secret, shown this once.' }),
}).meta({ id: 'CreatedApiKey' });

/**
 * A webhook subscription as listed: the secret masked.
 *
 * @example
 * ```ts
 * WebhookView.parse(answer.data.webhook).maskedSecret;
 * ```
 */
export const WebhookView = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    maskedSecret: z.string(),
    inProcess: z.boolean(),
    createdAt: Instant,
    rotationEndsAt: Instant.optional(),
  })
  .meta({ id: 'WebhookSubscription' });

/**
 * A subscription just created, with its secret (shown this once).
 *
 * @example
 * ```ts
 * const { id, secret } = CreatedWebhookView.parse(answer.data);
 * ```
 */
export const CreatedWebhookView = WebhookView.extend({ secret: z.string() }).meta({ id: 'CreatedWebhookSubscription' });

/**
 * A delivery of one event to one subscription, with every attempt.
 *
 * @example
 * ```ts
 * DeliveryView.parse(answer.data.delivery).attempts.length;
 * ```
 */
export const DeliveryView = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    tenantId: z.string(),
    subscriptionId: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.array(
      z.object({
        at: Instant,
        status: z.int().optional(),
        error: z.string().optional(),
        durationMs: z.number(),
      }),
    ),
    nextAttemptAt: Instant.optional(),
    createdAt: Instant,
    replayOf: z.string().optional(),
  })
  .meta({ id: 'WebhookDelivery' });

/**
 * The request a delivery sends, signed.
 *
 * @example
 * ```ts
 * const { url, headers, body } = DeliveryRequestView.parse(answer.data.request);
 * ```
 */
export const DeliveryRequestView = z
  .object({
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  })
  .meta({ id: 'WebhookRequest' });

/** One side of a journaled exchange, secrets redacted. */
const JournalMessageView = z.object({
  headers: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
  bodyText: z.string().optional(),
  bodySize: z.int(),
  bodyTruncated: z.boolean(),
});

/**
 * A journal entry without its request and response: what the stream sends.
 *
 * @example
 * ```ts
 * JournalSummaryView.parse(JSON.parse(line.slice('data: '.length)));
 * ```
 */
export const JournalSummaryView = z
  .object({
    requestId: z.string(),
    at: Instant,
    method: z.string(),
    path: z.string(),
    query: z.string(),
    operationId: z.string().nullable(),
    tenantId: z.string().nullable(),
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    keyHint: z.string().nullable(),
    status: z.int(),
    errorCode: z.string().nullable(),
    replayed: z.boolean(),
    override: z
      .object({ id: z.string(), unchecked: z.boolean() })
      .optional()
      .meta({ description: 'The override that answered; unchecked: a stub the contract did not check.' }),
    durationMs: z.number().nullable(),
  })
  .meta({ id: 'JournalSummary' });

/**
 * One request as the mock saw it, and what it answered.
 *
 * @example
 * ```ts
 * z.array(JournalEntryView).parse(answer.data.entries);
 * ```
 */
export const JournalEntryView = JournalSummaryView.extend({
  request: JournalMessageView.extend({
    query: z.record(z.string(), z.unknown()),
    params: z.record(z.string(), z.unknown()),
  }),
  response: JournalMessageView,
}).meta({ id: 'JournalEntry' });

/**
 * A click-to-dial call and its history.
 *
 * @example
 * ```ts
 * CallView.parse(answer.data.call).status;
 * ```
 */
export const CallView = z
  .object({
    callId: z.string(),
    tenantId: z.string(),
    userEmail: z.string(),
    from: z.string(),
    destination: z.string(),
    status: CallStatus,
    createdAt: Instant,
    history: z.array(z.object({ status: CallStatus, at: Instant })),
  })
  .meta({ id: 'Call' });

/**
 * What reached the default carrier, and how it is set.
 *
 * @example
 * ```ts
 * CarrierView.parse(answer.data.carrier).messages;
 * ```
 */
export const CarrierView = z
  .object({
    mode: z.enum(['accept', 'reject']),
    reason: z.string(),
    messages: z.array(
      z.object({
        tenantId: z.string(),
        messageId: z.string(),
        from: z.string(),
        to: z.string(),
        body: z.string(),
        result: z.union([
          z.object({ accepted: z.literal(true) }),
          z.object({ accepted: z.literal(false), reason: z.string() }),
        ]),
      }),
    ),
  })
  .meta({ id: 'Carrier' });

/**
 * A pending fault.
 *
 * @example
 * ```ts
 * FaultView.parse(answer.data.fault).times;
 * ```
 */
export const FaultView = z
  .object({
    id: z.string().meta({ description: 'The id of the override it is (DELETE /__mock/overrides/{id}).' }),
    tenantId: z.string().optional(),
    operationId: z.string().optional(),
    method: z.string().optional(),
    path: z.string().optional(),
    status: z.int().optional(),
    code: z.string().optional(),
    times: z.int(),
    delayMs: z.int().optional(),
  })
  .meta({ id: 'Fault' });

/**
 * A world as versioned JSON: see `SnapshotSchema`; `PUT /__mock/snapshot` takes it back.
 *
 * @example
 * ```ts
 * SnapshotView.parse(answer.data.snapshot).version;
 * ```
 */
export const SnapshotView = z
  .looseObject({
    format: z.literal('commflow-mock-snapshot'),
    version: z.int(),
    takenAt: z.string(),
  })
  .meta({ id: 'Snapshot', description: 'The whole world; restore it with PUT /__mock/snapshot.' });

/**
 * A scenario file (see `scenario.schema.json`).
 *
 * @example
 * ```ts
 * ScenarioView.parse(answer.data.scenario).tenants;
 * ```
 */
export const ScenarioView = z
  .looseObject({ tenants: z.array(z.looseObject({ id: z.string() })).optional() })
  .meta({ id: 'ScenarioFile', description: 'A scenario, as `scenario.schema.json` describes it.' });

/**
 * Deleted: the id, and `deleted: true`.
 *
 * @example
 * ```ts
 * DeletedView.parse(answer.data); // { id, deleted: true }
 * ```
 */
export const DeletedView = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * A webhook event as recorded (and delivered).
 *
 * @example
 * ```ts
 * EventView.parse(answer.data.events[0]).type;
 * ```
 */
export const EventView = WebhookEvent;

/**
 * An inbound SMS delivered: its conversation and message.
 *
 * @example
 * ```ts
 * InboundSmsView.parse(answer.data).message.direction; // 'inbound'
 * ```
 */
export const InboundSmsView = z.object({ conversationId: z.string(), message: SmsMessage });
