import { pure } from './schemas/pure.js';

/**
 * The complete error catalogue: every code the service returns, its HTTP status, and when.
 *
 * It is plain data with no zod inside, so that the SDK's error mapping costs no bundle size.
 *
 * @example
 * ```ts
 * ERROR_CATALOGUE.NO_EXTENSION.status; // 409
 * ```
 */
export const ERROR_CATALOGUE = {
  VALIDATION_ERROR: {
    status: 400,
    meaning:
      'A header, path, query or body value is missing or invalid, or the body has an unknown field. `details` is an array of `{ path, message }`.',
  },
  INVALID_JSON: { status: 400, meaning: 'The body is not JSON.' },
  INVALID_CURSOR: {
    status: 400,
    meaning: 'The cursor is malformed, or was issued for another list, tenant, acting user or filters.',
  },
  UNAUTHENTICATED: { status: 401, meaning: 'The API key is missing, malformed, unknown or revoked.' },
  TENANT_ACCESS_DENIED: { status: 403, meaning: 'The key may not access the tenant named by X-Tenant-Id.' },
  PERMISSION_DENIED: { status: 403, meaning: "The key lacks the operation's permission." },
  MODULE_DISABLED: { status: 403, meaning: "The tenant lacks the operation's module." },
  CAPABILITY_DENIED: { status: 403, meaning: 'The capability is not granted to the tenant or to the acting user.' },
  UNKNOWN_USER: { status: 403, meaning: 'X-User-Email names no user of the tenant.' },
  NOT_FOUND: {
    status: 404,
    meaning:
      'Unknown route, or an identifier that does not exist under the tenant or that the acting user may not access.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    meaning: 'The path exists, the method does not. The Allow header lists the methods.',
  },
  NO_EXTENSION: { status: 409, meaning: 'Click-to-dial by a user with no provisioned extension.' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, meaning: 'The Idempotency-Key was used before with a different request.' },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    meaning: 'The first request with this Idempotency-Key is still running. Retry later.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body is over 1 MiB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body is not sent as application/json.' },
  RATE_LIMITED: { status: 429, meaning: "The key's rate-limit window is spent. Retry-After says when to retry." },
  INTERNAL_ERROR: {
    status: 500,
    meaning: 'An unexpected failure. Never expected from the mock: a test that sees it has found a bug.',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

/**
 * A code of the error catalogue.
 *
 * @example
 * ```ts
 * const code: ErrorCode = 'NO_EXTENSION';
 * ```
 */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * Every catalogue code, in catalogue order.
 *
 * @example
 * ```ts
 * ERROR_CODES.includes('RATE_LIMITED'); // true
 * ```
 */
export const ERROR_CODES = /* @__PURE__ */ pure(() => Object.keys(ERROR_CATALOGUE).filter(isErrorCode));

/**
 * Whether a string is a catalogue code.
 *
 * @example
 * ```ts
 * if (isErrorCode(body.error.code)) console.log(ERROR_CATALOGUE[body.error.code].meaning);
 * ```
 */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/**
 * The statuses every operation may answer with an error, as the service spec lists them, plus
 * the ones this contract adds (405, 413, 415, 500).
 *
 * @example
 * ```ts
 * ERROR_STATUSES.includes(429); // true
 * ```
 */
export const ERROR_STATUSES: readonly number[] = /* @__PURE__ */ pure(() =>
  [...new Set(Object.values(ERROR_CATALOGUE).map((entry) => entry.status))].sort((a, b) => a - b),
);

/**
 * One entry of `error.details` on a `VALIDATION_ERROR`. `path` starts with where the value was:
 * `header`, `path`, `query` or `body`.
 *
 * @example
 * ```ts
 * const issue: ValidationIssue = { path: ['body', 'phoneMobile'], message: 'Invalid E.164 number' };
 * ```
 */
export interface ValidationIssue {
  path: string[];
  message: string;
}
