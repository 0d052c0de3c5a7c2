/**
 * The English messages of invalid arguments, loaded by the request core on the first invalid
 * call (a dynamic import in the default build; see `deferred.ts`). A loader of its own, not one
 * of `deferred.ts`: that module loads the request core, which would then import its own loader.
 * The bundlers' build swaps it for `deferred-messages.browser.ts`, a static import.
 *
 * @module
 */

/** The English messages of invalid arguments. */
export const loadMessages = () => import('./messages.js');
