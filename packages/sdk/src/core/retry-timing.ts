import { HEADERS } from '@commflow/contract/headers';
import { APIConnectionError, APIError } from './errors.js';
import type { WaitReason } from './hooks.js';
import type { OperationPlan } from './plan.js';
import type { ClientState } from './state.js';
import { numericHeader, retryAfterMs } from '../internal/utils.js';

const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;
/** The least and the most extra wait a 429 or 503 adds to the service's `Retry-After` (see {@link herdJitter}). */
const MIN_JITTER_MS = 1_000;
const MAX_JITTER_MS = 5_000;

/**
 * The random extra wait on top of the service's `Retry-After` after a 429 or a 503: uniform in
 * [0, J) where J is half the asked wait, at least 1 s and at most 5 s. Calls refused together
 * would otherwise all come back in the same millisecond and be refused together again (a herd).
 *
 * @internal
 */
export function herdJitter(askedMs: number): number {
  return Math.random() * Math.min(MAX_JITTER_MS, Math.max(MIN_JITTER_MS, askedMs / 2));
}

/** The wait before the next attempt and why, or `null` when this error must not be retried. */
export function retryDelay(
  state: ClientState,
  plan: OperationPlan,
  error: unknown,
  retry: number,
): [ms: number, reason: WaitReason] | null {
  if (!plan.safeToRetry) return null;
  if (error instanceof APIError) {
    const { status } = error;
    const retryable =
      status === 408 || status === 429 || status >= 500 || (status === 409 && error.code === 'IDEMPOTENCY_IN_PROGRESS');
    if (!retryable) return null;
    const asked =
      retryAfterMs(error.headers) ??
      (status === 429 ? (numericHeader(error.headers, HEADERS.rateLimitReset) ?? NaN) * 1000 : NaN);
    if (!Number.isNaN(asked)) {
      if (asked > state.maxRetryAfter) return null;
      return [status === 429 || status === 503 ? asked + herdJitter(asked) : asked, 'retry-after'];
    }
  } else if (!(error instanceof APIConnectionError)) {
    return null;
  }
  // Exponential backoff with full jitter: uniform in [0, min(cap, initial × 2^retry)).
  return [Math.random() * Math.min(MAX_RETRY_DELAY_MS, INITIAL_RETRY_DELAY_MS * 2 ** retry), 'backoff'];
}

/** Waits longer than this are never silent: a stalled test otherwise looks like a plain timeout. */
const LONG_WAIT_MS = 2_000;

/**
 * A last sentence of the error's message that says when to retry (the service's `Retry in 60 s.`):
 * the log line says when the SDK retries, so it is said once.
 */
const RETRY_HINT = /(?<=[.!?])\s+(?:retry|try again)\b(?:[^.!?]|\.\d)*[.!?]?\s*$/i;

/**
 * The log line before a retry: `contacts.list: 429 RATE_LIMITED: Rate limit of 600 requests
 * exceeded. Retry 1 of 2 in 60 s.` A wait over 2 s is a warning, with how to change it; a short
 * one is `info`.
 */
export function retryLine(
  operation: string,
  reason: string,
  attempt: number,
  maxRetries: number,
  delayMs: number,
): ['warn' | 'info', string] {
  const wait = delayMs < 1e3 ? `${String(Math.round(delayMs))} ms` : `${String(Math.round(delayMs / 100) / 10)} s`;
  const line = `${operation}: ${reason.replace(RETRY_HINT, '').replace(/[.\s]+$/, '')}. Retry ${String(attempt)} of ${String(maxRetries)} in ${wait}.`;
  if (delayMs <= LONG_WAIT_MS) return ['info', line];
  return ['warn', `${line} (maxRetries: 0 fails at once.)`];
}
