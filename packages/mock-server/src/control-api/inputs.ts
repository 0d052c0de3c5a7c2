/**
 * The inputs of the mock's controls, one schema each, checked the same way in process
 * (`mock.createApiKey(…)`) and over HTTP (`POST /__mock/api-keys`): a bad input is the same
 * `VALIDATION_ERROR` naming the same field either way, and the two can never drift. Path and
 * query schemas of the control routes live here too, so every route checks ids, dates and names
 * by one rule.
 */
import {
  DateOrDateTimeInput,
  E164,
  EVENT_TYPE_NAMES,
  IdInput,
  MAX_PAGE_LIMIT,
  OPERATION_LIST,
  RequestId,
} from '@commflow/contract';
import * as z from 'zod';
import { PERMISSION_NAMES } from '../service/gating-names.js';
import { RateLimitSchema } from '../scenario/schema.js';
import { notTogether } from '../lib/field-rules.js';
import { unknownNameMessage } from './closest-names.js';

/**
 * Every operation id of the contract, for filters that name one.
 *
 * @example
 * ```ts
 * OPERATION_IDS.includes('sms.send'); // true
 * ```
 */
export const OPERATION_IDS: readonly string[] = OPERATION_LIST.map((op) => op.id);

/**
 * The actions that drive a click-to-dial call by hand.
 *
 * @example
 * ```ts
 * CALL_ACTION_NAMES.includes('hangup'); // true
 * ```
 */
export const CALL_ACTION_NAMES = ['answer', 'bridge', 'hangup', 'no-answer', 'busy', 'fail'] as const;

/** A name of `known`, else an issue naming the closest known ones. */
function knownName(kind: string, known: readonly string[]) {
  const names = new Set(known);
  return z
    .string()
    .refine((value) => names.has(value), { error: (issue) => unknownNameMessage(kind, String(issue.input), known) });
}

/**
 * An operation id of the contract (`sms.send`); a misspelling is refused with the closest ones.
 *
 * @example
 * ```ts
 * OperationIdFilter.safeParse('sms.sendd').error?.issues[0]?.message; // '…did you mean "sms.send"…'
 * ```
 */
export const OperationIdFilter = knownName('operation id', OPERATION_IDS).meta({
  description: 'An operation id of the contract, such as sms.send.',
});
/**
 * An event type (`sms.sent`); a misspelling is refused with the closest ones.
 *
 * @example
 * ```ts
 * EventTypeFilter.parse('sms.sent');
 * ```
 */
export const EventTypeFilter = knownName('event type', EVENT_TYPE_NAMES).meta({
  description: 'An event type, such as sms.sent.',
});

/**
 * `createApiKey` / `POST /__mock/api-keys`.
 *
 * @example
 * ```ts
 * CreateKeyInputSchema.parse({ tenantIds: [tenantId], permissions: ['contacts'] });
 * ```
 */
export const CreateKeyInputSchema = z.strictObject({
  tenantIds: z.array(IdInput).min(1).meta({ description: 'Tenants the key may access; each must exist.' }),
  permissions: z.array(z.enum([...PERMISSION_NAMES, '*'])).default(['*']),
  rateLimit: RateLimitSchema.optional(),
  prefix: z.enum(['cf', 'cfa']).optional().meta({ description: 'Default cf for one tenant, cfa for several.' }),
});

/**
 * `setCarrier` / `PUT /__mock/carrier`.
 *
 * @example
 * ```ts
 * CarrierInputSchema.parse({ mode: 'reject', reason: 'Carrier outage' });
 * ```
 */
export const CarrierInputSchema = z.strictObject({
  mode: z.enum(['accept', 'reject']),
  reason: z.string().min(1).max(500).optional(),
});

/**
 * `receiveSms` / `POST /__mock/sms/inbound`.
 *
 * @example
 * ```ts
 * InboundSmsInputSchema.parse({ tenantId, to: '+14155550100', from: '+14155550199', body: 'Hi' });
 * ```
 */
export const InboundSmsInputSchema = z.strictObject({
  tenantId: IdInput,
  to: E164,
  from: E164,
  body: z.string().min(1).max(1600),
});

/**
 * How far a clock moves in one step: whole milliseconds, never back, at most a year.
 *
 * @example
 * ```ts
 * ClockStepSchema.parse(60_000);
 * ```
 */
export const ClockStepSchema = z
  .int()
  .min(0)
  .max(366 * 24 * 60 * 60 * 1000);

/**
 * `POST /__mock/clock/advance` and `POST /__mock/tenants/{id}/clock/advance`.
 *
 * @example
 * ```ts
 * AdvanceClockInputSchema.parse({ ms: 60_000 });
 * ```
 */
export const AdvanceClockInputSchema = z.strictObject({ ms: ClockStepSchema });

/**
 * `rotateWebhookSecret`'s options in process: their names only (the store checks the values), so
 * that HTTP's `windowSeconds` given here is refused, not ignored.
 *
 * @example
 * ```ts
 * RotateSecretOptionsSchema.parse({ windowMs: 0 });
 * ```
 */
export const RotateSecretOptionsSchema = z.strictObject({
  secret: z.unknown().optional(),
  windowMs: z.unknown().optional(),
});

