import { signWebhookPayload, WEBHOOK_HEADERS } from '@commflow/contract/webhooks';
import type { WebhookCallback, WebhookCallbackResult } from '../../state/webhooks/subscription-types.js';

export type { WebhookCallback, WebhookCallbackResult };

/**
 * The `user-agent` of every webhook request the mock sends.
 *
 * @example
 * ```ts
 * request.headers.get('user-agent'); // 'CommFlow-Webhooks/1.0 (mock)'
 * ```
 */
export const WEBHOOK_USER_AGENT = 'CommFlow-Webhooks/1.0 (mock)';

/**
 * A delivery attempt that takes longer than this fails (decisions §10: a 2xx within 15 s).
 *
 * @example
 * ```ts
 * new WebhookDispatcher({ events, clock, timeoutMs: DEFAULT_DELIVERY_TIMEOUT_MS });
 * ```
 */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 15_000;

/**
 * One signed webhook request, ready to send: the raw body and every header.
 *
 * @example
 * ```ts
 * const message = await buildWebhookMessage({ url, eventId, payload, secrets, timestampSeconds });
 * await fetch(message.url, { method: 'POST', headers: message.headers, body: message.body });
 * ```
 */
export interface WebhookMessage {
  url: string;
  /** The exact JSON payload; signed and sent byte for byte. */
  body: string;
  headers: Record<string, string>;
}

/**
 * What {@link buildWebhookMessage} signs.
 *
 * @example
 * ```ts
 * const input: WebhookMessageInput = { url, eventId: event.id, payload: JSON.stringify(event), secrets: [secret], timestampSeconds: 1614265330 };
 * ```
 */
export interface WebhookMessageInput {
  url: string;
  /** The event id: the `webhook-id`, the same on every attempt and replay. */
  eventId: string;
  payload: string;
  /** The current secret first, then any still inside a rotation window: one signature each. */
  secrets: readonly string[];
  /** Unix seconds of the attempt, from the mock clock. */
  timestampSeconds: number;
}

/**
 * Signs a payload with the contract's Standard Webhooks signer (never re-implemented here) and
 * assembles the request headers.
 *
 * @example
 * ```ts
 * const { headers } = await buildWebhookMessage({ url, eventId, payload, secrets: [secret], timestampSeconds });
 * headers['webhook-signature']; // 'v1,…'
 * ```
 */
export async function buildWebhookMessage(input: WebhookMessageInput): Promise<WebhookMessage> {
  const signature = await signWebhookPayload({
    id: input.eventId,
    timestamp: input.timestampSeconds,
    payload: input.payload,
    secret: input.secrets,
  });
  return {
    url: input.url,
    body: input.payload,
    headers: {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      [WEBHOOK_HEADERS.id]: input.eventId,
      [WEBHOOK_HEADERS.timestamp]: String(input.timestampSeconds),
      [WEBHOOK_HEADERS.signature]: signature,
    },
  };
}

/**
 * The result of one attempt. `status` is the receiver's HTTP status when there was one; `error`
 * says why a failed attempt failed.
 *
 * @example
 * ```ts
 * const outcome: AttemptOutcome = { ok: false, status: 503, error: 'HTTP 503 is not a 2xx' };
 * ```
 */
export interface AttemptOutcome {
  ok: boolean;
  status?: number;
  error?: string;
}

/**
 * How to send one attempt.
 *
 * @example
 * ```ts
 * const options: SendOptions = { timeoutMs: 15_000, signal: controller.signal };
 * ```
 */
export interface SendOptions {
  timeoutMs: number;
  /** Aborts the attempt (the dispatcher is closing or resetting). */
  signal?: AbortSignal | undefined;
  /** The fetch to use. Default: the global fetch, read at call time so test interceptors apply. */
  fetch?: typeof fetch | undefined;
}

class AttemptTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}

/**
 * An abort signal for one attempt that fires on the timeout or on the outer signal. Our own timer
 * rather than `AbortSignal.timeout`: it is cleared the moment the attempt ends, so a finished or
 * closed dispatcher leaves no timer behind, and the reason tells a timeout from a close.
 */
