/**
 * `deferred-messages.ts` for the bundlers' build (`dist/browser/`): the messages imported
 * statically, behind the same promise-returning loader, typed as the default build's (see
 * `deferred.browser.ts`).
 *
 * @module
 */
import type * as deferred from './deferred-messages.js';
import { englishMessage } from './messages.js';

/** The English messages of invalid arguments. */
export const loadMessages: typeof deferred.loadMessages = () => Promise.resolve({ englishMessage });
