/**
 * The project's own stateful phase (what Schemathesis does with OpenAPI links): start from the
 * operations no link leads to, send each its documented example, then follow every link of the
 * document from the answers, breadth first, bounded by count. Every answer must be a documented
 * success and conform to openapi.json; every link must be followed at least once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, type CommFlowMock } from '../src/index.js';
import { openApiErrors } from './helpers/openapi.js';

interface Parameter {
  name: string;
  in: 'header' | 'path' | 'query';
  required: boolean;
  example?: unknown;
}
interface Link {
  operationId: string;
  parameters?: Record<string, string>;
  requestBody?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } };
  responses: Record<string, { links?: Record<string, Link> }>;
}
interface Endpoint {
  path: string;
  method: string;
  op: Operation;
}

const document = JSON.parse(readFileSync(new URL('../../contract/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const endpoints = new Map<string, Endpoint>(
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [op.operationId, { path, method: method.toUpperCase(), op }] as const),
  ),
);
const allLinks = [...endpoints.values()].flatMap(({ op }) =>
  Object.entries(op.responses).flatMap(([, response]) =>
    Object.values(response.links ?? {}).map((link) => `${op.operationId} -> ${link.operationId}`),
  ),
);
const linkTargets = new Set(allLinks.map((pair) => pair.split(' -> ')[1]));
// Creations first: a list that follows them has something to link from.
const roots = [...new Set(allLinks.map((pair) => pair.split(' -> ')[0] ?? ''))]
  .filter((id) => !linkTargets.has(id))
  .sort((a, b) => Number(endpoints.get(a)?.method === 'GET') - Number(endpoints.get(b)?.method === 'GET'));

/** What a request was built from: its parameter values by `in.name`, and its body. */
interface Sent {
  id: string;
  values: Map<string, string>;
  body: unknown;
  status: number;
  response: unknown;
}

/** Resolves a JSON pointer in a value. */
function pointer(value: unknown, path: string): unknown {
  let current = value;
  for (const raw of path.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** An OpenAPI runtime expression, against the request and answer a link starts from. */
function evaluate(expression: unknown, from: Sent): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  if (expression.startsWith('$response.body#')) return pointer(from.response, expression.slice(15));
  const request = /^\$request\.(header|path|query)\.(.+)$/.exec(expression);
  if (request) return from.values.get(`${request[1]}.${request[2]}`);
  throw new Error(`unsupported runtime expression ${expression}`);
}

async function send(mock: CommFlowMock, id: string, given: Map<string, string>, body: unknown): Promise<Sent> {
  const endpoint = endpoints.get(id);
  if (endpoint === undefined) throw new Error(`no operation ${id}`);
  const values = new Map(given);
  // What the link does not give, the operation's examples do: required parameters only.
  for (const parameter of endpoint.op.parameters) {
    const key = `${parameter.in}.${parameter.name}`;
    if (!values.has(key) && parameter.required) values.set(key, String(parameter.example));
  }
  let path = endpoint.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { 'X-API-Key': DEMO_KEYS.sandbox };
  for (const [key, value] of values) {
    const [where, name = ''] = key.split(/\.(.*)/s);
    if (where === 'path') path = path.replace(`{${name}}`, encodeURIComponent(value));
    else if (where === 'query') query.set(name, value);
    else headers[name] = value;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = query.size > 0 ? `${path}?${query.toString()}` : path;
  const response = await mock.fetch(url, {
    method: endpoint.method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  const problems = openApiErrors(endpoint.method, path, response.status, json);
  expect(problems, `${id} ${url} answered ${response.status}: ${JSON.stringify(json)}`).toEqual([]);
  expect(Object.keys(endpoint.op.responses), `${id} ${url}: ${JSON.stringify(json)}`).toContain(
    String(response.status),
  );
  expect(response.status, `${id} ${url}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return { id, values, body, status: response.status, response: json };
}

/** The example body of an operation, if it takes one. */
const exampleBody = (id: string) =>
  Object.values(endpoints.get(id)?.op.requestBody?.content['application/json'].examples ?? {})[0]?.value;

/** Bounds of the walk: by count, never by time. */
const MAX_REQUESTS = 200;
const MAX_DEPTH = 4;

describe('a stateful run over the links of openapi.json, against the demo mock', () => {
  it('starts where no link leads and reaches every linked operation', { timeout: 60_000 }, async () => {
    expect(roots.length).toBeGreaterThan(0);
    const mock = createMock('demo');
    const followed = new Set<string>();
    let queue: Sent[] = [];
    let requests = 0;
    for (const id of roots) {
      queue.push(await send(mock, id, new Map(), exampleBody(id)));
      requests++;
    }
    for (let depth = 0; depth < MAX_DEPTH && queue.length > 0; depth++) {
      const next: Sent[] = [];
      for (const from of queue) {
        const links = endpoints.get(from.id)?.op.responses[String(from.status)]?.links ?? {};
        for (const link of Object.values(links)) {
          if (requests >= MAX_REQUESTS) break;
          const values = new Map<string, string>();
          for (const [key, expression] of Object.entries(link.parameters ?? {})) {
            const value = evaluate(expression, from);
            expect(value, `${from.id} -> ${link.operationId}: ${key} = ${expression}`).toBeDefined();
            values.set(key, String(value));
          }
          const body =
            link.requestBody === undefined
              ? exampleBody(link.operationId)
              : Object.fromEntries(
                  Object.entries(link.requestBody).map(([key, value]) => [key, evaluate(value, from)]),
                );
          next.push(await send(mock, link.operationId, values, body));
          requests++;
          followed.add(`${from.id} -> ${link.operationId}`);
        }
      }
      queue = next;
    }
    expect([...followed].sort()).toEqual([...new Set(allLinks)].sort());
    expect(requests).toBeLessThanOrEqual(MAX_REQUESTS);
  });
});
