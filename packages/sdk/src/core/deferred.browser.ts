/**
 * `deferred.ts` for the bundlers' build (`dist/browser/`, the `browser` export condition): the
 * same parts, imported statically, so an app's bundle is one graph (see `deferred.ts`). The
 * loaders keep their promise-returning shape, so the client's code is the same in both builds.
 *
 * @module
 */
import * as engine from './engine.js';
import * as webhookCalls from '../internal/webhook-calls.js';

/** The request core and the registry's request half. */
export const loadEngine = () => Promise.resolve(engine);
/** `verifyWebhook` and `signWebhook`, for `client.webhooks`. */
export const loadWebhookCalls = () => Promise.resolve(webhookCalls);
