/**
 * Fuzzing both OpenAPI documents against the mock over real HTTP, as Schemathesis did in issue 35
 * (it cannot be installed here): requests generated from `openapi.json` and
 * `control-openapi.json` by their schemas (positive data, every value checked against the
 * document first), then a short stateful run along each document's links. Bounded by count.
 * Every answer must be documented and valid against its document, never a 5xx; a request the
 * document allows is never refused for its shape; and after a reset the world is what it was.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../src/index.js';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { ANN } from './helpers/env.js';
import { arbitraryOf, type Schema } from './helpers/schema-arbitrary.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Runs are bounded by count (numRuns and the walks' limits), never by time. */
const TIMEOUT_MS = 300_000;
const SERVICE_RUNS = 400;
const CONTROL_RUNS = 300;
const WALK_LIMIT = 120;

interface Parameter {
  name: string;
  in: 'header' | 'path' | 'query';
  required?: boolean;
  schema: Schema;
  example?: unknown;
}
interface Link {
  operationId: string;
  parameters?: Record<string, unknown>;
  requestBody?: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }>;
  };
  responses: Record<string, { links?: Record<string, Link> }>;
}
interface Endpoint {
  id: string;
  method: string;
  path: string;
  pointer: string;
  op: Operation;
}

/** One document: its operations, and an ajv holding it. */
interface Documented {
  name: 'service' | 'control';
  document: { paths: Record<string, Record<string, Operation>> };
  ajv: Ajv2020;
  endpoints: Map<string, Endpoint>;
}

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

function documented(name: Documented['name'], file: URL): Documented {
  const document = JSON.parse(readFileSync(file, 'utf8')) as Documented['document'];
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  ajv.addFormat('e164', /^\+[1-9][0-9]{6,14}$/);
  ajv.addFormat('starts_with', /^\//);
  ajv.addSchema(document, name);
  const endpoints = new Map<string, Endpoint>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      endpoints.set(op.operationId, {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        pointer: `${name}#/paths/${escape(path)}/${method}`,
        op,
      });
    }
  }
  return { name, document, ajv, endpoints };
}

const SERVICE = documented('service', new URL('../../contract/openapi.json', import.meta.url));
const CONTROL = documented('control', new URL('../control-openapi.json', import.meta.url));

