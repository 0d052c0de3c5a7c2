/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any -- bodies are JSON read as `any`. */
/**
 * The control surface's OpenAPI document: served at `GET /__mock/openapi.json`, the committed
 * `control-openapi.json` is the table's, and a tour over real HTTP reaches every route of the
 * table (and the surface's checks in front of it) with each answer checked against the document.
 */
import { readFileSync } from 'node:fs';
import { createServer, request as send, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_ROUTE_LIST, controlOpenApiDocument, type ControlRouteId } from '../src/control-api/index.js';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { controlOpenApiErrors } from './helpers/control-openapi.js';
import { ANN, START } from './helpers/env.js';

const committed: unknown = JSON.parse(readFileSync(new URL('../control-openapi.json', import.meta.url), 'utf8'));

let server: RunningMockServer;
let receiver: Server;
let receiverUrl = '';
const mock = createMock('demo', { clock: { frozen: true, start: START } });

beforeAll(async () => {
  server = await startMockServer({ mock });
  receiver = createServer((_request, response) => {
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/hooks`;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) =>
    receiver.close(() => {
      resolve();
    }),
  );
});

/** Every answer of the tour that departs from the document. */
const departures: string[] = [];
const toured = new Set<ControlRouteId>();

async function control(id: ControlRouteId, path: string, body?: unknown, init: RequestInit = {}) {
  const route = CONTROL_ROUTE_LIST.find((candidate) => candidate.id === id);
  if (route === undefined) throw new Error(`no route ${id}`);
  const response = await fetch(`${server.url}${path}`, {
    method: route.method,
    ...(route.method === 'GET' ? {} : { headers: { 'content-type': 'application/json' } }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...init,
  });
  const type = response.headers.get('content-type') ?? '';
  const json: any = type.startsWith('application/json') ? await response.json() : undefined;
  if (type.startsWith('text/event-stream')) await response.body?.cancel();
  else if (json === undefined) await response.text();
  departures.push(
    ...controlOpenApiErrors(
      route.method,
      new URL(path, server.url).pathname,
      response.status,
      response.headers,
      json,
    ).map((error) => `${id}: ${error}`),
  );
  expect(response.status, `${id} ${JSON.stringify(json?.error ?? '')}`).toBe(route.status);
  toured.add(id);
  return json?.data ?? json;
}

const api = async (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      'X-API-Key': DEMO_KEYS.sandbox,
      'X-Tenant-Id': DEMO_TENANTS.sandbox,
      'X-User-Email': ANN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, json: await response.json() }));

/** A request fetch cannot send (TRACE, another Host), through node:http. */
function rawRequest(url: string, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Headers; body: unknown }>((resolve, reject) => {
    const outgoing = send(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') received.set(name, value);
        }
        resolve({ status: response.statusCode ?? 0, headers: received, body: JSON.parse(text) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the control surface’s OpenAPI document', () => {
  it('is served at GET /__mock/openapi.json, and the committed control-openapi.json is the table’s', async () => {
    const served = await control('openapi', '/__mock/openapi.json');
    expect(served).toEqual(controlOpenApiDocument());
    expect(committed).toEqual(controlOpenApiDocument());
    expect(served.openapi).toBe('3.1.0');
  });

  it('every route of the table answers over HTTP as the document says', async () => {
    const m = '/__mock';
    const sandbox = DEMO_TENANTS.sandbox;
    await control('index', m);
    await control('clock', `${m}/clock`);
    await control('advanceClock', `${m}/clock/advance`, { ms: 1000 });
    await control('memory', `${m}/memory`);
    await control('catalogue', `${m}/catalogue`);
    await control('console', `${m}/console`);
    await control('exportScenario', `${m}/export`);
    const { snapshot } = await control('snapshot', `${m}/snapshot`);
    await control('restore', `${m}/snapshot`, snapshot);
    await control('loadScenario', `${m}/scenario`, 'demo');
    await control('reset', `${m}/reset`);
    // Faults and stubs on an operation the tour never calls.
    const { fault } = await control('injectFault', `${m}/faults`, { path: '/api/v1/fax', status: 500 });
    await control('overrides.add', `${m}/overrides`, {
      tenantId: sandbox,
      operationId: 'fax.list',
      respond: { status: 200, body: { success: true, data: { faxes: [] } } },
    });
    await control('overrides.list', `${m}/overrides?unused=true&tenantId=${sandbox}`);
    await control('overrides.remove', `${m}/overrides/${fault.id}`);
    await control('overrides.clear', `${m}/overrides?tenantId=${sandbox}`);

    const created = await control('tenants.create', `${m}/tenants`, { name: 'Tour' });
    const id: string = created.tenant.id;
    await control('tenants.list', `${m}/tenants`);
    await control('tenants.get', `${m}/tenants/${id}`);
    await control('tenants.clock', `${m}/tenants/${id}/clock`);
    await control('tenants.advanceClock', `${m}/tenants/${id}/clock/advance`, { ms: 60_000 });
    const { snapshot: slice } = await control('tenants.snapshot', `${m}/tenants/${id}/snapshot`);
    await control('tenants.restore', `${m}/tenants/${id}/snapshot`, slice);
    await control('tenants.recordCounts', `${m}/tenants/${id}/records`);
    await control('tenants.records', `${m}/tenants/${sandbox}/records/contacts?limit=2`);
    await control('tenants.reset', `${m}/tenants/${id}/reset`);

    const key = await control('createApiKey', `${m}/api-keys`, { tenantIds: [id], permissions: ['contacts'] });
    await control('apiKeys', `${m}/api-keys`);
    await control('revokeApiKey', `${m}/api-keys/${key.apiKey.id}/revoke`);
    await control('tenants.delete', `${m}/tenants/${id}`);

    const hook = await control('subscribeWebhook', `${m}/webhooks`, { tenantId: sandbox, url: receiverUrl });
    await control('webhookSubscriptions', `${m}/webhooks?tenantId=${sandbox}`);
    await control('webhook', `${m}/webhooks/${hook.id}`);
    await control('setWebhookEnabled', `${m}/webhooks/${hook.id}`, { enabled: true });
    await control('rotateWebhookSecret', `${m}/webhooks/${hook.id}/rotate-secret`);

    // An inbound SMS emits sms.received: a delivery to the subscription.
    await control('receiveSms', `${m}/sms/inbound`, {
      tenantId: sandbox,
      to: mock.tenants.get(sandbox).numbers[0],
      from: '+14155550199',
      body: 'Tour',
    });
    const { deliveries } = await control('deliveries', `${m}/deliveries?wait=true&tenantId=${sandbox}`);
    const delivery = deliveries[0].id as string;
    await control('delivery', `${m}/deliveries/${delivery}`);
    await control('deliveryRequest', `${m}/deliveries/${delivery}/request`);
    await control('replayDelivery', `${m}/deliveries/${delivery}/replay`);
    await control('events', `${m}/events?type=sms.received`);
    await control('deleteWebhook', `${m}/webhooks/${hook.id}`);

    const dial = await api('POST', '/api/v1/click2dial', { destination: '+14155550100' });
    await control('calls', `${m}/calls?tenantId=${sandbox}`);
    await control('controlCall', `${m}/calls/${dial.json.data.callId}/answer`);
    await control('carrier', `${m}/carrier`);
    await control('setCarrier', `${m}/carrier`, { mode: 'accept' });

    const { entries } = await control('requests', `${m}/journal?since=2026-01-01&limit=5`);
    await control('request', `${m}/journal/${entries[0].requestId}`);
    await control('journalStream', `${m}/journal/stream`);

    expect(departures).toEqual([]);
    expect([...toured].sort()).toEqual(CONTROL_ROUTE_LIST.map((route) => route.id).sort());
  });

  it('the checks in front of the routes answer as the document says', async () => {
    const guarded = await startMockServer({
      mock: createMock('demo'),
      controlToken: 'a-long-random-token',
    });
    try {
      const answers = [
        ['GET', '/__mock/tenants', {}, 401],
        ['GET', '/__mock/tenants', { authorization: 'Bearer a-long-random-token', host: 'evil.test' }, 403],
        ['POST', '/__mock/reset', { authorization: 'Bearer a-long-random-token', 'content-type': 'text/plain' }, 415],
        ['TRACE', '/__mock/tenants', { authorization: 'Bearer a-long-random-token' }, 405],
        ['GET', '/__mock/nowhere', { authorization: 'Bearer a-long-random-token' }, 404],
        ['GET', '/__mock/journal?operationId=sms.sendd', { authorization: 'Bearer a-long-random-token' }, 400],
      ] as const;
      for (const [method, path, headers, status] of answers) {
        const reply = await rawRequest(`${guarded.url}${path}`, method, headers);
        expect(reply.status, `${method} ${path}`).toBe(status);
        expect(
          controlOpenApiErrors(method, new URL(path, guarded.url).pathname, reply.status, reply.headers, reply.body),
        ).toEqual([]);
      }
    } finally {
      await guarded.close();
    }
  });

  it('gives every route an example of its path parameters and body that the document accepts, and links what a route makes to the routes on it', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const addFormats = (await import('ajv-formats')).default as unknown as (ajv: InstanceType<typeof Ajv2020>) => void;
    interface Doc {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; required?: boolean; example?: unknown }[];
            requestBody?: {
              content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }>;
            };
            responses: Record<string, { links?: Record<string, { operationId: string }> }>;
          }
        >
      >;
    }
    const document = controlOpenApiDocument() as unknown as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(structuredClone(document), 'control');
    const problems: string[] = [];
    const links: string[] = [];
    for (const route of CONTROL_ROUTE_LIST) {
      const path = route.path.replaceAll('~', '~0').replaceAll('/', '~1');
      const base = `control#/paths/${path}/${route.method.toLowerCase()}`;
      const op = document.paths[route.path]?.[route.method.toLowerCase()];
      if (op === undefined) throw new Error(`${route.id} is not in the document`);
      (op.parameters ?? []).forEach((parameter, index) => {
        if (parameter.example === undefined) {
          if (parameter.required === true) problems.push(`${route.id}: ${parameter.name} has no example`);
        } else if (!ajv.validate(`${base}/parameters/${index}/schema`, parameter.example))
          problems.push(`${route.id}: ${parameter.name} ${ajv.errorsText()}`);
      });
      const media = op.requestBody?.content['application/json'];
      if (media !== undefined) {
        const values =
          media.example === undefined ? Object.values(media.examples ?? {}).map((e) => e.value) : [media.example];
        if (values.length === 0) problems.push(`${route.id}: the body has no example`);
        for (const value of values) {
          if (!ajv.validate(`${base}/requestBody/content/application~1json/schema`, value))
            problems.push(`${route.id}: body ${ajv.errorsText()}`);
        }
      }
      for (const link of Object.values(op.responses[String(route.status)]?.links ?? {}))
        links.push(`${route.id} -> ${link.operationId}`);
    }
    expect(problems).toEqual([]);
    for (const expected of [
      'tenants.create -> tenants.get',
      'tenants.create -> tenants.delete',
      'overrides.add -> overrides.remove',
      'overrides.add -> overrides.list',
      'subscribeWebhook -> webhook',
      'subscribeWebhook -> deliveries',
      'deliveries -> delivery',
    ]) {
      expect(links).toContain(expected);
    }
  });

  it('states the rules between fields as schema, and the JSON type of every state-changing route', () => {
    const document = controlOpenApiDocument() as any;
    const body = (path: string) => document.paths[path].post.requestBody;
    expect(body('/__mock/overrides').content['application/json'].schema.oneOf).toEqual([
      { required: ['fault'] },
      { required: ['respond'] },
    ]);
    expect(body('/__mock/tenants').content['application/json'].schema.not.required).toEqual(['from', 'tenant']);
    for (const route of CONTROL_ROUTE_LIST) {
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const requestBody = document.paths[route.path][route.method.toLowerCase()].requestBody;
      expect(requestBody?.description, route.id).toContain('Content-Type: application/json');
    }
    expect(body('/__mock/reset')).toMatchObject({ required: true, content: { 'application/json': { example: {} } } });
  });
});
