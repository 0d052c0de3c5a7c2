/**
 * The header codes of the service spec's endpoint table.
 *
 * - `T`: `X-Tenant-Id`, required on every operation.
 * - `U`: `X-User-Email`, the acting user of a user-scoped operation.
 * - `R`: `X-Request-Id`, optional, echoed.
 * - `I`: `Idempotency-Key`, optional, honoured on mutations.
 *
 * @example
 * ```ts
 * const codes: HeaderCode[] = ['T', 'U', 'R', 'I'];
 * ```
 */
export type HeaderCode = 'T' | 'U' | 'R' | 'I';

/**
 * The wire names of the headers the contract defines.
 *
 * @example
 * ```ts
 * request.headers.get(HEADERS.tenantId);
 * ```
 */
export const HEADERS = {
  apiKey: 'X-API-Key',
  authorization: 'Authorization',
  tenantId: 'X-Tenant-Id',
  userEmail: 'X-User-Email',
  requestId: 'X-Request-Id',
  idempotencyKey: 'Idempotency-Key',
  idempotentReplayed: 'Idempotent-Replayed',
  rateLimitLimit: 'RateLimit-Limit',
  rateLimitRemaining: 'RateLimit-Remaining',
  rateLimitReset: 'RateLimit-Reset',
  retryAfter: 'Retry-After',
  allow: 'Allow',
  /**
   * Which client sent the request (`@commflow/sdk/1.2.0 node/24.21.0`): a header of our own, as
   * browsers refuse to let a script set `User-Agent`. Optional; servers may log it, never gate on it.
   */
  client: 'X-CommFlow-Client',
} as const;

/**
 * The header that each header code stands for.
 *
 * @example
 * ```ts
 * HEADER_BY_CODE.U; // 'X-User-Email'
 * ```
 */
export const HEADER_BY_CODE = {
  T: HEADERS.tenantId,
  U: HEADERS.userEmail,
  R: HEADERS.requestId,
  I: HEADERS.idempotencyKey,
} as const satisfies Record<HeaderCode, string>;

/**
 * The largest request body the service accepts: 1 MiB.
 *
 * @example
 * ```ts
 * if (body.byteLength > MAX_BODY_BYTES) throw new Error('payload too large');
 * ```
 */
export const MAX_BODY_BYTES = 1024 * 1024;
