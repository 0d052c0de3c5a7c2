/**
 * The parts of the SDK that load on first use, in the default build: the request core and the
 * request half of the registry (the first call) and webhook signing (the first
 * `client.webhooks.verify()`/`sign()`). Each is a dynamic import, so a process that imports
 * `{ CommFlow }` parses only the client (Node: about half the import time, docs/decisions.md "SDK
 * bundle"). The English messages of invalid arguments, which the request core itself loads, have
 * a loader of their own (`deferred-messages.ts`): here, the request core would import the module
 * that loads it.
 *
 * The build for bundlers (the `browser` export condition, `dist/browser/`) swaps this module for
 * `deferred.browser.ts`, which imports the same parts statically: an app's bundler then ships one
 * graph, without the wrapper code and the separately compressed chunks that dynamic imports cost
 * (docs/decisions.md, "One graph for bundlers").
 *
 * @module
 */

/** The request core and the registry's request half. */
export const loadEngine = () => import('./engine.js');
/** `verifyWebhook` and `signWebhook`, for `client.webhooks`. */
export const loadWebhookCalls = () => import('../internal/webhook-calls.js');
