/**
 * `deferred.ts` for the bundlers' build (`dist/browser/`, the `browser` export condition): the
 * same parts, imported statically, so an app's bundle is one graph (see `deferred.ts`). The
 * loaders keep their promise-returning shape and are typed as `deferred.ts`'s, so the client's
 * code is the same in both builds. Each resolves to an object of the part's exports rather than
 * its module namespace, which a bundler would have to build at run time.
 *
 * @module
 */
import type * as deferred from './deferred.js';
import { execute, operations } from './engine.js';
import { signWebhook, verifyWebhook } from '../internal/webhook-calls.js';

/** The request core and the registry's request half. */
export const loadEngine: typeof deferred.loadEngine = () => Promise.resolve({ execute, operations });
/** `verifyWebhook` and `signWebhook`, for `client.webhooks`. */
export const loadWebhookCalls: typeof deferred.loadWebhookCalls = () => Promise.resolve({ signWebhook, verifyWebhook });
