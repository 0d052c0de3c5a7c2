import { WebhookVerificationError } from './errors.js';

/**
 * The Standard Webhooks headers.
 *
 * @example
 * ```ts
 * request.headers.get(WEBHOOK_HEADERS.signature);
 * ```
 */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/**
 * Verifiers accept timestamps this many seconds away from now, either way, by default.
 *
 * @example
 * ```ts
 * await verifyWebhookSignature({ payload, headers, secret, toleranceSeconds: DEFAULT_TOLERANCE_SECONDS * 2 });
 * ```
 */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';
const encoder = new TextEncoder();

/**
 * A raw webhook body: the exact string or bytes that were sent, never re-serialised JSON.
 *
 * @example
 * ```ts
 * const payload: WebhookPayload = await request.text();
 * ```
 */
export type WebhookPayload = string | Uint8Array;

/**
 * Webhook request headers: a `Headers` object or a plain record (as Node's `req.headers`).
 *
 * @example
 * ```ts
 * const headers: WebhookHeaders = { 'webhook-id': id, 'webhook-timestamp': ts, 'webhook-signature': sig };
 * ```
 */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (!bytes || bytes.length === 0) {
    throw new WebhookVerificationError('invalid_secret', 'The webhook secret must be "whsec_" followed by base64.');
  }
  return new Uint8Array(bytes);
}

/**
 * The secrets as a list, or a `TypeError` that names the option. `undefined` is what
 * `process.env.SECRET!` gives when the variable is unset; unchecked, it failed deep inside as
 * "secrets is not iterable". Checked before the headers: a configuration error must surface on
 * every delivery, not hide behind a malformed one.
 */
function secretList(secret: unknown): readonly string[] {
  const list: unknown = typeof secret === 'string' ? [secret] : secret;
  if (Array.isArray(list) && list.length > 0 && list.every((item) => typeof item === 'string')) return list;
  const got = Array.isArray(secret)
    ? `[${secret.map((item) => typeof item).join(', ')}]`
    : secret === null
      ? 'null'
      : typeof secret;
  throw new TypeError(
    `The secret option must be a webhook secret ("whsec_…") or a non-empty array of them, got ${got}. Is its environment variable unset?`,
  );
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function signedContent(id: string, timestamp: number, payload: WebhookPayload): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const body = typeof payload === 'string' ? encoder.encode(payload) : payload;
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  return content;
}

/**
 * Generates a new webhook secret: `whsec_` and base64 of 32 random bytes.
 *
 * @example
 * ```ts
 * const secret = generateWebhookSecret(); // 'whsec_…'
 * ```
 */
export function generateWebhookSecret(byteLength = 32): string {
  if (!Number.isInteger(byteLength) || byteLength < 24 || byteLength > 64) {
    throw new RangeError('A webhook secret has 24 to 64 random bytes.');
  }
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/**
 * Options of {@link signWebhookPayload}.
 *
 * @example
 * ```ts
 * const options: SignWebhookOptions = { id, timestamp: 1614265330, payload: '{}', secret };
 * ```
 */
export interface SignWebhookOptions {
  /** The message id: the event id, the same on every attempt. */
  id: string;
  /** Unix seconds of the attempt. */
  timestamp: number;
  payload: WebhookPayload;
  /** One secret, or several during a rotation: one signature each, space-separated. */
  secret: string | readonly string[];
}

/**
 * Computes the `webhook-signature` header value: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * for each secret, space-separated.
 *
 * @throws `TypeError` when `secret` is not a string or a non-empty array of strings (an unset
 * environment variable gives `undefined`).
 * @throws {@link WebhookVerificationError} `invalid_secret` when a secret is not `whsec_` + base64.
 * @example
 * ```ts
 * const signature = await signWebhookPayload({ id: 'msg_1', timestamp: 1614265330, payload: '{"test": 2432232314}', secret });
 * ```
 */
export async function signWebhookPayload(options: SignWebhookOptions): Promise<string> {
  const secrets = secretList(options.secret);
  const content = signedContent(options.id, options.timestamp, options.payload);
  const signatures = await Promise.all(
    secrets.map(async (secret) => {
      const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), content);
      return `v1,${toBase64(new Uint8Array(mac))}`;
    }),
  );
  return signatures.join(' ');
}

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

