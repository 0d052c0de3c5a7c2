/**
 * What `client.webhooks` loads on its first call: verifying and signing only. Importing these two
 * from here, not the whole of `webhook-signing.ts`, lets the app's bundler drop `isKnownEvent` and
 * the event catalogue it reads from the lazily loaded chunk.
 *
 * @internal
 */
export { signWebhook, verifyWebhook } from './webhook-signing.js';
