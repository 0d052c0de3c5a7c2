import type { OperationRequest, Pagination } from '@commflow/contract';
import { HEADERS } from '@commflow/contract/headers';
import { NetworkError, TimeoutError } from 'ky';
import type { ResponseResult } from './api-promise.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  CommFlowError,
  makeAPIError,
  UnexpectedResponseError,
} from './errors.js';
import { CallerFault } from './transport.js';
import { isRecord } from '../internal/known-keys.js';
import { numericHeader, retryAfterMs } from '../internal/utils.js';

const ERROR_TEXT_LIMIT = 200;

/**
 * A success: the unwrapped data, its response, and the `meta.pagination` of its envelope. The
 * request id and rate-limit state are read from the response only when `.withResponse()` asks.
 *
 * @internal
 */
export interface RawResult<T> extends ResponseResult<T> {
  pagination: Pagination | undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Maps an error response to its {@link APIError} subclass, whatever its body. */
export function errorFromResponse(response: Response, text: string): APIError {
  const json = parseJson(text);
  const error = isRecord(json) && isRecord(json.error) ? json.error : undefined;
  const meta = isRecord(json) && isRecord(json.meta) ? json.meta : undefined;
  const code = typeof error?.code === 'string' ? error.code : null;
  const snippet = text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT)}…` : text;
  const described = typeof error?.message === 'string' ? error.message : snippet.trim() || '(empty body)';
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  const message = code ? `${response.status} ${code}: ${described}` : `${response.status}${statusText}: ${described}`;
  const requestId =
    response.headers.get(HEADERS.requestId) ?? (typeof meta?.requestId === 'string' ? meta.requestId : null);
  const details = error?.details;
  let retryAfterSeconds: number | null = null;
  if (response.status === 429) {
    const fromHeader = retryAfterMs(response.headers);
    const fromDetails =
      isRecord(details) && typeof details.retryAfterSeconds === 'number' ? details.retryAfterSeconds : null;
    retryAfterSeconds =
      fromHeader !== null
        ? Math.ceil(fromHeader / 1000)
        : (fromDetails ?? numericHeader(response.headers, HEADERS.rateLimitReset));
  }
  return makeAPIError(
    { status: response.status, code, message, details, requestId, headers: response.headers },
    retryAfterSeconds,
  );
}

/**
 * What a thrown error becomes: a timeout, a connection error (a network failure: ky's
 * `NetworkError`, or the `TypeError` a fetch rejects with), or the error itself, unchanged, when it
 * is anything else (a bug in a custom fetch, a mistake ky reports), which is never retried.
 */
export function failureOf(error: unknown, timeout: number, url: string): CommFlowError {
  if (error instanceof CommFlowError) return error;
  if (error instanceof TimeoutError) return new APITimeoutError(`Request timed out after ${timeout} ms.`);
  if (error instanceof CallerFault) throw error.error;
  // ky's NetworkError carries ky's `request` (whose headers hold the key): keep only its cause.
  const cause = error instanceof NetworkError ? error.cause : error;
  if (cause instanceof TypeError) {
    const code = systemCode(cause);
    const host = new URL(url).host;
    const reason = code === undefined ? cause.message : `${code} (${cause.message})`;
    return new APIConnectionError(`Connection error: ${reason} reaching ${host}.`, { cause });
  }
  throw error;
}

/**
 * The system's error code (`ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`) a fetch failure carries, a
 * level or more down its causes (Node's undici: `TypeError: fetch failed` caused by the socket's
 * error, or an `AggregateError` of one per address), or `undefined` where the runtime gives none.
 */
function systemCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth++) {
    const { code, errors, cause } = current;
    if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return code;
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : cause;
  }
  return undefined;
}

export function unwrap<T>(op: OperationRequest, response: Response, text: string): RawResult<T> {
  const json = parseJson(text);
  if (!isRecord(json) || !isRecord(json.data)) {
    throw new APIError({
      status: response.status,
      code: null,
      message: `${response.status}: the response of ${op.id} is not a CommFlow envelope`,
      details: text.slice(0, ERROR_TEXT_LIMIT),
      requestId: response.headers.get(HEADERS.requestId),
      headers: response.headers,
    });
  }
  const meta = isRecord(json.meta) ? json.meta : undefined;
  const key = op.resultKey;
  if (key !== undefined && !Object.hasOwn(json.data, key)) {
    throw new UnexpectedResponseError(op.id, [`data.${key}`], {
      status: response.status,
      code: null,
      message: `${op.id}: the response has no data.${key}, which the contract documents (status ${String(response.status)}).`,
      details: text.slice(0, ERROR_TEXT_LIMIT),
      requestId: response.headers.get(HEADERS.requestId),
      headers: response.headers,
    });
  }
  // What the service answered is typed by the contract, not parsed: its response schemas would
  // weigh on every app (the opt-in responseValidator of `@commflow/sdk/validate` parses `data`).
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the operation's data as the contract types it (see above)
  const data = (key === undefined ? json.data : json.data[key]) as T;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `meta.pagination` as the contract types it (see above)
  return { data, response, pagination: isRecord(meta?.pagination) ? (meta.pagination as Pagination) : undefined };
}
