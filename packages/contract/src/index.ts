/**
 * The CommFlow API contract: the single source of truth that the SDK, the mock server, the
 * OpenAPI document and the docs derive from.
 *
 * @module
 */
export * from './errors.js';
export * from './event-types.js';
export * from './headers.js';
export * from './operation-errors.js';
export * from './operation-requests.js';
export * from './operations.js';
export * from './openapi.js';
export * from './paths.js';
export * from './retry-safety.js';
export * from './schemas/ai.js';
export * from './schemas/calendar.js';
export * from './schemas/chat.js';
export * from './schemas/contacts.js';
export * from './schemas/envelope.js';
export * from './schemas/events.js';
export * from './schemas/fax.js';
export * from './schemas/files.js';
export * from './schemas/headers.js';
export * from './schemas/pagination.js';
export * from './schemas/presence.js';
export * from './schemas/pricing.js';
export * from './schemas/primitives.js';
export * from './schemas/sms.js';
export * from './schemas/users.js';
export * from './schemas/voice.js';
export * from './validation.js';
export * from './validation-issues.js';
export * from './webhooks/index.js';
