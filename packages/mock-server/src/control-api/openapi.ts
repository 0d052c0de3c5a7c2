/**
 * The OpenAPI 3.1 document of the control surface, made from the route table alone: served at
 * `GET /__mock/openapi.json`, committed as `packages/mock-server/control-openapi.json`, linted
 * by Redocly and rendered on the docs site beside the service's reference.
 */
import { HEADERS, ListMeta, ResponseMeta, toOpenApiSchema } from '@commflow/contract';
import * as z from 'zod';
import {
  CONTROL_ERRORS,
  CONTROL_TAGS,
  JSON_TYPE_REQUIRED,
  type ControlErrorCode,
  type ControlRouteSpec,
} from './route.js';
import { CONTROL_EXAMPLES } from './examples.js';
import { CONTROL_LINKS } from './links.js';
import { CONTROL_ROUTE_LIST, CONTROL_ROUTES, type ControlRouteId } from './table.js';

/**
 * The version of the control surface's interface the document describes.
 *
 * @example
 * ```ts
 * controlOpenApiDocument().info; // { version: CONTROL_API_VERSION, … }
 * ```
 */
export const CONTROL_API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;

/** Whether a JSON value is an object whose members can be read by name. */
const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;
const DEFS = '#/components/schemas/';

/** `schema` as the service's document writes schemas; a type JSON Schema cannot say is left open. */
const toSchema = (schema: z.core.$ZodType, io: 'input' | 'output', components: Record<string, unknown>): JsonSchema =>
  toOpenApiSchema(schema, io, components, 'any');

/**
 * The errors a route can answer: its own, and those its inputs and the surface's checks bring.
 *
 * @example
 * ```ts
 * routeErrors(CONTROL_ROUTES['tenants.get']).includes('NOT_FOUND'); // true
 * ```
 */
export function routeErrors(route: ControlRouteSpec): ControlErrorCode[] {
  const codes = new Set<ControlErrorCode>(['CONTROL_TOKEN_REQUIRED', 'HOST_NOT_ALLOWED', 'CROSS_ORIGIN_REFUSED']);
  // Every route refuses a query parameter or a body it does not take.
  codes.add('VALIDATION_ERROR');
  if (route.method !== 'GET') {
    codes.add('INVALID_JSON');
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  for (const code of route.errors ?? []) codes.add(code);
  return Object.keys(CONTROL_ERRORS)
    .filter((code): code is ControlErrorCode => code in CONTROL_ERRORS)
    .filter((code) => codes.has(code));
}

const requestIdHeader = { [HEADERS.requestId]: { $ref: '#/components/headers/RequestId' } };

/** A route's example input, as plain values by part. */
const exampleOf = (
  id: ControlRouteId,
): { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } => CONTROL_EXAMPLES[id];

function parameters(route: ControlRouteSpec & { id: ControlRouteId }, components: Record<string, unknown>) {
  const list: JsonSchema[] = [];
  const example = exampleOf(route.id);
  for (const [where, schema, values] of [
    ['path', route.params, example.params],
    ['query', route.query, example.query],
  ] as const) {
    if (schema === undefined) continue;
    const json = toSchema(schema, 'input', components);
    const required = Array.isArray(json.required) ? json.required : [];
    for (const [name, property] of Object.entries(isObject(json.properties) ? json.properties : {})) {
      const { description, ...rest } = isObject(property) ? property : {};
      list.push({
        name,
        in: where,
        required: where === 'path' || required.includes(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
        ...(values?.[name] === undefined ? {} : { example: values[name] }),
      });
    }
  }
  return list;
}

function success(route: ControlRouteSpec, components: Record<string, unknown>): JsonSchema {
  const answer = route.answer ?? 'envelope';
  if (answer === 'html') return { 'text/html': { schema: { type: 'string' } } };
  if (answer === 'event-stream') {
    return {
      'text/event-stream': {
        schema: { type: 'string', description: 'Server-sent events; each `data:` line is a JournalSummary as JSON.' },
      },
    };
  }
  if (answer === 'json') return { 'application/json': { schema: toSchema(route.output, 'output', components) } };
  const envelope = z.object({
    success: z.literal(true),
    data: route.output,
    meta: route.paged === true ? ListMeta : ResponseMeta,
  });
  return { 'application/json': { schema: toSchema(envelope, 'output', components) } };
}

const pascal = (code: string) =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** A route's error answers, by status: shared components, one per set of codes. */
function errorResponses(route: ControlRouteSpec, shared: Record<string, unknown>): Record<string, unknown> {
  const byStatus = new Map<number, ControlErrorCode[]>();
  for (const code of routeErrors(route)) {
    const { status } = CONTROL_ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const name = codes.map(pascal).join('Or');
    shared[name] ??= {
      description: codes.map((code) => `\`${code}\`: ${CONTROL_ERRORS[code].meaning}`).join(' '),
      headers: { [HEADERS.requestId]: { $ref: '#/components/headers/RequestId' } },
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: `${DEFS}ControlError` }],
            properties: { error: { properties: { code: { enum: codes } } } },
          },
        },
      },
    };
    responses[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  return responses;
}

/**
 * A route's body. A state-changing route (POST, PUT, PATCH) needs the JSON type even when it takes
 * no body, so one that takes none is described as `{}`, which it treats as no body: a generator
 * then sends the type, and a reader sees the requirement where the body would be.
 */
