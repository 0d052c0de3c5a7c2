import * as z from 'zod/mini';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from './event-types.js';
import { HEADER_BY_CODE, HEADERS, type HeaderCode } from './headers.js';
import { OPERATION_LIST, isAssumed, type OperationDefinition } from './operations.js';
import { OPENAPI_PATH } from './paths.js';
import { successEnvelope } from './schemas/envelope.js';
import { EVENT_SCHEMAS } from './schemas/events.js';
import { HEADER_SCHEMAS } from './schemas/headers.js';
import { OPENAPI_DOCUMENT_SCHEMA } from './openapi/document-schema.js';
import { addErrorSchemas, errorEnvelope, operationErrorResponses } from './openapi/error-responses.js';
import { isJsonObject, ref, toSchema, withoutDescription } from './openapi/json-schema.js';
import { documentHeaders, documentMethodHeaders, successHeaders } from './openapi/response-headers.js';
import { TAG_DESCRIPTIONS } from './openapi/tags.js';
import { apiOverview } from './openapi/overview.js';
import { operationRules, stateCrossFieldRules } from './openapi/rules.js';
import { parameterExample, requestBodyExample, responseExample, responseLinks } from './openapi/operation-examples.js';

/**
 * The version of the interface the document describes.
 *
 * @example
 * ```ts
 * createOpenApiDocument().info.version === API_VERSION; // true
 * ```
 */
export const API_VERSION = '1.1.0';

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
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; variables?: Record<string, { default: string }> }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, unknown>;
  components: Record<string, Record<string, unknown>>;
  [extension: `x-${string}`]: unknown;
}

/**
 * A zod schema (zod or zod/mini) as this document writes every schema: OpenAPI 3.1 JSON Schema,
 * each `.meta({ id })` part moved into `components` and referenced, patterns that only repeat
 * their `format` dropped, `\d` written `[0-9]`. The mock's control document is written with it
 * too, so the two documents say a UUID or an email alike.
 *
 * @example
 * ```ts
 * const components: Record<string, unknown> = {};
 * toOpenApiSchema(IdInput, 'input', components); // { type: 'string', format: 'uuid' }
 * ```
 */
export function toOpenApiSchema(
  schema: z.core.$ZodType,
  io: 'input' | 'output',
  components: Record<string, unknown>,
  unrepresentable: 'throw' | 'any' = 'throw',
): Record<string, unknown> {
  return toSchema(schema, io, components, unrepresentable);
}

/** An operation's tag: the first segment of its id. */
const tagOf = (id: string) => id.split('.')[0] ?? id;

function headerParameter(op: OperationDefinition, code: HeaderCode, components: Record<string, unknown>) {
  const required = code === 'T' || code === 'U';
  return {
    name: HEADER_BY_CODE[code],
    in: 'header',
    required,
    description: z.globalRegistry.get(HEADER_SCHEMAS[code])?.description,
    schema: withoutDescription(toSchema(HEADER_SCHEMAS[code], 'input', components)),
    example: parameterExample(op, 'header', HEADER_BY_CODE[code], code),
  };
}

/** A parameter's `example`, when the operation's example gives the parameter a value. */
const exampleField = (value: unknown) => (value === undefined ? {} : { example: value });

function objectFields(schema: z.ZodMiniType, io: 'output', components: Record<string, unknown>) {
  const json = toSchema(schema, io, components);
  const required = Array.isArray(json.required) ? json.required : [];
  return Object.entries(isJsonObject(json.properties) ? json.properties : {}).map(([name, property]) => ({
    name,
    property: isJsonObject(property) ? property : {},
    required: required.includes(name),
  }));
}

function parameters(op: OperationDefinition, components: Record<string, unknown>) {
  const params: Record<string, unknown>[] = op.headers.map((code) => headerParameter(op, code, components));
  if (op.pathParams) {
    for (const { name, property } of objectFields(op.pathParams, 'output', components)) {
      const { description, ...schema } = property;
      params.push({
        name,
        in: 'path',
        required: true,
        description,
        schema,
        ...exampleField(parameterExample(op, 'path', name)),
      });
    }
  }
  if (op.query) {
    for (const { name, property, required } of objectFields(op.query, 'output', components)) {
      const { description, ...schema } = property;
      const assumed = isAssumed(op, `query.${name}`);
      params.push({
        name,
        in: 'query',
        required,
        description,
        schema,
        ...exampleField(parameterExample(op, 'query', name)),
        ...(assumed ? { 'x-assumed': true } : {}),
      });
    }
  }
  return params;
}

