/**
 * Puts the operations' examples and links into their operation objects, checking each against
 * the operation's own schemas first: an example that does not parse, or a link whose expression
 * points nowhere in its source's example, stops the generator with the reason.
 */
import * as z from 'zod/mini';
import { operations, type OperationDefinition } from '../operations.js';
import { successEnvelope } from '../schemas/envelope.js';
import { DEFAULT_PAGE_LIMIT } from '../schemas/pagination.js';
import { HEADER_EXAMPLES, OPERATION_EXAMPLES } from './examples.js';
import { OPERATION_LINKS, linkParameters, type LinkDefinition } from './links.js';
import type { HeaderCode } from '../headers.js';
import { isJsonObject } from './json-schema.js';

const EXAMPLE_TIMESTAMP = '2026-11-21T09:30:00.000Z';

interface PlainExample {
  summary: string;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  data: unknown;
}

function exampleOf(op: OperationDefinition): PlainExample {
  const example: PlainExample | undefined = new Map<string, PlainExample>(Object.entries(OPERATION_EXAMPLES)).get(
    op.id,
  );
  if (example === undefined) throw new Error(`Operation "${op.id}" has no example in openapi/examples.ts.`);
  return example;
}

function mustParse(schema: z.ZodMiniType, value: unknown, what: string): void {
  const result = z.safeParse(schema, value);
  if (!result.success)
    throw new Error(`The example ${what} does not match its schema: ${z.prettifyError(result.error)}`);
}

/** The success envelope an operation's example answers with, checked against the operation's schema. */
export function responseExample(op: OperationDefinition): { summary: string; value: unknown } {
  const example = exampleOf(op);
  const paged = op.pagination !== 'none';
  const given = example.query?.limit;
  const limit = typeof given === 'number' ? given : DEFAULT_PAGE_LIMIT;
  const meta = {
    requestId: HEADER_EXAMPLES.R,
    timestamp: EXAMPLE_TIMESTAMP,
    ...(paged ? { pagination: { limit, offset: 0, hasMore: false, nextCursor: null } } : {}),
  };
  const value = { success: true, data: example.data, meta };
  mustParse(successEnvelope(op.response, paged), value, `answer of ${op.id}`);
  return { summary: example.summary, value };
}

/** The body an operation's example sends, checked against the operation's body schema. */
export function requestBodyExample(op: OperationDefinition): { summary: string; value: unknown } | undefined {
  const example = exampleOf(op);
  if (op.body === undefined) return undefined;
  if (example.body === undefined) throw new Error(`The example of "${op.id}" has no body.`);
  mustParse(op.body, example.body, `body of ${op.id}`);
  return { summary: example.summary, value: example.body };
}

/** The example value of a parameter: the header's, or the operation example's path or query value. */
export function parameterExample(
  op: OperationDefinition,
  where: 'header' | 'path' | 'query',
  name: string,
  code?: HeaderCode,
): unknown {
  if (where === 'header') return code === undefined ? undefined : HEADER_EXAMPLES[code];
  const example = exampleOf(op);
  if (where === 'path') {
    if (op.pathParams !== undefined && example.path !== undefined)
      mustParse(op.pathParams, example.path, `path of ${op.id}`);
    return example.path?.[name];
  }
  if (op.query !== undefined && example.query !== undefined) {
    mustParse(op.query, z.encode(op.query, example.query), `query of ${op.id}`);
  }
  return example.query?.[name];
}

/** Resolves a JSON pointer (`/data/agents/0/id`) in a value. */
function resolvePointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isJsonObject(current) || !(key in current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The value of a runtime expression for the source example, or undefined where it says nothing. */
function evaluate(expression: string, source: { request: PlainExample; response: unknown }): unknown {
  if (expression.startsWith('$response.body#')) {
    return resolvePointer(source.response, expression.slice('$response.body#'.length));
  }
  const match = /^\$request\.(path|query)\.(.+)$/.exec(expression);
  if (match) return source.request[match[1] === 'path' ? 'path' : 'query']?.[match[2] ?? ''];
  return expression;
}

function checkLink(link: LinkDefinition, from: OperationDefinition, to: OperationDefinition): void {
  const where = `the link ${link.from} -> ${link.to}`;
  const source = { request: exampleOf(from), response: responseExample(from).value };
  for (const [target, expression] of Object.entries(link.parameters ?? {})) {
    const [location, name = ''] = target.split(/\.(.*)/s);
    const shape = location === 'path' ? to.pathParams : location === 'query' ? to.query : undefined;
    if (!(shape instanceof z.ZodMiniObject) || !(name in shape.shape)) {
      throw new Error(`${where}: ${to.id} has no parameter "${target}".`);
    }
    if (evaluate(expression, source) === undefined) {
      throw new Error(`${where}: "${expression}" points nowhere in the example answer of ${from.id}.`);
    }
  }
  if (link.requestBody !== undefined) {
    if (to.body === undefined) throw new Error(`${where}: ${to.id} takes no body.`);
    const body = Object.fromEntries(
      Object.entries(link.requestBody).map(([key, value]) => [
        key,
        typeof value === 'string' ? evaluate(value, source) : value,
      ]),
    );
    mustParse(to.body, body, `body of ${where}`);
  }
}

/**
 * The OpenAPI `links` of an operation's success answers, from {@link OPERATION_LINKS}, each
 * checked against the registry and the examples.
 */
export function responseLinks(op: OperationDefinition): Record<string, unknown> | undefined {
  const links = OPERATION_LINKS.filter((link) => link.from === op.id);
  if (links.length === 0) return undefined;
  return Object.fromEntries(
    links.map((link) => {
      const to: OperationDefinition = operations[link.to];
      checkLink(link, op, to);
      const parameters = linkParameters(link, op, to);
      return [
        link.to,
        {
          operationId: link.to,
          description: link.description,
          ...(Object.keys(parameters).length > 0 ? { parameters } : {}),
          ...(link.requestBody === undefined ? {} : { requestBody: link.requestBody }),
        },
      ];
    }),
  );
}
