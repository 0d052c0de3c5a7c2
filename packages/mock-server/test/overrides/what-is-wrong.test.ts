/**
 * Overrides, control inputs and remote calls that say what is wrong (issue 34): an operation id
 * that disagrees with its method and path names the operation the path belongs to, a misspelt
 * operation id or key gets "did you mean", and `remote.call()` of a route id the table lacks is a
 * `ControlError` naming the closest ids. In process, over real HTTP and on the remote handle.
 */
import { OPERATION_LIST } from '@commflow/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_ROUTES, type ControlRouteSpec } from '../../src/control-api/index.js';
import { ApiError, createMock, DEMO_TENANTS, type CommFlowMock, type OverrideInput } from '../../src/index.js';
import { startMockServer, type RunningMockServer } from '../../src/surfaces/adapters/node.js';
import { connectMock, ControlError, type RemoteMock } from '../../src/surfaces/remote/index.js';

interface Issue {
  path: readonly string[];
  message: string;
}

let server: RunningMockServer;
let remote: RemoteMock;
let mock: CommFlowMock;

beforeAll(async () => {
  server = await startMockServer({ scenario: 'demo' });
  remote = await connectMock(server.url);
  mock = createMock('demo', { clock: { frozen: true } });
});
afterAll(async () => {
  await server.close();
  await mock.close();
});