function operationObject(op: OperationDefinition, components: Record<string, unknown>) {
  const assumed = (element: OperationDefinition['assumed'][number]) => isAssumed(op, element);
  const envelope = toSchema(successEnvelope(op.response, op.pagination !== 'none'), 'output', components);
  const examples = { [op.id]: responseExample(op) };
  const links = responseLinks(op);
  const responses: Record<string, unknown> = {};
  for (const status of op.successStatus) {
    responses[String(status)] = {
      description: op.successStatus.length > 1 ? (status === 201 ? 'Created.' : 'Existed already.') : 'Success.',
      headers: successHeaders(op.headers.includes('I')),
      content: { 'application/json': { schema: envelope, examples } },
      ...(links === undefined ? {} : { links }),
      ...(assumed('response') || assumed('successStatus') ? { 'x-assumed': true } : {}),
    };
  }
  const bodyExample = requestBodyExample(op);
  Object.assign(responses, operationErrorResponses(op));
  const params = parameters(op, components);
  const rules = operationRules(
    op.id,
    params.map((parameter) => String(parameter.name)),
  );

  return {
    operationId: op.id,
    summary: op.summary,
    ...(rules.length > 0 ? { description: rules.join(' ') } : {}),
    tags: [tagOf(op.id)],
    parameters: params,
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toSchema(op.body, 'input', components),
                ...(bodyExample === undefined ? {} : { examples: { [op.id]: bodyExample } }),
              },
            },
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
  const schemas: Record<string, unknown> = { OpenApiDocument: OPENAPI_DOCUMENT_SCHEMA };
  addErrorSchemas(schemas);

  const paths: OpenApiDocument['paths'] = {
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openapi',
        summary: 'This document. Needs no key and no tenant.',
        tags: ['meta'],
        security: [],
        responses: {
          '200': {
            description: 'The OpenAPI document.',
            headers: documentHeaders,
            content: { 'application/json': { schema: ref('OpenApiDocument') } },
          },
          '400': {
            description:
              'The request is not valid HTTP (a control character in the request line or a header); `details` names each such part.',
            headers: documentHeaders,
            content: { 'application/json': { schema: errorEnvelope(['VALIDATION_ERROR']) } },
            'x-error-codes': ['VALIDATION_ERROR'],
            'x-assumed': true,
          },
          '405': {
            description:
              'Any other method on this path (TRACE included). Like the document, it needs no key: it is answered before any key check, with no RateLimit headers, and counts toward no limit.',
            headers: documentMethodHeaders,
            content: { 'application/json': { schema: errorEnvelope(['METHOD_NOT_ALLOWED']) } },
            'x-error-codes': ['METHOD_NOT_ALLOWED'],
            'x-assumed': true,
          },
        },
      },
    },
  };
  const parametersOf = new Map<string, Record<string, unknown>[]>();
  for (const op of OPERATION_LIST) {
    const item = (paths[op.path] ??= {});
    const operation = operationObject(op, schemas);
    item[op.method.toLowerCase()] = operation;
    parametersOf.set(op.id, operation.parameters);
  }

  stateCrossFieldRules(schemas, (id) => parametersOf.get(id) ?? []);

  const webhooks: Record<string, unknown> = {};
  for (const type of EVENT_TYPE_NAMES) {
    const schema = EVENT_SCHEMAS[type];
    webhooks[type] = {
      post: {
        operationId: `webhook.${type}`,
        summary: EVENT_TYPES[type].description,
        description: `Emitted by ${EVENT_TYPES[type].emittedBy}. Signed with Standard Webhooks v1 (webhook-id, webhook-timestamp, webhook-signature).`,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: toSchema(schema, 'output', schemas) } },
        },
        responses: { '200': { description: 'Any 2xx within 15 s acknowledges the delivery.' } },
        // A receiver checks the signature, not an API key.
        security: [],
        'x-assumed': true,
      },
    };
  }

  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'CommFlow API',
      version: API_VERSION,
      description: apiOverview(),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '{baseUrl}', variables: { baseUrl: { default: 'http://127.0.0.1:4010' } } }],
    security: [{ apiKey: [] }, { bearer: [] }],
    tags: [...new Set([...OPERATION_LIST.map((op) => tagOf(op.id)), 'meta'])].map((name) => {
      const description = TAG_DESCRIPTIONS[name];
      if (description === undefined) throw new Error(`Tag "${name}" has no description in openapi/tags.ts.`);
      return { name, description };
    }),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey, description: 'A `cf_` or `cfa_` API key.' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `The same API key as a Bearer token. Sent together with \`${HEADERS.apiKey}\`, it must be the same key: two different keys are 401 \`UNAUTHENTICATED\`.`,
        },
      },
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
  return document;
}
