import { HEADERS } from '../headers.js';

/** An OpenAPI header object whose value is a string. */
interface HeaderObject {
  description: string;
  required: boolean;
  schema: Record<string, unknown>;
  'x-assumed'?: true;
}

const header = (description: string, required: boolean, schema: Record<string, unknown> = { type: 'string' }) =>
  ({ description, required, schema }) satisfies HeaderObject;

const requestId = header(
  'The request id: the client’s X-Request-Id, or a generated one. Equals `meta.requestId`.',
  true,
);

/** RateLimit-* are sent whenever the API key was recognised (decisions.md §1). */
function rateLimit(required: boolean): Record<string, HeaderObject> {
  return {
    [HEADERS.rateLimitLimit]: header('Requests allowed in the current window.', required),
    [HEADERS.rateLimitRemaining]: header('Requests left in the current window.', required),
    [HEADERS.rateLimitReset]: header('Seconds until the window resets (a delta, never a date).', required),
  };
}

const idempotentReplayed = {
  ...header(
    'Present, `true`, when this is the stored first response to an earlier request with the same `Idempotency-Key`, replayed: nothing happened again.',
    false,
    { type: 'string', enum: ['true'] },
  ),
  'x-assumed': true,
} satisfies HeaderObject;

/** The headers of a success response. */
export function successHeaders(idempotent: boolean): Record<string, HeaderObject> {
  return {
    [HEADERS.requestId]: requestId,
    ...rateLimit(true),
    ...(idempotent ? { [HEADERS.idempotentReplayed]: idempotentReplayed } : {}),
  };
}

const allow = header('The methods the path does allow, comma-separated.', true);

/**
 * The headers of an error response with `status`, as the service sends them:
 * - `X-Request-Id` always;
 * - `RateLimit-*` once the key was recognised: never on 401 (the key is what failed), always on
 *   the 4xx that come after the rate-limit check, maybe on 500 (wherever it broke);
 * - `Retry-After` on 429 only;
 * - `Allow` on 405 only;
 * - `Idempotent-Replayed` where `replayable` (a stored result of an idempotent operation).
 */
export function errorHeaders(status: number, replayable: boolean): Record<string, HeaderObject> {
  return {
    [HEADERS.requestId]: requestId,
    ...(status === 401 ? {} : rateLimit(status < 500)),
    ...(status === 429
      ? { [HEADERS.retryAfter]: { ...header('Seconds to wait before retrying.', true), 'x-assumed': true } }
      : {}),
    ...(status === 405 ? { [HEADERS.allow]: allow } : {}),
    ...(replayable ? { [HEADERS.idempotentReplayed]: idempotentReplayed } : {}),
  };
}

/** The headers of the OpenAPI document itself: served before any key check, so no RateLimit-*. */
export const documentHeaders = { [HEADERS.requestId]: requestId };

/** The headers of the 405 of the document's path: answered before any key check too. */
export const documentMethodHeaders = { ...documentHeaders, [HEADERS.allow]: allow };
