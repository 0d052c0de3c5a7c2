/* eslint-disable @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { OPENAPI_PATH } from '@commflow/contract';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { startMockServer } from '../../src/surfaces/adapters/node.js';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock } from '../../src/index.js';
import { findings } from './findings.js';
import { openApiErrors } from './openapi.js';

/** The frozen start of the test clock. */
export const START = '2026-11-21T12:00:00.000Z';
export const ANN = 'ann.lee@acme.test';
export const BOB = 'bob.stone@acme.test';
export const CARLA = 'carla.diaz@acme.test';
export const DAN = 'dan.fox@acme.test';
export const EVE = 'eve.moss@acme.test';
export const GRACE = 'grace@globex.test';
export const HENRY = 'henry@globex.test';
export { DEMO_KEYS, DEMO_TENANTS };

/** The headers of a request by Ann in the demo sandbox tenant, for tests that call `mock.fetch` or `node:http` directly. */
export const ANN_HEADERS = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': ANN,
} as const;

/** A response, read. */
export interface Reply {
  status: number;
  headers: Headers;
  // Tests index into bodies freely; every body is checked against openapi.json by `call`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Where requests go: straight into `mock.fetch`, or over real HTTP on 127.0.0.1. */
export interface Env {
  readonly transport: 'in-process' | 'http';
  mock: CommFlowMock;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  base: string;
  close(): Promise<void>;
}

export async function createEnv(transport: Env['transport']): Promise<Env> {
  const mock = createMock('demo', { clock: { frozen: true, start: START } });
  if (transport === 'in-process') {
    return { transport, mock, fetch: mock.fetch, base: 'http://commflow.mock', close: () => Promise.resolve() };
  }
  const running = await startMockServer({ mock });
  return {
    transport,
    mock,
    fetch: (input, init) => fetch(input, init),
    base: running.url,
    close: () => running.close(),
  };
}

/** Runs `body` once per transport, with the demo mock reset before each test. */
export function describeTransports(name: string, body: (env: () => Env) => void): void {
  for (const transport of ['in-process', 'http'] as const) {
    describe(`${name} [${transport}]`, () => {
      let env: Env | undefined;
      beforeAll(async () => {
        env = await createEnv(transport);
      });
      beforeEach(() => {
        env?.mock.reset();
      });
      afterAll(async () => {
        await env?.close();
      });
      body(() => {
        if (env === undefined) throw new Error('env not ready');
        return env;
      });
    });
  }
}

export interface CallOptions {
  key?: string | null;
  tenant?: string | null;
  user?: string | null;
  body?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

/**
 * Calls the service (demo sandbox key and tenant, Ann, by default). The answer is checked against
 * openapi.json, and the file fails at its end (helpers/conformance.ts) if one departs from it.
 */
export async function call(env: Env, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? DEMO_KEYS.sandbox : options.key;
  const tenant = options.tenant === undefined ? DEMO_TENANTS.sandbox : options.tenant;
  const user = options.user === undefined ? ANN : options.user;
  if (key !== null) headers['X-API-Key'] = key;
  if (tenant !== null) headers['X-Tenant-Id'] = tenant;
  if (user !== null) headers['X-User-Email'] = user;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, options.headers);
  const response = await env.fetch(`${env.base}${path}`, { method, headers, body: body ?? null });
  const text = await response.text();
  const json: unknown = text === '' ? undefined : JSON.parse(text);
  const pathname = new URL(path, 'http://x').pathname;
  if (pathname.startsWith('/api/v1/') && pathname !== OPENAPI_PATH) {
    // Injected faults may use statuses and codes outside the contract; their body is still the error envelope.
    const injected = response.headers.has('x-mock-fault');
    for (const error of openApiErrors(method, pathname, response.status, json, injected)) {
      findings().failures.push(`${method} ${path} ${response.status}: ${error}`);
    }
  }
  return { status: response.status, headers: response.headers, json: json as Reply['json'] };
}

/** Calls the control surface. */
export async function control(env: Env, method: string, path: string, body?: unknown): Promise<Reply> {
  const init: RequestInit = { method };
  // State-changing control requests are JSON, body or not: the Node adapter refuses any other type.
  if (method !== 'GET') init.headers = { 'content-type': 'application/json' };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await env.fetch(`${env.base}/__mock${path}`, init);
  return { status: response.status, headers: response.headers, json: await response.json() };
}