/** A `$ref` of the document resolved: its target, and the pointer ajv knows it by. */
function follow(doc: Documented, node: unknown, pointer: string): { node: Record<string, unknown>; pointer: string } {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') return { node: (node ?? {}) as Record<string, unknown>, pointer };
  let target: unknown = doc.document;
  for (const raw of ref.slice(2).split('/')) {
    target = (target as Record<string, unknown>)[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return { node: target as Record<string, unknown>, pointer: `${doc.name}${ref}` };
}

/**
 * The ways an answer departs from its operation in the document: an undocumented status, a
 * required header missing, a body of another type or off the schema.
 */
function departures(doc: Documented, endpoint: Endpoint, status: number, headers: Headers, body: unknown): string[] {
  const found = endpoint.op.responses[String(status)];
  if (found === undefined) return [`undocumented status ${status}`];
  const response = follow(doc, found, `${endpoint.pointer}/responses/${status}`);
  const problems: string[] = [];
  for (const [name, declared] of Object.entries((response.node.headers ?? {}) as Record<string, unknown>)) {
    const header = follow(doc, declared, '').node as { required?: boolean };
    if (header.required === true && !headers.has(name)) problems.push(`required header ${name} missing`);
  }
  const content = response.node.content as Record<string, unknown> | undefined;
  const type = (headers.get('content-type') ?? '').split(';')[0] ?? '';
  if (content === undefined) return problems;
  if (content[type] === undefined) return [...problems, `answered as "${type}"`];
  if (type !== 'application/json') return problems;
  const validate = doc.ajv.getSchema(`${response.pointer}/content/application~1json/schema`);
  if (validate === undefined) return [...problems, 'no schema'];
  if (validate(body) !== true)
    problems.push(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
  return problems;
}

/** What a generated request is made of. */
interface Input {
  values: Map<string, string>;
  body?: unknown;
}

/**
 * A webhook URL a body names, moved to a closed port of this machine: a test sends traffic to
 * loopback only, and a refused connection fails a delivery at once.
 */
function onLoopback(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || !('url' in body)) return body;
  return { ...body, url: 'http://127.0.0.1:9/hooks' };
}

/** Values `schema` (at `pointer` in the document) allows, each checked by ajv. */
function valid(doc: Documented, schema: Schema, pointer: string): fc.Arbitrary<unknown> {
  const check = doc.ajv.getSchema(pointer);
  if (check === undefined) throw new Error(`no schema at ${pointer}`);
  return arbitraryOf(schema, doc.document).filter((value) => check(value) === true);
}

/** Requests `endpoint` takes, by its parameters and body; `fixed` headers are sent as given. */
function inputs(doc: Documented, endpoint: Endpoint, fixed: Record<string, string>): fc.Arbitrary<Input> {
  const parts: fc.Arbitrary<[string, unknown] | undefined>[] = (endpoint.op.parameters ?? []).map(
    (parameter, index) => {
      const key = `${parameter.in}.${parameter.name}`;
      const fixedValue = parameter.in === 'header' ? fixed[parameter.name] : undefined;
      if (fixedValue !== undefined) return fc.constant([key, fixedValue]);
      const value = valid(doc, parameter.schema, `${endpoint.pointer}/parameters/${index}/schema`);
      const pair = value.map((v): [string, unknown] => [key, v]);
      return parameter.required === true ? pair : fc.option(pair, { nil: undefined });
    },
  );
  const media = endpoint.op.requestBody?.content['application/json'];
  const body =
    media === undefined
      ? fc.constant(undefined)
      : valid(doc, media.schema, `${endpoint.pointer}/requestBody/content/application~1json/schema`);
  return fc.tuple(fc.tuple(...parts), body).map(([pairs, value]) => {
    const values = new Map<string, string>();
    for (const pair of pairs) {
      if (pair !== undefined) values.set(pair[0], typeof pair[1] === 'string' ? pair[1] : JSON.stringify(pair[1]));
    }
    return { values, ...(media === undefined ? {} : { body: onLoopback(value) }) };
  });
}

/** The headers every service request carries: a key of its own (no rate limit in reach), the demo tenant and user. */
const serviceHeaders = (key: string) => ({
  'X-API-Key': key,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': ANN,
});

let server: RunningMockServer;
let key = '';
/** Requests sent again after a reset connection. */
let resent = 0;
/** What every request of the run answered, for the figures and the shape check. */
const answered: { doc: string; id: string; status: number; code?: string | undefined; details?: unknown }[] = [];

beforeAll(async () => {
  server = await startMockServer({ scenario: 'demo' });
});
afterAll(async () => {
  await server.close();
});

/** Sends one request built from `input`, checks its answer against the document, and returns it. */
async function send(doc: Documented, endpoint: Endpoint, input: Input, base: Record<string, string>) {
  let path = endpoint.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...base };
  for (const [where, value] of input.values) {
    const [part, name = ''] = where.split(/\.(.*)/s);
    if (part === 'path') path = path.replace(`{${name}}`, encodeURIComponent(value));
    else if (part === 'query') query.set(name, value);
    else headers[name] = value;
  }
  const hasBody = 'body' in input && input.body !== undefined;
  if (hasBody || (doc.name === 'control' && endpoint.method !== 'GET')) headers['content-type'] = 'application/json';
  const url = `${server.url}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
  const init = { method: endpoint.method, headers, ...(hasBody ? { body: JSON.stringify(input.body) } : {}) };
  // A kept-alive connection the server closed as the request left is reset: sent again once, counted.
  const response = await fetch(url, init).catch(async (error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    resent++;
    return fetch(url, init);
  });
  const type = response.headers.get('content-type') ?? '';
  const json: unknown = type.startsWith('application/json') ? await response.json() : await response.text();
  const error = (json as { error?: { code?: string; details?: unknown } } | undefined)?.error;
  answered.push({
    doc: doc.name,
    id: endpoint.id,
    status: response.status,
    code: error?.code,
    details: error?.details,
  });
  const where = `${doc.name} ${endpoint.id} ${endpoint.method} ${url} → ${response.status} ${JSON.stringify(json).slice(0, 400)}`;
  expect(response.status, where).toBeLessThan(500);
  expect(departures(doc, endpoint, response.status, response.headers, json), where).toEqual([]);
  return { status: response.status, json, values: input.values };
}

/**
 * The refusals a request the document allows may still get: rules the document states in prose
 * (a tenant named must exist, an end after its start, a cursor bound to its query), never a value
 * the schema allows refused for its type, format or pattern.
 */
const SHAPE_REFUSAL =
  /^(Invalid (UUID|GUID|email|input|ISO)|Unrecognized key|Too (big|small)|Expected|must be (cf_|2 to 6|printable|an integer))/;
/**
 * Values the document names by reference only: `POST /__mock/tenants`'s `tenant` is a tenant in
 * the scenario format (`scenario.schema.json`), which the control document does not embed.
 */
const notEmbedded = (id: string, path: string[]) =>
  id === 'tenants.create' && path.join('.').startsWith('body.tenant.');
const shapeRefusals = () =>
  answered.flatMap(({ doc, id, status, details }) =>
    status === 400 && Array.isArray(details)
      ? (details as { path: string[]; message: string }[])
          .filter((issue) => SHAPE_REFUSAL.test(issue.message) && !notEmbedded(id, issue.path))
          .map((issue) => `${doc} ${id}: ${issue.path.join('.')} ${issue.message}`)
      : [],
  );

/** A key of the sandbox tenant whose rate limit the run never reaches, made after any reset. */
async function freshKey(): Promise<void> {
  const created = await fetch(`${server.url}/__mock/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tenantIds: [DEMO_TENANTS.sandbox],
      permissions: ['*'],
      rateLimit: { limit: 1_000_000, windowSeconds: 60 },
    }),
  });
  key = ((await created.json()) as { data: { apiKey: { key: string } } }).data.apiKey.key;
}

