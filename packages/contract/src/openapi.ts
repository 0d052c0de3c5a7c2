import * as z from 'zod/mini';
import { ERROR_CATALOGUE, type ErrorCode } from './errors.js';
import { EVENT_TYPES } from './event-types.js';
import { HEADER_BY_CODE, HEADERS, type HeaderCode } from './headers.js';
import { OPERATION_LIST, isAssumed, type OperationDefinition } from './operations.js';
import { OPENAPI_PATH } from './paths.js';
import { ErrorEnvelope, successEnvelope } from './schemas/envelope.js';
import { EVENT_SCHEMAS } from './schemas/events.js';
import { HEADER_SCHEMAS } from './schemas/headers.js';

/**
 * The version of the interface the document describes.
 *
 * @example
 * ```ts
 * createOpenApiDocument().info.version === API_VERSION; // true
 * ```
 */
export const API_VERSION = '1.1.0';

type JsonSchema = Record<string, unknown>;

/**
 * An OpenAPI 3.1 document, as plain JSON.
 *
 * @example
 * ```ts
 * const doc: OpenApiDocument = createOpenApiDocument();
 * doc.info.version; // '1.1.0'
 * ```
 */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  [extension: `x-${string}`]: unknown;
}

const DEFS = '#/components/schemas/';

/**
 * Converts a zod schema to OpenAPI 3.1 JSON Schema, moving every `.meta({ id })` schema into
 * `components.schemas` and referencing it.
 */
function toSchema(schema: z.ZodMiniType, io: 'input' | 'output', components: Record<string, unknown>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
  }) as JsonSchema & { $defs?: Record<string, unknown> };
  // zod names local definitions `#/$defs/X`; OpenAPI keeps them in `components.schemas`.
  const relinked = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${DEFS}`)) as typeof json;
  const { $schema: _dialect, $defs, ...rest } = relinked;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] = def;
  return rest;
}

function withoutDescription({ description: _description, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

function headerParameter(code: HeaderCode, components: Record<string, unknown>) {
  const required = code === 'T' || code === 'U';
  return {
    name: HEADER_BY_CODE[code],
    in: 'header',
    required,
    description: z.globalRegistry.get(HEADER_SCHEMAS[code])?.description,
    schema: withoutDescription(toSchema(HEADER_SCHEMAS[code], 'input', components)),
  };
}

function objectFields(schema: z.ZodMiniType, io: 'output', components: Record<string, unknown>) {
  const json = toSchema(schema, io, components) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    property,
    required: json.required?.includes(name) ?? false,
  }));
}

function parameters(op: OperationDefinition, components: Record<string, unknown>) {
  const params: Record<string, unknown>[] = op.headers.map((code) => headerParameter(code, components));
  if (op.pathParams) {
    for (const { name, property } of objectFields(op.pathParams, 'output', components)) {
      const { description, ...schema } = property;
      params.push({ name, in: 'path', required: true, description, schema });
    }
  }
  if (op.query) {
    for (const { name, property, required } of objectFields(op.query, 'output', components)) {
      const { description, ...schema } = property;
      const assumed = isAssumed(op, `query.${name}`);
      params.push({ name, in: 'query', required, description, schema, ...(assumed ? { 'x-assumed': true } : {}) });
    }
  }
  return params;
}

const stringHeader = (description: string) => ({ description, schema: { type: 'string' } });

const SUCCESS_HEADERS = {
  [HEADERS.requestId]: stringHeader('The request id: the client’s X-Request-Id, or a generated one.'),
  [HEADERS.rateLimitLimit]: stringHeader('Requests allowed in the current window.'),
  [HEADERS.rateLimitRemaining]: stringHeader('Requests left in the current window.'),
  [HEADERS.rateLimitReset]: stringHeader('Seconds until the window resets (a delta, never a date).'),
};

const ERROR_HEADERS = {
  [HEADERS.requestId]: SUCCESS_HEADERS[HEADERS.requestId],
  [HEADERS.retryAfter]: { ...stringHeader('Seconds to wait before retrying; on 429.'), 'x-assumed': true },
};

/** Statuses the service spec itself lists for every operation; the rest come from decisions.md. */
const SPEC_ERROR_STATUSES = new Set([400, 401, 403, 404, 409, 429]);

function errorResponses() {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE) as [ErrorCode, (typeof ERROR_CATALOGUE)[ErrorCode]][]) {
    byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[`Error${status}`] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].meaning}`).join('\n\n'),
      headers: ERROR_HEADERS,
      content: { 'application/json': { schema: { $ref: `${DEFS}Error` } } },
      'x-error-codes': codes,
      ...(SPEC_ERROR_STATUSES.has(status) ? {} : { 'x-assumed': true }),
    };
  }
  return responses;
}

