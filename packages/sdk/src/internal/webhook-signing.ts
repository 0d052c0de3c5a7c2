// Webhook verification and signing, documented by its entry (`src/webhooks.ts`) and also reached
// through `client.webhooks` and the main entry: Standard Webhooks v1 on Web Crypto, with no client
// and no schema library inside, so that a receiver loads only a few kilobytes. It imports only the
// contract and the helpers beside it.
import type { EventType, WebhookEvent as ContractWebhookEvent } from '@commflow/contract';
import {
  DEFAULT_TOLERANCE_SECONDS,
  EVENT_TYPES,
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_HEADERS,
  WebhookVerificationError,
  type WebhookHeaders,
  type WebhookPayload,
  type WebhookVerificationReason,
} from '@commflow/contract/webhooks';
import { isRecord, type KnownKeys } from './known-keys.js';
import { optionsProblem } from './option-problems.js';
import { uuidv4 } from './uuid.js';

export { WEBHOOK_HEADERS, WebhookVerificationError };
export type { EventType, WebhookHeaders, WebhookPayload, WebhookVerificationReason };

/**
 * Any event the service sends: `switch (event.type)` narrows `event.data`. The contract's
 * `WebhookEvent`, re-exported as a type only (the schema stays in `@commflow/contract`).
 *
 * @example
 * ```ts
 * function handle(event: WebhookEvent) {
 *   if (event.type === 'contact.changed') console.log(event.data.contact.id);
 * }
 * ```
 */
export type WebhookEvent = ContractWebhookEvent;

/**
 * An event of a type added to the service after this SDK version: returned, not rejected, so a
 * receiver can acknowledge it and move on. Its `data` is typed `never` so that
 * `switch (event.type)` still narrows the `data` of every known type; read an unknown event's
 * data as `event.data as unknown`.
 *
 * @example
 * ```ts
 * if (!isKnownEvent(event)) {
 *   console.log('Unhandled event type', event.type, event.data as unknown);
 * }
 * ```
 */
export interface UnknownWebhookEvent {
  id: string;
  type: string;
  timestamp: string;
  tenantId: string;
  data: never;
}

/**
 * What {@link verifyWebhook} returns: a known event, whose `data` narrows on `type`, or an
 * event of a type this SDK does not know yet.
 *
 * @example
 * ```ts
 * function handle(event: VerifiedWebhookEvent) {
 *   switch (event.type) {
 *     case 'sms.received':
 *       return console.log(event.data.message.body);
 *     case 'call.started':
 *       return console.log(event.data.callId);
 *     default:
 *       return console.log('ignored', event.type);
 *   }
 * }
 * ```
 */
export type VerifiedWebhookEvent = WebhookEvent | UnknownWebhookEvent;

/**
 * Options of {@link verifyWebhook}.
 *
 * @example
 * ```ts
 * const options: VerifyWebhookOptions = { payload: rawBody, headers: req.headers, secret: process.env.WEBHOOK_SECRET! };
 * ```
 */
export interface VerifyWebhookOptions {
  /** The raw body, exactly as received: a string or bytes, never re-serialised JSON. */
  payload: WebhookPayload;
  /** The request headers: a `Headers` object or a plain record such as Node's `req.headers`. */
  headers: WebhookHeaders;
  /** The endpoint's secret (`whsec_…`, or bare base64), or several while you rotate it: any may match. */
  secret: string | readonly string[];
  /** Seconds the `webhook-timestamp` may be away from now, either way. Default 300. */
  toleranceSeconds?: number;
  /**
   * The current time, for tests: a `Date`, or a number of **milliseconds** since the epoch (as
   * `Date.now()` returns; not unix seconds, unlike `webhook-timestamp` and
   * {@link SignWebhookOptions.timestamp}). A number below 1e11 (1973 in milliseconds, so surely
   * seconds) is rejected with a `RangeError`, as `signWebhook` rejects milliseconds. Default: the
   * system clock.
   */
  now?: Date | number;
}

/**
 * Every option's name, once: `satisfies` makes TypeScript refuse a name the options type lacks
 * and an option a map forgets, so the checks cannot drift from the types.
 */