/** The world as the control surface exports it, with every clock's time left out. */
async function world(): Promise<string> {
  await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
  const exported: unknown = await (await fetch(`${server.url}/__mock/export`)).json();
  return JSON.stringify(exported, (name, value: unknown) =>
    name === 'timestamp' || name === 'requestId' ? undefined : value,
  );
}

/** The control routes a random phase leaves out: they replace the world or never end. */
const CONTROL_SKIPPED = new Set(['loadScenario', 'restore', 'journalStream']);

describe('fuzzing openapi.json and control-openapi.json against the mock over HTTP', { timeout: TIMEOUT_MS }, () => {
  let before = '';
  beforeAll(async () => {
    before = await world();
  });

  it(`answers ${SERVICE_RUNS} requests generated from openapi.json as it documents, never 5xx`, async () => {
    await freshKey();
    await fuzz(SERVICE, [...SERVICE.endpoints.values()], serviceHeaders(key), SERVICE_RUNS);
    // Many requests get past the key, the tenant and the validation: the run reaches the operations.
    const service = answered.filter((entry) => entry.doc === 'service');
    expect(service.filter((entry) => entry.status < 300).length).toBeGreaterThan(service.length / 3);
  });

  it(`answers ${CONTROL_RUNS} requests generated from control-openapi.json as it documents, never 5xx`, async () => {
    const endpoints = [...CONTROL.endpoints.values()].filter((endpoint) => !CONTROL_SKIPPED.has(endpoint.id));
    await fuzz(CONTROL, endpoints, {}, CONTROL_RUNS);
  });

  it('follows the links of both documents in a short stateful run from their examples', async () => {
    const covered = new Map<string, Set<string>>();
    // The random phase left overrides and faults behind: back to the demo world, with a key.
    await world();
    await freshKey();
    covered.set('service', await walk(SERVICE, serviceHeaders(key)));
    covered.set('control', await walk(CONTROL, {}));
    const all = (doc: Documented) =>
      [...doc.endpoints.values()].flatMap((endpoint) =>
        Object.values(endpoint.op.responses).flatMap((response) =>
          Object.values(response.links ?? {}).map((link) => `${endpoint.id} -> ${link.operationId}`),
        ),
      );
    const figures = [SERVICE, CONTROL].map((doc) => ({
      doc: doc.name,
      requests: answered.filter((entry) => entry.doc === doc.name).length,
      operations: new Set(answered.filter((entry) => entry.doc === doc.name).map((entry) => entry.id)).size,
      of: doc.endpoints.size,
      links: covered.get(doc.name)?.size ?? 0,
      linksOf: new Set(all(doc)).size,
    }));
    console.info(`documents-fuzz: ${JSON.stringify(figures)}, resent after ECONNRESET: ${resent}`);
    expect([...(covered.get('service') ?? [])].sort()).toEqual([...new Set(all(SERVICE))].sort());
    // The control links from lists of calls and deliveries need a call or a delivery the examples'
    // filters find; those from what a request makes are all followed.
    const control = covered.get('control') ?? new Set();
    for (const link of all(CONTROL).filter((pair) => !/^(calls|deliveries) ->/.test(pair)))
      expect(control).toContain(link);
    expect(shapeRefusals()).toEqual([]);
    expect(answered.every((entry) => entry.status < 500)).toBe(true);
  });

  it('leaves the world intact: after a reset it is what it was before the run', async () => {
    expect(await world()).toBe(before);
  });
});

