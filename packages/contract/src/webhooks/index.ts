/**
 * Standard Webhooks v1 signing and verification on Web Crypto, shared by the SDK and the mock.
 * This entry loads no schema library, so a webhook receiver stays small.
 *
 * @module
 */
export * from './errors.js';
export * from './signing.js';
export { EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from '../event-types.js';