function attemptSignal(options: SendOptions): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new AttemptTimeout(options.timeoutMs));
  }, options.timeoutMs);
  timer.unref();
  const outer = options.signal;
  const onOuterAbort = () => {
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

function describeError(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof AttemptTimeout ? reason.message : 'aborted: the dispatcher was closed or reset';
  }
  if (error instanceof Error) {
    // undici reports connection failures as `TypeError: fetch failed` with the socket error as cause.
    const cause: unknown = error.cause;
    if (cause instanceof Error) {
      const code: unknown = 'code' in cause ? cause.code : undefined;
      return `connection failed: ${typeof code === 'string' ? `${code} ` : ''}${cause.message}`.trim();
    }
    return error.message;
  }
  return String(error);
}

function judgeStatus(status: number, location: string | null): AttemptOutcome {
  if (status >= 200 && status < 300) return { ok: true, status };
  if (status >= 300 && status < 400) {
    const where = location === null ? '' : ` to ${location}`;
    return { ok: false, status, error: `redirect (HTTP ${status})${where}: redirects are not followed` };
  }
  return { ok: false, status, error: `HTTP ${status} is not a 2xx` };
}

async function discardBody(response: Response): Promise<void> {
  // Release the connection without reading a possibly large or endless body.
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to release.
  }
}

/**
 * POSTs a message with fetch: `redirect: 'manual'` (a redirect is a failure), a timeout, and the
 * body as the exact payload string. Never throws: every failure becomes an outcome.
 *
 * @example
 * ```ts
 * const outcome = await sendOverHttp(message, { timeoutMs: 15_000 });
 * if (!outcome.ok) console.log(outcome.status, outcome.error);
 * ```
 */
export async function sendOverHttp(message: WebhookMessage, options: SendOptions): Promise<AttemptOutcome> {
  const { signal, dispose } = attemptSignal(options);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetchImpl(message.url, {
      method: 'POST',
      headers: message.headers,
      body: message.body,
      redirect: 'manual',
      signal,
    });
    await discardBody(response);
    // With redirect 'manual', browsers answer an opaque redirect (status 0); Node answers the 3xx.
    if (response.type === 'opaqueredirect') return { ok: false, error: 'redirect: redirects are not followed' };
    return judgeStatus(response.status, response.headers.get('location'));
  } catch (error) {
    return { ok: false, error: describeError(error, signal) };
  } finally {
    dispose();
  }
}

/**
 * Hands a message to an in-process callback as a standard `Request` (the same bytes and headers
 * as over HTTP), with the same timeout and success rule. Never throws.
 *
 * @example
 * ```ts
 * const outcome = await sendInProcess(message, (request) => 204, { timeoutMs: 15_000 });
 * ```
 */
export async function sendInProcess(
  message: WebhookMessage,
  callback: WebhookCallback,
  options: SendOptions,
): Promise<AttemptOutcome> {
  const { signal, dispose } = attemptSignal(options);
  const aborted = new Promise<never>((_, reject) => {
    // The dispatcher may have been closed while the attempt was being signed: then the signal
    // is aborted already, and an 'abort' listener would never fire.
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    signal.addEventListener(
      'abort',
      () => {
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
  aborted.catch(() => undefined); // the race below observes it; never an unhandled rejection
  try {
    const request = new Request(message.url, {
      method: 'POST',
      headers: message.headers,
      body: message.body,
      signal,
    });
    // The callback runs after an await, so a synchronous throw is caught like an async one.
    const result = await Promise.race([Promise.resolve().then(() => callback(request)), aborted]);
    if (result === undefined) return { ok: true, status: 204 };
    if (typeof result === 'number') {
      if (!Number.isInteger(result) || result < 100 || result > 599) {
        return { ok: false, error: `the callback answered ${result}, which is not an HTTP status` };
      }
      return judgeStatus(result, null);
    }
    if (result instanceof Response) {
      await discardBody(result);
      return judgeStatus(result.status, result.headers.get('location'));
    }
    return { ok: false, error: 'the callback answered neither a Response, a status code nor nothing' };
  } catch (error) {
    return {
      ok: false,
      error: signal.aborted ? describeError(error, signal) : `the callback threw: ${describeError(error, signal)}`,
    };
  } finally {
    dispose();
  }
}
