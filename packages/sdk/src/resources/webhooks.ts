import { APIResource } from '../core/resource.js';
import { loadWebhookCalls } from '../core/deferred.js';
import type {
  SignWebhookOptions,
  VerifiedWebhookEvent,
  VerifyWebhookOptions,
  WebhookSignatureHeaders,
} from '../internal/webhook-signing.js';

/**
 * The signing code, loaded when a client first verifies or signs: an app that imports
 * `{ CommFlow }` and never touches webhooks does not bundle or load it.
 */
const webhooks = loadWebhookCalls;

/**
 * `client.webhooks`: the functions of `@commflow/sdk/webhooks`, reachable from a client.
 *
 * @example
 * ```ts
 * const event = await client.webhooks.verify({ payload: await request.text(), headers: request.headers, secret });
 * ```
 */
export class Webhooks extends APIResource {
  /**
   * Verifies a webhook and returns its event: see {@link verifyWebhook}.
   *
   * @example
   * ```ts
   * const event = await client.webhooks.verify({ payload: rawBody, headers: req.headers, secret: [newSecret, oldSecret] });
   * ```
   */
  verify(options: VerifyWebhookOptions): Promise<VerifiedWebhookEvent> {
    return webhooks().then((module) => module.verifyWebhook(options));
  }

  /**
   * Signs a payload as the service does: see {@link signWebhook}.
   *
   * @example
   * ```ts
   * const headers = await client.webhooks.sign({ payload, secret });
   * ```
   */
  sign(options: SignWebhookOptions): Promise<WebhookSignatureHeaders> {
    return webhooks().then((module) => module.signWebhook(options));
  }
}
