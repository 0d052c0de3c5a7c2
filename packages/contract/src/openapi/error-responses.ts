import * as z from 'zod/mini';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode, type ValidationIssue } from '../errors.js';
import { operationErrors, type OperationError } from '../operation-errors.js';
import type { OperationDefinition } from '../operations.js';
import { ResponseMeta } from '../schemas/envelope.js';
import { ref, toSchema, type JsonSchema } from './json-schema.js';
import { errorHeaders } from './response-headers.js';

/** `error.details` of the codes that carry any, as decisions.md §4 fixes them. */
const ValidationIssueSchema: z.ZodMiniType<ValidationIssue> = z
  .object({
    path: z.array(z.string()).check(
      z.meta({
        description:
          'Where the value was: `header`, `path`, `query` or `body`, then the field. A request that is not valid HTTP names `requestLine`, `header` and the name, or `request`.',
      }),
    ),
    message: z.string(),
  })
  .check(z.meta({ id: 'ValidationIssue' }));
const RateLimitedDetails = z
  .object({ retryAfterSeconds: z.int().check(z.gte(0), z.meta({ description: 'Equals the Retry-After header.' })) })
  .check(z.meta({ id: 'RateLimitedDetails' }));
const ERROR_DETAILS: Partial<Record<ErrorCode, z.ZodMiniType>> = {
  VALIDATION_ERROR: z
    .array(ValidationIssueSchema)
    .check(z.meta({ description: 'Every issue found, not just the first.' })),
  RATE_LIMITED: RateLimitedDetails,
};

/** Statuses the service spec lists for every operation; the rest come from decisions.md. */
const SPEC_ERROR_STATUSES = [400, 401, 403, 404, 409, 429];

/** Results the service does not store under an `Idempotency-Key` (decisions.md §5), so never replays. */
const neverReplayed = (status: number) => status === 401 || status === 403 || status === 429 || status >= 500;

/** The component name of a code's `error` object: `NO_EXTENSION` → `NoExtensionError`. */
export function errorSchemaName(code: ErrorCode): string {
  const words = code.split('_').map((word) => word.slice(0, 1) + word.slice(1).toLowerCase());
  return `${words.join('')}${code.endsWith('_ERROR') ? '' : 'Error'}`;
}

/**
 * Adds to `components` (the `components.schemas` being built) one `error` object per catalogue
 * code, with `code` a constant and `details` typed as decisions.md fixes it (absent where the
 * service sends none), and the `meta` they share.
 */
export function addErrorSchemas(components: Record<string, unknown>): void {
  toSchema(ResponseMeta, 'output', components);
  for (const code of ERROR_CODES) {
    const entry = ERROR_CATALOGUE[code];
    const details = ERROR_DETAILS[code];
    components[errorSchemaName(code)] = {
      type: 'object',
      description: entry.meaning,
      properties: {
        code: { type: 'string', const: code },
        message: { type: 'string', description: 'For people; may change. Match on `code`.' },
        ...(details === undefined ? {} : { details: toSchema(details, 'output', components) }),
      },
      required: ['code', 'message', ...(details === undefined ? [] : ['details'])],
      additionalProperties: false,
    };
  }
}

/** The error envelope whose `error.code` is one of `codes`. */
export function errorEnvelope(codes: readonly ErrorCode[]): JsonSchema {
  const objects = codes.map((code) => ref(errorSchemaName(code)));
  return {
    type: 'object',
    properties: {
      success: { type: 'boolean', const: false },
      error: objects.length === 1 ? objects[0] : { oneOf: objects },
      meta: ref('ResponseMeta'),
    },
    required: ['success', 'error', 'meta'],
    additionalProperties: false,
  };
}

function describe(errors: readonly OperationError[]): string {
  return errors.map((error) => `\`${error.code}\`: ${error.reasons.join(' ')}`).join('\n\n');
}

/**
 * The error responses of `op`, by status: for each status, an envelope whose `error.code` is an
 * enum of exactly the codes `operationErrors(op)` gives it. The statuses the service spec lists
 * for every operation are declared even where the operation has no code for one; such a
 * response says so and describes no body, so a generated client's error type stays exact.
 */
export function operationErrorResponses(op: OperationDefinition): Record<string, unknown> {
  const errors = operationErrors(op);
  const idempotent = op.headers.includes('I');
  const statuses = [...new Set([...SPEC_ERROR_STATUSES, ...errors.map((error) => error.status)])].sort((a, b) => a - b);
  const responses: Record<string, unknown> = {};
  for (const status of statuses) {
    const own = errors.filter((error) => error.status === status);
    const codes = own.map((error) => error.code);
    // Only the operation's own outcomes run past the idempotency step and get stored.
    const replayable = idempotent && !neverReplayed(status) && own.some((error) => error.specific);
    const assumed = SPEC_ERROR_STATUSES.includes(status) ? {} : { 'x-assumed': true };
    responses[String(status)] =
      codes.length === 0
        ? {
            description: `The service spec lists ${status} for every operation, but no catalogue code gives this operation a reason to answer it.`,
            headers: errorHeaders(status, false),
            'x-error-codes': [],
          }
        : {
            description: describe(own),
            headers: errorHeaders(status, replayable),
            content: { 'application/json': { schema: errorEnvelope(codes) } },
            'x-error-codes': codes,
            ...assumed,
          };
  }
  return responses;
}
