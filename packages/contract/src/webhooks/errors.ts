/**
 * Why a webhook failed verification.
 *
 * - `missing_header`: `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent.
 * - `invalid_header`: a header is present but malformed (a timestamp that is not unix seconds).
 * - `invalid_signature`: no signature matches any of the secrets.
 * - `timestamp_too_old` / `timestamp_too_new`: outside the tolerance window.
 * - `invalid_payload`: the signature holds, but the body is not an event.
 * - `invalid_secret`: a secret is not `whsec_` + base64 (or bare base64).
 *
 * @example
 * ```ts
 * const reason: WebhookVerificationReason = 'timestamp_too_old';
 * ```
 */
export type WebhookVerificationReason =
  | 'missing_header'
  | 'invalid_header'
  | 'invalid_signature'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_payload'
  | 'invalid_secret';

/**
 * Thrown when a webhook cannot be trusted. `reason` says why; never retry such a request.
 *
 * @example
 * ```ts
 * try {
 *   await verifyWebhookSignature({ payload, headers, secret });
 * } catch (err) {
 *   if (err instanceof WebhookVerificationError) return new Response(err.reason, { status: 400 });
 *   throw err;
 * }
 * ```
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
  }
}
