import { EVENT_TYPE_NAMES, Id, IdInput } from '@commflow/contract';
import * as z from 'zod';

/**
 * One entry of a subscription's event filter: an event type name, or `"*"` for every type.
 *
 * @example
 * ```ts
 * WebhookEventFilterEntrySchema.parse('sms.sent'); // 'sms.sent'
 * ```
 */
export const WebhookEventFilterEntrySchema = z.enum(['*', ...EVENT_TYPE_NAMES], {
  error: (issue) => unknownEventType(issue.input),
});

function unknownEventType(input: unknown): string {
  return `unknown event type ${JSON.stringify(input)}: expected "*" or one of ${EVENT_TYPE_NAMES.join(', ')}`;
}

/**
 * A subscription's event filter: event type names, or `["*"]` for all. Defaults to `["*"]`.
 *
 * @example
 * ```ts
 * WebhookEventFilterSchema.parse(['sms.sent', 'sms.failed']);
 * ```
 */
export const WebhookEventFilterSchema = z
  .array(WebhookEventFilterEntrySchema)
  .min(1, { error: 'list at least one event type, or "*" for every type' })
  .default(['*'])
  .meta({ description: 'Event types to deliver; "*" delivers every type. Default ["*"].' });

/**
 * A subscription's endpoint: an absolute `http:` or `https:` URL. Loopback hosts and ports are
 * allowed on purpose: a mock's receivers usually are `http://127.0.0.1:<port>`.
 *
 * @example
 * ```ts
 * WebhookUrlSchema.parse('http://127.0.0.1:4000/hooks');
 * ```
 */
export const WebhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .meta({ description: 'The endpoint that receives a POST per event.' });

const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

function secretByteLength(secret: string): number {
  return Buffer.from(secret.slice('whsec_'.length), 'base64').length;
}

/**
 * A signing secret given by the user: `whsec_` and base64 of 24 to 64 bytes (decisions §10).
 *
 * @example
 * ```ts
 * WebhookSecretSchema.parse('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
 * ```
 */
export const WebhookSecretSchema = z
  .string()
  .regex(SECRET_PATTERN, { error: 'must be "whsec_" followed by base64' })
  .refine(
    (secret) => {
      const length = secretByteLength(secret);
      return length >= 24 && length <= 64;
    },
    { error: 'must encode 24 to 64 bytes' },
  )
  .meta({ description: 'The signing secret, "whsec_" + base64 of 24..64 bytes. Generated when absent.' });

/**
 * A webhook subscription as a scenario declares it under `tenants[].webhooks` (the tenant is
 * implied). The HTTP control surface adds `tenantId`: see {@link CreateWebhookSubscriptionSchema}.
 *
 * @example
 * ```ts
 * const webhook = ScenarioWebhookSchema.parse({ url: 'http://127.0.0.1:4000/hooks', events: ['sms.sent'] });
 * webhook.enabled; // true
 * ```
 */
export const ScenarioWebhookSchema = z.strictObject({
  id: z.optional(Id).meta({ description: 'A fixed subscription id (UUID v4). Generated when absent.' }),
  url: WebhookUrlSchema,
  events: WebhookEventFilterSchema,
  secret: WebhookSecretSchema.optional(),
  enabled: z.boolean().default(true).meta({ description: 'A disabled subscription receives nothing.' }),
});

/**
 * The body of `POST /__mock/webhooks`, and the data of an in-process `subscriptions.create()`.
 *
 * @example
 * ```ts
 * CreateWebhookSubscriptionSchema.parse({ tenantId, url: 'https://example.com/hooks', events: ['*'] });
 * ```
 */
export const CreateWebhookSubscriptionSchema = ScenarioWebhookSchema.extend({
  tenantId: IdInput.check(z.meta({ description: 'The tenant whose events the subscription receives.' })),
});

/**
 * What a scenario may write under `tenants[].webhooks[]` (before defaults).
 *
 * @example
 * ```ts
 * const webhook: ScenarioWebhookInput = { url: 'http://127.0.0.1:4000/hooks' };
 * ```
 */
export type ScenarioWebhookInput = z.input<typeof ScenarioWebhookSchema>;

/**
 * The data of a new subscription (before defaults).
 *
 * @example
 * ```ts
 * const input: CreateWebhookSubscriptionData = { tenantId, url: 'https://example.com/hooks', events: ['sms.sent'] };
 * ```
 */
export type CreateWebhookSubscriptionData = z.input<typeof CreateWebhookSubscriptionSchema>;

/**
 * The body of `POST /__mock/webhooks/{id}/rotate-secret`; both fields are optional.
 *
 * @example
 * ```ts
 * RotateWebhookSecretSchema.parse({ windowSeconds: 3600 });
 * ```
 */
export const RotateWebhookSecretSchema = z.strictObject({
  secret: WebhookSecretSchema.optional(),
  windowSeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .optional()
    .meta({ description: 'How long the old secret keeps signing, in seconds. Default 86400 (24 h).' }),
});

/**
 * A subscription as plain data, as a snapshot holds it: secrets included (a snapshot must be kept
 * like a secret). An in-process subscription's callback is a function: only the fact is kept.
 */
export const SubscriptionsDataSchema = z.array(
  z.strictObject({
    id: z.string(),
    tenantId: z.string(),
    url: z.string(),
    // The same filter a subscribe accepts: a restored world must not hold a subscription the
    // mock would refuse to create (and an unknown type would silently never match).
    // Kept as plain strings (the store matches event types given as strings).
    events: z
      .array(
        z.string().refine((entry) => WebhookEventFilterEntrySchema.safeParse(entry).success, {
          error: (issue) => unknownEventType(issue.input),
        }),
      )
      .min(1),
    createdAt: z.string(),
    inProcess: z.boolean(),
    enabled: z.boolean(),
    secret: z.string().startsWith('whsec_'),
    /** Old secrets that still sign until `expiresAt` (mock-clock ms). */
    previous: z.array(z.strictObject({ secret: z.string().startsWith('whsec_'), expiresAt: z.number() })),
  }),
);
/** One subscription as plain data. */
export type SubscriptionData = z.output<typeof SubscriptionsDataSchema>[number];