/** What `mock.overrides.add` throws for `override`; nothing is stored. */
function inProcess(override: unknown): Issue[] {
  const before = mock.overrides.list().length;
  let thrown: unknown;
  try {
    mock.overrides.add(override as OverrideInput);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  expect(mock.overrides.list()).toHaveLength(before);
  return (thrown as ApiError).details as Issue[];
}

/** What `POST /__mock/overrides` answers for `body`, and what `remote.overrides.add` throws. */
async function overHttp(body: unknown): Promise<{ http: Issue[]; remote: Issue[] }> {
  const response = await fetch(`${server.url}/__mock/overrides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(400);
  const json = (await response.json()) as { error: { code: string; details: Issue[] } };
  expect(json.error.code).toBe('VALIDATION_ERROR');
  const thrown = await remote.overrides.add(body as OverrideInput).catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(ControlError);
  expect(thrown).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
  expect(await remote.overrides.list()).toEqual([]);
  return { http: json.error.details, remote: [...(thrown as ControlError).issues] };
}

/** `issues` under `override` in process are `body` over HTTP and on the remote handle: the same otherwise. */
async function sameEverywhere(override: unknown): Promise<Issue[]> {
  const here = inProcess(override);
  const { http, remote: there } = await overHttp(override);
  const asSent = here.map((issue) => ({ path: ['body', ...issue.path.slice(1)], message: issue.message }));
  expect(http).toEqual(asSent);
  expect(there).toEqual(asSent);
  return here;
}

/** `name` with one slip of the fingers: a letter dropped, doubled, changed, or two swapped. */
const slip = (name: string, at: number, kind: number, letter: string): string => {
  const i = at % name.length;
  const j = Math.min(i + 1, name.length - 1);
  if (kind === 0) return name.slice(0, i) + name.slice(i + 1);
  if (kind === 1) return name.slice(0, i) + (name[i] ?? '') + name.slice(i);
  if (kind === 2) return name.slice(0, i) + letter + name.slice(i + 1);
  return name.slice(0, i) + (name[j] ?? '') + (name[i] ?? '') + name.slice(j + 1);
};
const slips = [fc.nat(), fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'e', 'i', 'n', 's', 't', 'x')] as const;

describe('an operation id and a method and path that disagree', () => {
  it('is refused saying so, naming the operation the path belongs to', async () => {
    const issues = await sameEverywhere({
      operationId: 'contacts.create',
      method: 'GET',
      path: '/api/v1/users',
      fault: { status: 503 },
    });
    expect(issues).toEqual([
      {
        path: ['override', 'path'],
        message:
          'the operation id and the method and path disagree: GET /api/v1/users is users.list, but contacts.create is POST /api/v1/contacts; give one of them, or make them name the same operation',
      },
    ]);
  });

  it('a concrete path names the operation whose template it fits; a path alone, its operations', async () => {
    const [concrete] = await sameEverywhere({
      operationId: 'users.list',
      path: '/api/v1/ai/agents/5b0d8c61-5a3e-4c1f-9d2a-7e6f4b3a2c10',
      fault: { status: 503 },
    });
    expect(concrete?.message).toMatch(
      /^the operation id and the path disagree: \/api\/v1\/ai\/agents\/5b0d8c61-5a3e-4c1f-9d2a-7e6f4b3a2c10 is ai\.agents\.get, but users\.list is GET \/api\/v1\/users;/,
    );
    const [method] = await sameEverywhere({ operationId: 'contacts.create', method: 'GET', fault: { status: 503 } });
    expect(method).toEqual({
      path: ['override', 'method'],
      message: 'the operation id and the method disagree: contacts.create is POST /api/v1/contacts, not GET',
    });
  });

  it('agreeing ones are accepted, as before', async () => {
    const local = createMock('demo', { clock: { frozen: true } });
    const { operations } = local.overrides.add({
      operationId: 'users.list',
      method: 'get',
      path: '/api/v1/users',
      fault: { status: 503 },
    });
    expect(operations).toEqual(['users.list']);
    await local.close();
  });
});

describe('a misspelt operation id', () => {
  it('gets "did you mean", in process, over HTTP and on the remote handle', async () => {
    const issues = await sameEverywhere({ operationId: 'contacts.craete', fault: { status: 503 } });
    expect(issues).toEqual([
      {
        path: ['override', 'operationId'],
        message: 'unknown operation id "contacts.craete"; did you mean "contacts.create" or "contacts.list"?',
      },
    ]);
  });

  it('any one slip of an operation id suggests it', () => {
    const ids = OPERATION_LIST.map((op) => op.id);
    fc.assert(
      fc.property(fc.constantFrom(...ids), ...slips, (id, at, kind, letter) => {
        const typed = slip(id, at, kind, letter);
        fc.pre(!ids.includes(typed));
        const [issue] = inProcess({ operationId: typed, fault: { status: 503 } });
        expect(issue?.path).toEqual(['override', 'operationId']);
        expect(issue?.message).toMatch(/did you mean /);
        expect(issue?.message.split('did you mean ')[1]).toContain(JSON.stringify(id));
      }),
      { numRuns: 200 },
    );
  });
});

describe('an unknown key of a control input', () => {
  it('is named with the key it most likely meant: an override', async () => {
    const issues = await sameEverywhere({ operationID: 'contacts.list', fault: { status: 503 } });
    expect(issues).toEqual([
      { path: ['override', 'operationID'], message: 'Unrecognized key; did you mean "operationId"?' },
    ]);
    // Nested too, and with nothing close, every key the object takes.
    const [nested] = inProcess({ operationId: 'contacts.list', fault: { statu: 503 } });
    expect(nested).toEqual({
      path: ['override', 'fault', 'statu'],
      message: 'Unrecognized key; did you mean "status"?',
    });
    const [far] = inProcess({ operationId: 'contacts.list', fault: { zzz: 1 } });
    expect(far?.message).toBe('Unrecognized key; the known keys are "status", "code", "delayMs" and "drop"');
  });

  it('any one slip of an override’s key suggests it', () => {
    const keys = [
      'tenantId',
      'operationId',
      'method',
      'path',
      'query',
      'body',
      'times',
      'after',
      'respond',
      'unchecked',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...keys), ...slips, (key, at, kind, letter) => {
        const typed = slip(key, at, kind, letter);
        fc.pre(![...keys, 'fault'].includes(typed));
        const issues = inProcess({ [typed]: 'x', fault: { status: 503 } });
        const issue = issues.find((found) => found.path.at(-1) === typed);
        expect(issue?.message).toMatch(/^Unrecognized key; did you mean /);
        expect(issue?.message).toContain(JSON.stringify(key));
      }),
      { numRuns: 200 },
    );
  });

  it('every control route that takes an object body names a misspelt key and the key it meant, over HTTP', async () => {
    const { tenant } = await remote.tenants.create({ from: DEMO_TENANTS.sandbox });
    const { id: webhookId } = await remote.webhooks.subscribe({ tenantId: tenant.id, url: 'http://127.0.0.1:9/hook' });
    const params: Record<string, string> = { id: tenant.id };
    let checked = 0;
    for (const [id, route] of Object.entries<ControlRouteSpec>(CONTROL_ROUTES)) {
      const keys = objectKeys(route.body);
      if (keys.length === 0) continue;
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        route.path.startsWith('/__mock/webhooks') ? webhookId : (params[name] ?? name),
      );
      for (const key of keys) {
        // The slip users make most: the case of a letter (`operationID`).
        const typed = key.slice(0, -1) + (key.at(-1) ?? '').toUpperCase();
        if (typed === key) continue;
        const response = await fetch(server.url + path, {
          method: route.method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ [typed]: null }),
        });
        const { error } = (await response.json()) as { error: { details?: Issue[] } };
        expect(response.status, `${id} ${typed}`).toBe(400);
        const issue = error.details?.find((found) => found.path.join('.') === `body.${typed}`);
        expect(issue?.message, `${id} ${typed}`).toMatch(new RegExp(`^Unrecognized key; did you mean "${key}"`));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
    await remote.tenants.delete(tenant.id);
  });

  it('in process too, where each method names its parameter', () => {
    expect(() => mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], permission: ['*'] } as never)).toThrow(
      'Invalid input.permission: Unrecognized key; did you mean "permissions"?',
    );
    expect(() => mock.setCarrier({ mode: 'reject', reson: 'outage' } as never)).toThrow(
      'Invalid settings.reson: Unrecognized key; did you mean "reason"?',
    );
  });

  it('a control query too: GET /__mock/journal?operationID=…', async () => {
    const response = await fetch(`${server.url}/__mock/journal?operationID=sms.send`);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { details: Issue[] } };
    expect(error.details).toContainEqual({
      path: ['query', 'operationID'],
      message: 'Unrecognized key; did you mean "operationId"?',
    });
  });
});

describe('remote.call() with a route id the table lacks', () => {
  /** `remote.call` as plain JavaScript sees it: any string, any input. */
  const call = (handle: RemoteMock, id: string, input?: unknown): Promise<unknown> =>
    (handle.call as (id: string, input?: unknown) => Promise<unknown>)(id, input);

  it('throws a ControlError naming the closest route ids, and sends nothing', async () => {
    let sent = 0;
    const counting = await connectMock(server.url, {
      fetch: (input, init) => {
        sent += 1;
        return fetch(input, init);
      },
    });
    sent = 0;
    const thrown = await call(counting, 'tenants.wipe', {}).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ControlError);
    expect(thrown).toMatchObject({
      code: 'UNKNOWN_ROUTE',
      status: 0,
      issues: [],
      message:
        'unknown control route id "tenants.wipe"; did you mean "tenants.list", "tenants.get" or "tenants.reset"?: nothing was sent',
    });
    const typo = await call(counting, 'overrides.ad', { body: {} }).catch((error: unknown) => error);
    expect((typo as ControlError).message).toMatch(/did you mean "overrides\.add"/);
    expect(sent).toBe(0);
  });

  it('a missing input is an empty one; a misspelt part is named with the part it meant', async () => {
    expect(await call(remote, 'clock')).toHaveProperty('offsetMs', 0);
    const thrown = await call(remote, 'advanceClock', { bdy: { ms: 1 } }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ControlError);
    expect(thrown).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['input', 'bdy'], message: 'Unrecognized key; did you mean "body"?' }],
    });
    const notObject = await call(remote, 'clock', 'now').catch((error: unknown) => error);
    expect(notObject).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: ['input'] }] });
  });
});

/** The keys of a route's body when it is an object (through optional, default and pipe); none otherwise. */
function objectKeys(schema: unknown): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = (current as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
    if (def === undefined) return [];
    if (def.type === 'object') return Object.keys(def.shape as object);
    current = def.innerType ?? def.in;
  }
  return [];
}