function operationObject(op: OperationDefinition, components: Record<string, unknown>, errorStatuses: string[]) {
  const assumed = (element: OperationDefinition['assumed'][number]) => isAssumed(op, element);
  const envelope = toSchema(successEnvelope(op.response, op.pagination !== 'none'), 'output', components);
  const responses: Record<string, unknown> = {};
  for (const status of op.successStatus) {
    responses[String(status)] = {
      description: op.successStatus.length > 1 ? (status === 201 ? 'Created.' : 'Existed already.') : 'Success.',
      headers: SUCCESS_HEADERS,
      content: { 'application/json': { schema: envelope } },
      ...(assumed('response') || assumed('successStatus') ? { 'x-assumed': true } : {}),
    };
  }
  for (const status of errorStatuses) responses[status] = { $ref: `#/components/responses/Error${status}` };

  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.id.split('.')[0]],
    parameters: parameters(op, components),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(op.body, 'input', components) } },
            ...(assumed('body') ? { 'x-assumed': true } : {}),
          },
        }
      : {}),
    responses,
    'x-permission': op.gating.permission,
    'x-module': op.gating.module,
    'x-capability': op.gating.capability,
    'x-events': op.events,
    'x-pagination': op.pagination,
    'x-user-scoped': op.headers.includes('U'),
    ...(assumed('operationId') || assumed('gating') ? { 'x-assumed': true } : {}),
    ...(op.assumed.length > 0 ? { 'x-assumed-elements': op.assumed } : {}),
  };
}

/**
 * Generates the OpenAPI 3.1 document from the operation registry and the schemas. Elements that
 * `decisions.md` decided carry `x-assumed: true`.
 *
 * @example
 * ```ts
 * const doc = createOpenApiDocument();
 * Object.keys(doc.paths).length; // 16 paths, 22 operations
 * ```
 */
export function createOpenApiDocument(): OpenApiDocument {
  const schemas: Record<string, unknown> = {};
  const responses = errorResponses();
  const errorStatuses = Object.keys(responses).map((name) => name.slice('Error'.length));
  toSchema(ErrorEnvelope, 'output', schemas);

  const paths: OpenApiDocument['paths'] = {
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openapi',
        summary: 'This document. Needs no key and no tenant.',
        security: [],
        responses: {
          '200': {
            description: 'The OpenAPI document.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  };
  for (const op of OPERATION_LIST) {
    const item = (paths[op.path] ??= {});
    item[op.method.toLowerCase()] = operationObject(op, schemas, errorStatuses);
  }

  const webhooks: Record<string, unknown> = {};
  for (const [type, schema] of Object.entries(EVENT_SCHEMAS)) {
    webhooks[type] = {
      post: {
        summary: EVENT_TYPES[type as keyof typeof EVENT_TYPES].description,
        description: `Emitted by ${EVENT_TYPES[type as keyof typeof EVENT_TYPES].emittedBy}. Signed with Standard Webhooks v1 (webhook-id, webhook-timestamp, webhook-signature).`,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: toSchema(schema, 'output', schemas) } },
        },
        responses: { '200': { description: 'Any 2xx within 15 s acknowledges the delivery.' } },
        'x-assumed': true,
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'CommFlow API',
      version: API_VERSION,
      description:
        'Tenant-scoped HTTP/JSON API for CRM and automation clients. Elements marked `x-assumed: true` were decided by this project where the service specification is silent.',
    },
    servers: [{ url: '{baseUrl}', variables: { baseUrl: { default: 'http://127.0.0.1:4010' } } }],
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: [...new Set(OPERATION_LIST.map((op) => op.id.split('.')[0]))].map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey, description: 'A `cf_` or `cfa_` API key.' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a Bearer token.' },
      },
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses,
    },
  } as OpenApiDocument;
}