const VERIFY_OPTION_NAMES = {
  payload: true,
  headers: true,
  secret: true,
  toleranceSeconds: true,
  now: true,
} as const satisfies Record<keyof VerifyWebhookOptions, true>;
const SIGN_OPTION_NAMES = { payload: true, secret: true, id: true, timestamp: true } as const satisfies Record<
  keyof SignWebhookOptions,
  true
>;

/**
 * A `TypeError` for options that are not an object or hold an unknown key (`tolerence`,
 * `timeStamp`): a mistake in the receiver's code, not a webhook to answer 400, and from plain
 * JavaScript one that would otherwise be ignored without a word.
 */
function checkOptions(options: unknown, known: KnownKeys, where: string): void {
  const wrong = optionsProblem(options, known, where);
  if (wrong !== undefined) throw new TypeError(wrong);
}

/**
 * Runs `work`, turning a malformed secret into a `TypeError`: the receiver's configuration is at
 * fault, not the delivery, so it must not read as a failed verification (answered 400 to every
 * delivery, and never fixed). The contract's own `TypeError`s (a missing secret, say) get the
 * name of the function the caller called, which the contract cannot know.
 */
async function configurationErrors<T>(where: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WebhookVerificationError && error.reason === 'invalid_secret') {
      throw new TypeError(`${where}: ${error.message} (a configuration error: check the secret you passed)`, {
        cause: error,
      });
    }
    if (error instanceof TypeError) throw new TypeError(`${where}: ${error.message}`, { cause: error });
    throw error;
  }
}

const decoder = new TextDecoder();

/**
 * Verifies a webhook and returns its event. It checks the Standard Webhooks signature over the
 * raw body with any of the secrets (constant-time, Web Crypto), then the timestamp window in
 * both directions, then that the body is an event envelope. Events of types this SDK does not
 * know are returned too (see {@link UnknownWebhookEvent}).
 *
 * @throws {@link WebhookVerificationError} with a `reason`: `missing_header`, `invalid_header`,
 * `invalid_signature`, `timestamp_too_old`, `timestamp_too_new` or `invalid_payload`. Answer
 * 400 and do not process the request.
 * @throws `TypeError` when the options are not an object or hold an unknown key (`tolerence`),
 * `secret` is missing or not a string (an unset environment variable), or a secret is malformed
 * (not `whsec_` + base64): a mistake in your code or configuration, so it is not a
 * `WebhookVerificationError`.
 * @throws `RangeError` when `now` is not a valid `Date` or epoch milliseconds (a number below
 * 1e11, such as unix seconds, is a mistake in the unit).
 * @example
 * ```ts
 * app.post('/webhooks/commflow', express.raw({ type: 'application/json' }), async (req, res) => {
 *   const event = await verifyWebhook({ payload: req.body, headers: req.headers, secret });
 *   if (event.type === 'contact.changed') console.log(event.data.contact.firstName);
 *   res.sendStatus(204);
 * });
 * ```
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<VerifiedWebhookEvent> {
  checkOptions(options, VERIFY_OPTION_NAMES, 'verifyWebhook');
  const { now } = options;
  if (now !== undefined) {
    const ms = now instanceof Date ? now.getTime() : now;
    // Also false for NaN (an invalid Date), and for seconds: 1e11 ms is 1973, 1e11 s the year 5138.
    if (!(ms >= 1e11)) {
      throw new RangeError(
        `verifyWebhook: now must be a Date or epoch milliseconds (Date.now(), not unix seconds), got ${String(now)}`,
      );
    }
  }
  await configurationErrors('verifyWebhook', () =>
    verifyWebhookSignature({
      payload: options.payload,
      headers: options.headers,
      secret: options.secret,
      toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
      ...(now === undefined ? {} : { now }),
    }),
  );
  const text = typeof options.payload === 'string' ? options.payload : decoder.decode(options.payload);
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The webhook body is not JSON.');
  }
  // A light structural check: the signature already proves the sender, and a full schema would
  // cost this entry its size.
  if (
    !isRecord(event) ||
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.timestamp !== 'string' ||
    typeof event.tenantId !== 'string' ||
    !isRecord(event.data)
  ) {
    throw new WebhookVerificationError(
      'invalid_payload',
      'The webhook body is not an event: expected { id, type, timestamp, tenantId, data }.',
    );
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the envelope is checked above and the signature proves the sender; the contract's event schemas would cost this entry most of its size
  return event as VerifiedWebhookEvent;
}

/**
 * Whether an event's type is one this SDK knows (and types).
 *
 * @example
 * ```ts
 * if (!isKnownEvent(event)) return res.sendStatus(204); // acknowledge and ignore
 * ```
 */