function requestBody(
  route: ControlRouteSpec & { id: ControlRouteId },
  components: Record<string, unknown>,
): JsonSchema {
  const body = route.body;
  if (body === undefined) {
    if (route.method === 'GET' || route.method === 'DELETE') return {};
    return {
      requestBody: {
        required: true,
        description: `None: \`{}\` or an empty body. ${JSON_TYPE_REQUIRED}`,
        content: { 'application/json': { schema: { type: 'object', maxProperties: 0 }, example: {} } },
      },
    };
  }
  return {
    requestBody: {
      required: !body.safeParse(undefined).success,
      ...(route.method === 'DELETE' ? {} : { description: JSON_TYPE_REQUIRED }),
      content: {
        'application/json': {
          schema: toSchema(body, 'input', components),
          ...('body' in exampleOf(route.id) ? { examples: { [route.id]: { value: exampleOf(route.id).body } } } : {}),
        },
      },
    },
  };
}

/** The links of a route's success answer, from `links.ts`, each checked against the routes it names. */
function responseLinks(route: ControlRouteSpec & { id: ControlRouteId }): JsonSchema {
  const links = CONTROL_LINKS.filter((link) => link.from === route.id);
  if (links.length === 0) return {};
  const entries = links.map((link) => {
    const target: ControlRouteSpec = CONTROL_ROUTES[link.to];
    for (const key of Object.keys(link.parameters ?? {})) {
      const [where, name = ''] = key.split('.');
      const schema = where === 'path' ? target.params : where === 'query' ? target.query : undefined;
      if (!(schema instanceof z.ZodObject) || !(name in schema.shape)) {
        throw new Error(`The link ${link.from} -> ${link.to} names ${key}, which ${link.to} does not take.`);
      }
    }
    return [
      link.to,
      {
        operationId: link.to,
        description: link.description,
        ...(link.parameters === undefined ? {} : { parameters: link.parameters }),
      },
    ];
  });
  return { links: Object.fromEntries(entries) };
}

function operation(
  route: ControlRouteSpec & { id: ControlRouteId },
  components: Record<string, unknown>,
  shared: Record<string, unknown>,
) {
  const params = parameters(route, components);
  return {
    operationId: route.id,
    summary: route.summary.charAt(0).toUpperCase() + route.summary.slice(1),
    ...(route.description === undefined ? {} : { description: route.description }),
    tags: [route.tag],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...requestBody(route, components),
    responses: {
      [String(route.status)]: {
        description: route.status === 201 ? 'Created.' : route.status === 202 ? 'Accepted.' : 'Success.',
        ...((route.answer ?? 'envelope') === 'envelope' ? { headers: requestIdHeader } : {}),
        content: success(route, components),
        ...responseLinks(route),
      },
      ...errorResponses(route, shared),
    },
  };
}

const OVERVIEW = [
  'The control surface of `@commflow/mock-server` under `/__mock`: what a test or a person uses to set up and inspect the mock. It is not part of the CommFlow service.',
  '',
  'Every JSON answer is the service’s envelope: `{ "success": true, "data": …, "meta": { "requestId", "timestamp" } }`, or `{ "success": false, "error": { "code", "message", "details"? }, "meta": … }`.',
  '',
  'One set of input rules holds on every route: a path, query parameter or body the route does not take is refused (400, nothing changed; an empty JSON object counts as no body); a malformed id is 400 and an unknown one 404; a tenant named in a body must exist; `since`/`until` take a date or a date-time; an unknown operation id or event type is a 400 naming the closest known ones. A method a path lacks is 405 with an `Allow` header; a path no route has is 404.',
  '',
  'A server on the network answers only loopback hosts and those given with `--allowed-host`; with `--control-token`, every request carries `Authorization: Bearer <token>`. Every POST, PUT and PATCH is sent with `Content-Type: application/json`, even with no body, and so is a DELETE with one: without it the answer is 415. That keeps a page on another site from driving the mock with a simple cross-site request.',
].join('\n');

let cached: JsonSchema | undefined;

/**
 * The control surface's OpenAPI 3.1 document, from the route table (made once, then shared).
 *
 * @example
 * ```ts
 * const doc = controlOpenApiDocument();
 * Object.keys(doc.paths as object).includes('/__mock/tenants'); // true
 * ```
 */
export function controlOpenApiDocument(): JsonSchema {
  if (cached !== undefined) return cached;
  const components: Record<string, unknown> = {};
  const responses: Record<string, unknown> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of CONTROL_ROUTE_LIST) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, components, responses);
  }
  components.ControlError = toSchema(
    z.object({
      success: z.literal(false),
      error: z.object({
        code: z.string(),
        message: z.string(),
        details: z.unknown().optional().meta({ description: 'For VALIDATION_ERROR, `[{ path, message }]`.' }),
      }),
      meta: ResponseMeta,
    }),
    'output',
    components,
  );
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'CommFlow mock control surface',
      version: CONTROL_API_VERSION,
      description: OVERVIEW,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '{baseUrl}', variables: { baseUrl: { default: 'http://127.0.0.1:4010' } } }],
    security: [{}, { controlToken: [] }],
    tags: Object.entries(CONTROL_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        controlToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The control token, when the server was started with --control-token.',
        },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      headers: {
        RequestId: { description: 'The request id; `meta.requestId` repeats it.', schema: { type: 'string' } },
      },
    },
  };
  return cached;
}
