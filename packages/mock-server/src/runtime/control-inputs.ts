/**
 * The inputs of the mock's controls, one schema each, checked the same way in process
 * (`mock.createApiKey(…)`) and over HTTP (`POST /__mock/api-keys`): a bad input is the same
 * `VALIDATION_ERROR` naming the same field either way, and the two can never drift.
 */
import { E164, Id } from '@commflow/contract';
import * as z from 'zod';
import { PERMISSION_NAMES } from '../service/gating-names.js';
import { RateLimitSchema } from '../scenario/schema.js';

/** `createApiKey` / `POST /__mock/api-keys`. */
export const CreateKeyInputSchema = z.strictObject({
  tenantIds: z.array(Id).min(1),
  permissions: z.array(z.enum([...PERMISSION_NAMES, '*'])).default(['*']),
  rateLimit: RateLimitSchema.optional(),
  prefix: z.enum(['cf', 'cfa']).optional(),
});

/** `setCarrier` / `PUT /__mock/carrier`. */
export const CarrierInputSchema = z.strictObject({
  mode: z.enum(['accept', 'reject']),
  reason: z.string().min(1).max(500).optional(),
});

/** `receiveSms` / `POST /__mock/sms/inbound`. */
export const InboundSmsInputSchema = z.strictObject({
  tenantId: Id,
  to: E164,
  from: E164,
  body: z.string().min(1).max(1600),
});

/** How far a clock moves in one step: whole milliseconds, never back, at most a year. */
export const ClockStepSchema = z
  .int()
  .min(0)
  .max(366 * 24 * 60 * 60 * 1000);

/** `POST /__mock/clock/advance` and `POST /__mock/tenants/{id}/clock/advance`. */
export const AdvanceClockInputSchema = z.strictObject({ ms: ClockStepSchema });

/**
 * `rotateWebhookSecret`'s options in process: their names only (the store checks the values), so
 * that HTTP's `windowSeconds` given here is refused, not ignored.
 */
export const RotateSecretOptionsSchema = z.strictObject({
  secret: z.unknown().optional(),
  windowMs: z.unknown().optional(),
});

/** `tenants.create` / `POST /__mock/tenants`. */
export const CreateTenantInputSchema = z.strictObject({
  name: z.string().min(1).max(200).optional().meta({ description: 'The new tenant’s name.' }),
  from: z.optional(Id).meta({ description: 'A tenant of the loaded scenario to copy.' }),
  tenant: z.record(z.string(), z.unknown()).optional().meta({ description: 'A tenant in the scenario format.' }),
});
