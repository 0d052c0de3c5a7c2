/**
 * Webhook verification and signing: Standard Webhooks v1 on Web Crypto, with no client and no
 * schema library inside, so a receiver (an edge function, say) loads only a few kilobytes.
 *
 * @example
 * ```ts
 * import { verifyWebhook, WebhookVerificationError } from '@commflow/sdk/webhooks';
 *
 * export default async function handler(request: Request) {
 *   try {
 *     const event = await verifyWebhook({ payload: await request.text(), headers: request.headers, secret: env.WEBHOOK_SECRET });
 *     if (event.type === 'call.started') console.log(event.data.callId);
 *     return new Response(null, { status: 204 });
 *   } catch (err) {
 *     if (err instanceof WebhookVerificationError) return new Response(err.reason, { status: 400 });
 *     throw err;
 *   }
 * }
 * ```
 *
 * @module
 */
export {
  isKnownEvent,
  signWebhook,
  verifyWebhook,
  WEBHOOK_HEADERS,
  WebhookVerificationError,
  type EventType,
  type SignWebhookOptions,
  type UnknownWebhookEvent,
  type VerifiedWebhookEvent,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookHeaders,
  type WebhookPayload,
  type WebhookSignatureHeaders,
  type WebhookVerificationReason,
} from './internal/webhook-signing.js';
