import { HEADERS } from '@commflow/contract';
import { ApiError } from '../api-error.js';
import type { StoredResponse } from '../idempotency-store.js';
import type { RequestContext } from './context.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The headers every response carries: the request id, and the rate-limit state when the key was recognised. */
function commonHeaders(context: RequestContext): Headers {
  const headers = new Headers({ 'content-type': JSON_CONTENT_TYPE, [HEADERS.requestId]: context.requestId });
  if (context.rate !== undefined) {
    headers.set(HEADERS.rateLimitLimit, String(context.rate.limit));
    headers.set(HEADERS.rateLimitRemaining, String(context.rate.remaining));
    headers.set(HEADERS.rateLimitReset, String(context.rate.resetSeconds));
  }
  return headers;
}

/** The success envelope: `{ success, data, meta: { requestId, timestamp, pagination? } }`. */
export function successResponse(context: RequestContext): { response: Response; body: string } {
  const result = context.result ?? { data: {} };
  const meta: Record<string, unknown> = { requestId: context.requestId, timestamp: context.world.clock.iso() };
  if (result.pagination !== undefined) meta.pagination = result.pagination;
  const body = JSON.stringify({ success: true, data: result.data, meta });
  const status = result.status ?? context.op?.successStatus[0] ?? 200;
  return { response: new Response(body, { status, headers: commonHeaders(context) }), body };
}

/** The error envelope, exactly the spec's: `{ success: false, error: { code, message, details? }, meta }`. */
export function errorResponse(context: RequestContext, error: ApiError): { response: Response; body: string } {
  const payload: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details !== undefined) payload.details = error.details;
  const body = JSON.stringify({
    success: false,
    error: payload,
    meta: { requestId: context.requestId, timestamp: context.world.clock.iso() },
  });
  const headers = commonHeaders(context);
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  return { response: new Response(body, { status: error.status, headers }), body };
}

/**
 * Replays a stored response with `Idempotent-Replayed: true`. The body is the first one, but
 * `meta.requestId` and `X-Request-Id` name this request, so they still match each other.
 */
export function replayResponse(context: RequestContext, stored: StoredResponse): Response {
  const headers = commonHeaders(context);
  for (const [name, value] of stored.headers) headers.set(name, value);
  headers.set(HEADERS.requestId, context.requestId);
  headers.set(HEADERS.idempotentReplayed, 'true');
  const body = JSON.parse(stored.body) as { meta: { requestId: string } };
  body.meta.requestId = context.requestId;
  return new Response(JSON.stringify(body), { status: stored.status, headers });
}

/** Wraps an unexpected throw as a catalogue `INTERNAL_ERROR`; the mock should never produce one. */
export function internalError(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('INTERNAL_ERROR', `Unexpected mock failure: ${message}`);
}
