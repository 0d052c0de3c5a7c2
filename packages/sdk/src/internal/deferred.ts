/**
 * The parts of the SDK that load on first use, in the default build: the request core and the
 * request half of the registry (the first call), the English messages of invalid arguments (the
 * first invalid call) and webhook signing (the first `client.webhooks.verify()`/`sign()`). Each
 * is a dynamic import, so a process that imports `{ CommFlow }` parses only the client (Node:
 * about half the import time, docs/decisions.md "SDK bundle").
 *
 * The build for bundlers (the `browser` export condition, `dist/browser/`) swaps this module for
 * `deferred.browser.ts`, which imports the same parts statically: an app's bundler then ships one
 * graph, without the wrapper code and the separately compressed chunks that dynamic imports cost
 * (docs/decisions.md, "One graph for bundlers").
 *
 * @module
 */

/** The request core and the registry's request half. */
export const loadEngine = () => import('../core/engine.js');
/** The English messages of invalid arguments. */
export const loadMessages = () => import('../core/messages.js');
/** `verifyWebhook` and `signWebhook`, for `client.webhooks`. */
export const loadWebhookCalls = () => import('./webhook-calls.js');
