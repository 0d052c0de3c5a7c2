import type { JsonSchema } from './json-schema.js';

/** An object whose members are left open: `unknown` values in generated types, never `never`. */
const openObject = (description: string): JsonSchema => ({ type: 'object', description, additionalProperties: true });
const map = (description: string): JsonSchema => ({
  ...openObject(description),
  additionalProperties: openObject(description),
});
const string: JsonSchema = { type: 'string' };

/**
 * The schema of the OpenAPI document as `GET /api/v1/openapi.json` serves it: the members a
 * generator reads first, typed; the rest open, since the OpenAPI 3.1 meta-schema describes them.
 */
export const OPENAPI_DOCUMENT_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).',
  properties: {
    openapi: { type: 'string', pattern: '^3\\.1\\.[0-9]+$' },
    info: {
      type: 'object',
      properties: {
        title: string,
        version: string,
        description: string,
        license: { type: 'object', properties: { name: string, identifier: string }, required: ['name'] },
      },
      required: ['title', 'version'],
    },
    servers: { type: 'array', items: { type: 'object', properties: { url: string }, required: ['url'] } },
    security: {
      type: 'array',
      items: { type: 'object', additionalProperties: { type: 'array', items: string } },
    },
    tags: {
      type: 'array',
      items: { type: 'object', properties: { name: string, description: string }, required: ['name'] },
    },
    paths: map('Path items by path; operations by method.'),
    webhooks: map('Webhook path items by event type.'),
    components: map('Reusable schemas, responses and security schemes, by kind then name.'),
  },
  required: ['openapi', 'info', 'paths'],
};
