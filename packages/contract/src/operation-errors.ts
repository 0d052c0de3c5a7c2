import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from './errors.js';
import { HEADERS } from './headers.js';
import type { OperationDefinition } from './operations.js';

/**
 * One error an operation can answer with: its catalogue code and status, every reason this
 * operation raises it for (in the order the service checks them), and whether the operation
 * raises it for a reason of its own rather than one every operation of its kind shares.
 *
 * @example
 * ```ts
 * const error: OperationError = operationErrors(operations['voice.click2dial']).find((e) => e.code === 'NO_EXTENSION')!;
 * error.status; // 409
 * error.specific; // true
 * ```
 */
export interface OperationError {
  readonly code: ErrorCode;
  readonly status: number;
  readonly reasons: readonly string[];
  readonly specific: boolean;
}

/**
 * Every error an operation can answer with, derived from its registry entry: the key and rate
 * limit, the tenant header, its gating (permission, module, capability), its acting user, its
 * request (body, query, cursor), its `Idempotency-Key`, its own errors (`errors`), and the server.
 * Ordered as decisions.md §3 orders the checks, so the first reason is the first that can fail.
 *
 * `METHOD_NOT_ALLOWED` is not listed: it answers a path for a method no operation has.
 *
 * @example
 * ```ts
 * operationErrors(operations['voice.click2dial']).map((e) => e.code);
 * // ['UNAUTHENTICATED', 'RATE_LIMITED', 'VALIDATION_ERROR', 'TENANT_ACCESS_DENIED', 'PERMISSION_DENIED',
 * //  'MODULE_DISABLED', 'UNKNOWN_USER', 'INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE',
 * //  'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_PROGRESS', 'NO_EXTENSION', 'NOT_FOUND', 'INTERNAL_ERROR']
 * ```
 */
export function operationErrors(op: OperationDefinition): OperationError[] {
  const found = new Map<ErrorCode, { reasons: string[]; specific: boolean }>();
  const add = (code: ErrorCode, reason: string, specific = false) => {
    const entry = found.get(code) ?? { reasons: [], specific: false };
    entry.reasons.push(reason);
    entry.specific ||= specific;
    found.set(code, entry);
  };

  add('UNAUTHENTICATED', 'The API key is missing, malformed, unknown or revoked.');
  add('RATE_LIMITED', "The key's rate-limit window is spent; `Retry-After` says when to retry.");
  add('VALIDATION_ERROR', `\`${HEADERS.tenantId}\` is missing or not a UUID.`);
  add('TENANT_ACCESS_DENIED', `The key may not access the tenant named by \`${HEADERS.tenantId}\`.`);
  add('PERMISSION_DENIED', `The key lacks the \`${op.gating.permission}\` permission.`);
  if (op.gating.module !== null) add('MODULE_DISABLED', `The tenant lacks the \`${op.gating.module}\` module.`);
  if (op.headers.includes('U')) {
    add('VALIDATION_ERROR', `\`${HEADERS.userEmail}\` is missing or not an email.`);
    add('UNKNOWN_USER', `\`${HEADERS.userEmail}\` names no user of the tenant.`);
  }
  if (op.gating.capability !== null) {
    const holder = op.headers.includes('U')
      ? 'the tenant, or the acting user when it carries a capability list'
      : 'the tenant';
    add('CAPABILITY_DENIED', `The \`${op.gating.capability}\` capability is not granted to ${holder}.`);
  }
  if (op.pathParams !== undefined) add('VALIDATION_ERROR', 'A path parameter is not a UUID.');
  if (op.query !== undefined) add('VALIDATION_ERROR', 'A query parameter is invalid or unknown.');
  if (op.pagination === 'cursor') {
    add('INVALID_CURSOR', '`cursor` is malformed, or was issued for another list, tenant, acting user or filters.');
  }
  if (op.body !== undefined) {
    add('VALIDATION_ERROR', 'A body field is missing or invalid, or the body has an unknown field.');
    add('INVALID_JSON', 'The body is not JSON.');
    add('PAYLOAD_TOO_LARGE', 'The body is over 1 MiB.');
    add('UNSUPPORTED_MEDIA_TYPE', 'The body is not sent as `application/json`.');
  }
  if (op.headers.includes('I')) {
    add('VALIDATION_ERROR', `\`${HEADERS.idempotencyKey}\` is not 1..255 printable ASCII characters.`);
    add('IDEMPOTENCY_KEY_REUSED', 'The `Idempotency-Key` was used before with a different request.');
    add('IDEMPOTENCY_IN_PROGRESS', 'The first request with this `Idempotency-Key` is still running.');
  }
  for (const [code, reason] of Object.entries(op.errors)) {
    if (isErrorCode(code)) add(code, reason, true);
  }
  add('INTERNAL_ERROR', ERROR_CATALOGUE.INTERNAL_ERROR.meaning);

  return [...found].map(([code, { reasons, specific }]) => ({
    code,
    status: ERROR_CATALOGUE[code].status,
    reasons,
    specific,
  }));
}