/** The random phase: `runs` requests to `endpoints`, each generated from the document. */
async function fuzz(doc: Documented, endpoints: Endpoint[], fixed: Record<string, string>, runs: number) {
  const arbitraries = new Map(endpoints.map((endpoint) => [endpoint.id, inputs(doc, endpoint, fixed)]));
  const request = fc
    .constantFrom(...endpoints)
    .chain((endpoint) =>
      (arbitraries.get(endpoint.id) ?? fc.constant({ values: new Map() })).map((input) => ({ endpoint, input })),
    );
  await fc.assert(
    fc.asyncProperty(request, async ({ endpoint, input }) => {
      await send(doc, endpoint, input, fixed);
    }),
    { numRuns: runs },
  );
  expect(shapeRefusals()).toEqual([]);
}

/** An OpenAPI runtime expression against the answer and the request a link starts from. */
function evaluate(expression: unknown, from: { json: unknown; values: Map<string, string> }): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  if (expression.startsWith('$response.body#')) {
    let current: unknown = from.json;
    for (const key of expression.slice('$response.body#/'.length).split('/')) {
      current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
    }
    return current;
  }
  const request = /^\$request\.(header|path|query)\.(.+)$/.exec(expression);
  if (request !== null) return from.values.get(`${request[1]}.${request[2]}`);
  throw new Error(`unsupported runtime expression ${expression}`);
}

/** The example request of an endpoint: its parameters' and body's examples. */
function example(endpoint: Endpoint, fixed: Record<string, string>): Input {
  const values = new Map<string, string>();
  for (const parameter of endpoint.op.parameters ?? []) {
    const value = parameter.in === 'header' ? (fixed[parameter.name] ?? parameter.example) : parameter.example;
    if (value !== undefined && (parameter.required === true || parameter.in !== 'header'))
      values.set(`${parameter.in}.${parameter.name}`, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const media = endpoint.op.requestBody?.content['application/json'];
  const body = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
  return { values, ...(body === undefined ? {} : { body }) };
}

/**
 * The stateful phase: every endpoint's example once (so that there is traffic, a delivery, a
 * call), then from each link source its example, then its links, breadth first, three levels deep,
 * bounded by count. Returns the links followed.
 */
async function walk(doc: Documented, fixed: Record<string, string>): Promise<Set<string>> {
  const followed = new Set<string>();
  const sources = [...doc.endpoints.values()].filter((endpoint) =>
    Object.values(endpoint.op.responses).some((response) => response.links !== undefined),
  );
  // Makers first, so that what the lists then show includes what they made.
  sources.sort((a, b) => Number(a.method === 'GET') - Number(b.method === 'GET'));
  let requests = 0;
  let queue: { endpoint: Endpoint; json: unknown; values: Map<string, string>; status: number }[] = [];
  for (const endpoint of sources) {
    const answer = await send(doc, endpoint, example(endpoint, fixed), fixed);
    queue.push({ endpoint, ...answer });
    requests++;
  }
  for (let depth = 0; depth < 3 && queue.length > 0; depth++) {
    const next: typeof queue = [];
    for (const from of queue) {
      for (const link of Object.values(from.endpoint.op.responses[String(from.status)]?.links ?? {})) {
        const target = doc.endpoints.get(link.operationId);
        if (target === undefined || requests >= WALK_LIMIT) continue;
        const input = example(target, fixed);
        let resolved = true;
        for (const [name, expression] of Object.entries(link.parameters ?? {})) {
          const value = evaluate(expression, from);
          if (value === undefined) resolved = false;
          else input.values.set(name, typeof value === 'string' ? value : JSON.stringify(value));
        }
        if (link.requestBody !== undefined) {
          input.body = Object.fromEntries(
            Object.entries(link.requestBody).map(([name, value]) => [name, evaluate(value, from)]),
          );
        }
        if (!resolved) continue;
        const answer = await send(doc, target, input, fixed);
        requests++;
        followed.add(`${from.endpoint.id} -> ${link.operationId}`);
        if (answer.status < 300) next.push({ endpoint: target, ...answer });
      }
    }
    queue = next;
  }
  return followed;
}