export function isKnownEvent(event: VerifiedWebhookEvent): event is WebhookEvent {
  return Object.hasOwn(EVENT_TYPES, event.type);
}

/**
 * Options of {@link signWebhook}.
 *
 * @example
 * ```ts
 * const options: SignWebhookOptions = { payload: JSON.stringify(event), secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
 * ```
 */
export interface SignWebhookOptions {
  /** The exact body you will send. */
  payload: WebhookPayload;
  /** One secret, or several during a rotation (one signature each). */
  secret: string | readonly string[];
  /** The `webhook-id`. Default: the payload's `id` when it is a JSON object with one, else a new UUID. */
  id?: string;
  /**
   * The time of the attempt, sent as `webhook-timestamp`: a `Date`, or a number of unix
   * **seconds** (`Math.floor(Date.now() / 1000)`; not milliseconds, unlike
   * {@link VerifyWebhookOptions.now}); a fraction is floored. A number above 1e11 (a date past the
   * year 5000, so surely milliseconds) is rejected with a `RangeError`. Default: now.
   */
  timestamp?: Date | number;
}

/**
 * The three Standard Webhooks headers.
 *
 * @example
 * ```ts
 * const headers: WebhookSignatureHeaders = await signWebhook({ payload, secret });
 * await fetch(url, { method: 'POST', body: payload, headers: { ...headers, 'content-type': 'application/json' } });
 * ```
 */
// A type alias, not an interface, so that it is assignable to a plain header record.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
export type WebhookSignatureHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

function payloadId(payload: WebhookPayload): string | undefined {
  try {
    const parsed: unknown = JSON.parse(typeof payload === 'string' ? payload : decoder.decode(payload));
    return isRecord(parsed) && typeof parsed.id === 'string' && parsed.id !== '' ? parsed.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signs a payload as the service does, so you can test your own receiver without the mock.
 *
 * @throws `RangeError` when `timestamp` is not a valid `Date` or a number of unix seconds
 * (a number above 1e11 is taken for milliseconds by mistake).
 * @throws `TypeError` when the options are not an object or hold an unknown key (`timeStamp`),
 * or `secret` is missing, not a string or malformed (an unset environment variable gives `undefined`).
 * @example
 * ```ts
 * const payload = JSON.stringify({ id, type: 'call.started', timestamp, tenantId, data });
 * const headers = await signWebhook({ payload, secret });
 * const response = await app.request('/webhooks', { method: 'POST', body: payload, headers });
 * ```
 */
export async function signWebhook(options: SignWebhookOptions): Promise<WebhookSignatureHeaders> {
  checkOptions(options, SIGN_OPTION_NAMES, 'signWebhook');
  const at = options.timestamp ?? new Date();
  const seconds = at instanceof Date ? at.getTime() / 1000 : at;
  // Also false for NaN (an invalid Date), and for milliseconds: 1e11 seconds is the year 5138, 1e11 ms 1973.
  if (!(seconds >= 0 && seconds <= 1e11)) {
    throw new RangeError(`signWebhook: timestamp must be a Date or unix seconds (not milliseconds), got ${String(at)}`);
  }
  const timestamp = Math.floor(seconds);
  const id = options.id ?? payloadId(options.payload) ?? uuidv4();
  const signature = await configurationErrors('signWebhook', () =>
    signWebhookPayload({ id, timestamp, payload: options.payload, secret: options.secret }),
  );
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signature,
  };
}
