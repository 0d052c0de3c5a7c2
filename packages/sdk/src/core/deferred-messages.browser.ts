/**
 * `deferred-messages.ts` for the bundlers' build (`dist/browser/`): the messages imported
 * statically, behind the same promise-returning loader (see `deferred.ts`).
 *
 * @module
 */
import * as messages from './messages.js';

/** The English messages of invalid arguments. */
export const loadMessages = () => Promise.resolve(messages);