/**
 * `tenants.create` / `POST /__mock/tenants`.
 *
 * @example
 * ```ts
 * CreateTenantInputSchema.parse({ from: DEMO_TENANTS.sandbox, name: 'e2e worker 1' });
 * ```
 */
export const CreateTenantInputSchema = z
  .strictObject({
    name: z.string().min(1).max(200).optional().meta({ description: 'The new tenant’s name.' }),
    from: z.optional(IdInput).meta({ description: 'A tenant of the loaded scenario to copy.' }),
    tenant: z.record(z.string(), z.unknown()).optional().meta({ description: 'A tenant in the scenario format.' }),
    snapshot: z.record(z.string(), z.unknown()).optional().meta({
      description:
        'A tenant snapshot (GET /__mock/tenants/{id}/snapshot) to fork: the new tenant holds its slice, under a new id, with a new key. Not with `from` or `tenant`.',
    }),
  })
  // Enforced where the tenant is made (runtime/tenants.ts), with the message it answers.
  .meta(notTogether('from', 'tenant'));

/**
 * `PATCH /__mock/webhooks/{id}`.
 *
 * @example
 * ```ts
 * EnableWebhookInputSchema.parse({ enabled: false });
 * ```
 */
export const EnableWebhookInputSchema = z.strictObject({ enabled: z.boolean() });

/**
 * A path's `{id}` that is a UUID: malformed is a 400, unknown a 404, on every route.
 *
 * @example
 * ```ts
 * IdParams.safeParse({ id: 'not-a-uuid' }).success; // false
 * ```
 */
export const IdParams = z.strictObject({ id: IdInput.check(z.meta({ description: 'A UUID.' })) });

/**
 * `/__mock/api-keys/{id}`: the 16 hex digits the key list shows.
 *
 * @example
 * ```ts
 * ApiKeyIdParams.parse({ id: '0123456789abcdef' });
 * ```
 */
export const ApiKeyIdParams = z.strictObject({
  id: z
    .string()
    .regex(/^[0-9a-fA-F]{16}$/, { error: 'must be the 16 hex digits GET /__mock/api-keys lists' })
    .meta({ description: 'The key’s id as listed: 16 hex digits.' }),
});

/**
 * `/__mock/journal/{requestId}`.
 *
 * @example
 * ```ts
 * RequestIdParams.parse({ requestId: 'req_8f14e45f' });
 * ```
 */
export const RequestIdParams = z.strictObject({ requestId: RequestId });

/**
 * `/__mock/calls/{id}/{action}`.
 *
 * @example
 * ```ts
 * CallActionParams.parse({ id: callId, action: 'answer' });
 * ```
 */
export const CallActionParams = z.strictObject({ id: IdInput, action: z.enum(CALL_ACTION_NAMES) });

/**
 * `/__mock/tenants/{id}/records/{resource}`.
 *
 * @example
 * ```ts
 * RecordsParams.parse({ id: tenantId, resource: 'contacts' });
 * ```
 */
export const RecordsParams = z.strictObject({ id: IdInput, resource: z.string().min(1).max(100) });

const limit = z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional();
const cursor = z.string().min(1).max(2000).optional();
const tenantFilter = z.optional(IdInput).meta({ description: 'Only this tenant’s.' });

/**
 * `GET /__mock/journal`: every filter checked, names against the contract.
 *
 * @example
 * ```ts
 * JournalQuerySchema.parse({ operationId: 'sms.send', since: '2026-01-01', limit: '10' });
 * ```
 */
export const JournalQuerySchema = z.strictObject({
  operationId: OperationIdFilter.optional(),
  tenantId: tenantFilter,
  status: z.coerce.number().int().min(100).max(599).optional(),
  errorCode: z.string().min(1).max(100).optional(),
  since: z.optional(DateOrDateTimeInput).meta({ description: 'Entries at or after it: a date or a date-time.' }),
  until: z.optional(DateOrDateTimeInput).meta({ description: 'Entries before it: a date or a date-time.' }),
  limit,
  cursor,
});

/**
 * `GET /__mock/events`.
 *
 * @example
 * ```ts
 * EventsQuerySchema.parse({ type: 'sms.sent' });
 * ```
 */
export const EventsQuerySchema = z.strictObject({ tenantId: tenantFilter, type: EventTypeFilter.optional() });

/**
 * `GET /__mock/webhooks` and `GET /__mock/calls`.
 *
 * @example
 * ```ts
 * TenantQuerySchema.parse({ tenantId });
 * ```
 */
export const TenantQuerySchema = z.strictObject({ tenantId: tenantFilter });

/**
 * `GET /__mock/deliveries`.
 *
 * @example
 * ```ts
 * DeliveriesQuerySchema.parse({ status: 'failed', wait: 'true' });
 * ```
 */
export const DeliveriesQuerySchema = z.strictObject({
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
  subscriptionId: z.optional(IdInput),
  eventId: z.optional(IdInput),
  tenantId: tenantFilter,
  wait: z.enum(['true', 'false']).optional().meta({ description: 'true: first let the attempts in flight finish.' }),
});

/**
 * `GET /__mock/tenants/{id}/records/{resource}`.
 *
 * @example
 * ```ts
 * RecordsQuerySchema.parse({ q: 'ann', limit: '20' });
 * ```
 */
export const RecordsQuerySchema = z.strictObject({ q: z.string().max(200).optional(), cursor, limit });
