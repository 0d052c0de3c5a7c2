import { HEADERS } from '@commflow/contract';
import { ApiError } from '../api-error.js';
import type { StoredResponse } from '../../state/idempotency-store.js';
import type { RequestContext } from './context.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const REQUEST_ID = HEADERS.requestId.toLowerCase();
const LIMIT = HEADERS.rateLimitLimit.toLowerCase();
const REMAINING = HEADERS.rateLimitRemaining.toLowerCase();
const RESET = HEADERS.rateLimitReset.toLowerCase();

/**
 * The headers every response carries: the request id, and the rate-limit state when the key was
 * recognised. A plain record, lower-case names, in the order a `Headers` would list them
 * (sorted): the Node adapter writes a record straight to `writeHead`, where a `Headers` would be
 * built and then iterated back into one.
 */
export function commonHeaders(context: RequestContext): Record<string, string> {
  const rate = context.rate;
  if (rate === undefined) return { 'content-type': JSON_CONTENT_TYPE, [REQUEST_ID]: context.requestId };
  return {
    'content-type': JSON_CONTENT_TYPE,
    [LIMIT]: String(rate.limit),
    [REMAINING]: String(rate.remaining),
    [RESET]: String(rate.resetSeconds),
    [REQUEST_ID]: context.requestId,
  };
}

/** `headers` with `extra` merged in (names lower-cased, later wins), sorted by name like a `Headers`. */
export function withHeaders(
  headers: Record<string, string>,
  extra: Iterable<readonly [string, string]>,
): Record<string, string> {
  const merged = new Map(Object.entries(headers));
  for (const [name, value] of extra) merged.set(name.toLowerCase(), value);
  const sorted: Record<string, string> = {};
  // Stryker disable next-line StringLiteral: every name comes from the map's own keys, so the fallback never shows
  for (const name of [...merged.keys()].sort()) sorted[name] = merged.get(name) ?? '';
  return sorted;
}

/** The success envelope: `{ success, data, meta: { requestId, timestamp, pagination? } }`. */
export function successResponse(context: RequestContext): {
  response: Response;
  body: string;
  headers: Record<string, string>;
} {
  // Stryker disable next-line ObjectLiteral: every handler returns a result; the fallback only narrows the type
  const result = context.result ?? { data: {} };
  const meta: Record<string, unknown> = { requestId: context.requestId, timestamp: context.world.clock.iso() };
  if (result.pagination !== undefined) meta.pagination = result.pagination;
  const body = JSON.stringify({ success: true, data: result.data, meta });
  // Stryker disable next-line OptionalChaining: a success has passed the route step, which sets `op`
  const status = result.status ?? context.op?.successStatus[0] ?? 200;
  const headers = commonHeaders(context);
  return { response: new Response(body, { status, headers }), body, headers };
}

/** The error envelope, exactly the spec's: `{ success: false, error: { code, message, details? }, meta }`. */
export function errorResponse(
  context: RequestContext,
  error: ApiError,
): { response: Response; body: string; headers: Record<string, string> } {
  const payload: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details !== undefined) payload.details = error.details;
  const body = JSON.stringify({
    success: false,
    error: payload,
    meta: { requestId: context.requestId, timestamp: context.world.clock.iso() },
  });
  const extra = Object.entries(error.headers);
  const headers = extra.length === 0 ? commonHeaders(context) : withHeaders(commonHeaders(context), extra);
  return { response: new Response(body, { status: error.status, headers }), body, headers };
}

/**
 * Replays a stored response with `Idempotent-Replayed: true`. The body is the first one, but
 * `meta.requestId` and `X-Request-Id` name this request, so they still match each other.
 */
export function replayResponse(context: RequestContext, stored: StoredResponse): Response {
  const headers = withHeaders(commonHeaders(context), [
    ...stored.headers,
    [HEADERS.requestId, context.requestId],
    [HEADERS.idempotentReplayed, 'true'],
  ]);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the stored body is an answer this mock serialised with its meta, or one a restore checked for it (IdempotencyDataSchema); no parse on the replay's path
  const body = JSON.parse(stored.body) as { meta: { requestId: string } };
  body.meta.requestId = context.requestId;
  const text = JSON.stringify(body);
  context.replayBody = text;
  context.replayHeaders = headers;
  return new Response(text, { status: stored.status, headers });
}

/** Wraps an unexpected throw as a catalogue `INTERNAL_ERROR`; the mock should never produce one. */
export function internalError(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('INTERNAL_ERROR', `Unexpected mock failure: ${message}`);
}