/**
 * Options of {@link verifyWebhookSignature}.
 *
 * @example
 * ```ts
 * const options: VerifyWebhookSignatureOptions = { payload: rawBody, headers: req.headers, secret };
 * ```
 */
export interface VerifyWebhookSignatureOptions {
  /** The raw body, exactly as received. */
  payload: WebhookPayload;
  headers: WebhookHeaders;
  /** The endpoint's secret, or several while the receiver rotates: any one may match. */
  secret: string | readonly string[];
  /** Seconds a timestamp may be away from `now`, either way. Default 300. */
  toleranceSeconds?: number;
  /** The current time, for tests. Default: the system clock. */
  now?: Date | number;
}

/**
 * The verified headers of a webhook.
 *
 * @example
 * ```ts
 * const { id } = await verifyWebhookSignature(options); // de-duplicate by id
 * ```
 */
export interface VerifiedWebhook {
  id: string;
  timestamp: number;
}

/**
 * Verifies a Standard Webhooks v1 signature and its timestamp. Comparison is constant-time
 * (Web Crypto's HMAC verify), several signatures and several secrets are accepted, and secrets
 * may come with or without the `whsec_` prefix.
 *
 * @throws {@link WebhookVerificationError} with the reason when the webhook cannot be trusted.
 * @throws `TypeError` when `secret` is not a string or a non-empty array of strings (an unset
 * environment variable gives `undefined`), whatever the request holds.
 * @example
 * ```ts
 * const { id } = await verifyWebhookSignature({ payload: await request.text(), headers: request.headers, secret });
 * ```
 */
export async function verifyWebhookSignature(options: VerifyWebhookSignatureOptions): Promise<VerifiedWebhook> {
  const secrets = secretList(options.secret);
  const id = readHeader(options.headers, WEBHOOK_HEADERS.id);
  const timestampText = readHeader(options.headers, WEBHOOK_HEADERS.timestamp);
  const signatureHeader = readHeader(options.headers, WEBHOOK_HEADERS.signature);
  if (!id || !timestampText || !signatureHeader) {
    const missing = [
      id ? undefined : WEBHOOK_HEADERS.id,
      timestampText ? undefined : WEBHOOK_HEADERS.timestamp,
      signatureHeader ? undefined : WEBHOOK_HEADERS.signature,
    ].filter(Boolean);
    throw new WebhookVerificationError('missing_header', `Missing webhook header: ${missing.join(', ')}.`);
  }
  if (!/^\d{1,12}$/.test(timestampText)) {
    throw new WebhookVerificationError('invalid_header', 'webhook-timestamp must be unix seconds.');
  }
  const timestamp = Number(timestampText);
  const now = Math.floor(Number(options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (now - timestamp > tolerance) {
    throw new WebhookVerificationError('timestamp_too_old', 'The webhook timestamp is too old.');
  }
  if (timestamp - now > tolerance) {
    throw new WebhookVerificationError('timestamp_too_new', 'The webhook timestamp is too far in the future.');
  }

  const candidates = signatureHeader
    .split(' ')
    .map((entry) => (entry.startsWith('v1,') ? fromBase64(entry.slice(3)) : undefined))
    .filter((bytes): bytes is Uint8Array => bytes?.length === 32);
  const content = signedContent(id, timestamp, options.payload);
  for (const secret of secrets) {
    const key = await hmacKey(secret, 'verify');
    for (const candidate of candidates) {
      if (await crypto.subtle.verify('HMAC', key, new Uint8Array(candidate), content)) return { id, timestamp };
    }
  }
  throw new WebhookVerificationError('invalid_signature', 'No webhook signature matches the secret.');
}
