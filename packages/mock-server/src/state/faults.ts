import * as z from 'zod';
import { IdInput } from '@commflow/contract';
import type { OverrideInput } from './override-schema.js';

/** The status of a fault given neither a status nor a delay. */
export const DEFAULT_FAULT_STATUS = 503;

/**
 * A fault to inject, the shorthand of an override whose effect is a fault: the next `times`
 * requests matching (any mix of `tenantId`, `operationId`, `method` and `path`) stall for
 * `delayMs` (real time) and then, when `status` is set, fail with it. Faults act where the
 * operation would run, after authentication and validation, so a stalled request holds its
 * idempotency key (a duplicate gets `IDEMPOTENCY_IN_PROGRESS`).
 *
 * @example
 * ```ts
 * FaultSchema.parse({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 2 });
 * ```
 */
export const FaultSchema = z
  .strictObject({
    tenantId: z.optional(IdInput).meta({ description: 'Only requests for this tenant (X-Tenant-Id).' }),
    operationId: z.string().min(1).max(100).optional().meta({ description: 'An operation id, such as contacts.list.' }),
    method: z
      .string()
      .regex(/^[A-Za-z]+$/)
      .transform((method) => method.toUpperCase())
      .optional(),
    path: z
      .string()
      .startsWith('/')
      .optional()
      .meta({ description: 'A request path, or an operation path template such as /api/v1/ai/agents/{id}.' }),
    status: z.int().min(400).max(599).optional(),
    code: z.string().min(1).max(100).optional(),
    times: z.int().min(1).max(1_000_000).default(1),
    delayMs: z.int().min(0).max(60_000).optional(),
  })
  // Every field is optional, as the CLI guide lists them: a fault that names neither a status nor a
  // delay fails with 503, the status of a service that is down (decisions.md, issue 26).
  .transform((fault) =>
    fault.status === undefined && fault.delayMs === undefined ? { ...fault, status: DEFAULT_FAULT_STATUS } : fault,
  );

/**
 * A fault as given to {@link FaultSchema}.
 *
 * @example
 * ```ts
 * const fault: FaultInput = { status: 500, times: 1 };
 * ```
 */
export type FaultInput = z.input<typeof FaultSchema>;

/** The override a fault stands for (checked again by the override's schema). */
export function faultOverride(fault: z.output<typeof FaultSchema>): OverrideInput {
  const { status, code, delayMs, ...match } = fault;
  const effect: NonNullable<OverrideInput['fault']> = {};
  if (status !== undefined) effect.status = status;
  if (code !== undefined) effect.code = code;
  if (delayMs !== undefined) effect.delayMs = delayMs;
  const override: Record<string, unknown> = { fault: effect };
  for (const [name, value] of Object.entries(match)) if (value !== undefined) override[name] = value;
  return override;
}
