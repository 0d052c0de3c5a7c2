/**
 * The testing surface's `@example`s run, and assert what they show: the requests and events a
 * test reads back (`MockTraffic`), tenants on demand (`MockTenants`), faults, and the matchers.
 * (The `test` fixture's own examples define tests, which a test cannot run: the examples
 * projects run that fixture.) Each example is read from the source's typedoc comment, as an editor's hover shows it, and run
 * against a fresh demo mock after its scene: the state the prose around it presumes (an SMS sent,
 * a call placed). `expr; // value` lines become `expect(expr).toEqual(value)`, as a reader reads
 * them; a scene's `check` asserts what an example shows without a comment. An example of these
 * files without a scene fails the test: a new example must say how it runs.
 */
import { readFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as mockServer from '../src/index.js';
import { DEMO_ACTING_USER, testClient, testMock, testTenant } from '../src/surfaces/testing/fixture.js';
import '../src/surfaces/testing/vitest.js';

/** The files of the testing surface whose member examples run. */
const FILES = [
  'facade/traffic.ts',
  'facade/tenants.ts',
  'facade/webhooks.ts',
  'surfaces/testing/matchers.ts',
  'surfaces/testing/matcher-types.ts',
  'surfaces/testing/fixture.ts',
];
/** Examples of other files that belong to it too: faults. */
const ALSO = ['MockCore.injectFault'];

interface Example {
  name: string;
  code: string;
  /** A type's example declares a value of it: tsc's business, nothing to run. */
  isType: boolean;
}

/** The `@example` code blocks of a source file, named `Class.member` or by export. */
function examplesOf(file: string): Example[] {
  const source = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
  const found: Example[] = [];
  for (const match of source.matchAll(/\/\*\*([\s\S]*?)\*\/\s*\n\s*([^\n]*)/g)) {
    const [, comment = '', declaration = ''] = match;
    const block = /@example\s*\n\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/.exec(comment)?.[1];
    if (block === undefined) continue;
    const code = block.replace(/^\s*\* ?/gm, '');
    const owner = [...source.slice(0, match.index).matchAll(/^export (?:abstract )?(?:class|interface) (\w+)/gm)].at(
      -1,
    )?.[1];
    const exported = /^export (?:declare )?(?:async )?(?:function|const|class|interface|type) (\w+)/.exec(declaration);
    const member = /^(?:async |static |get )*(\w+)\s*[<(]/.exec(declaration);
    const name = exported?.[1] ?? (owner !== undefined && member ? `${owner}.${member[1]}` : declaration.trim());
    found.push({ name, code, isType: /^export (?:interface|type) /.test(declaration) });
  }
  return found;
}

const SEND_HELLO = `
  const [conversation] = await collect(client.sms.conversations.list({ search: 'grace' }));
  await client.sms.send(conversation.id, { body: 'Hello' });`;

/** A subscription of the sandbox tenant, `id`, whose in-process receiver answers 204. */
const SUBSCRIBED = `const tenantId = DEMO_TENANTS.sandbox;
  const { id } = mock.webhooks.subscribe({ tenantId, events: ['*'], callback: () => 204 });`;
/** A delivery, `id`, that succeeded: an SMS sent to that subscription. */
const DELIVERED = `${SUBSCRIBED.replace('{ id }', '{ id: subscriptionId }')}
  ${SEND_HELLO}
  await mock.webhooks.idle();
  const [{ id }] = mock.webhooks.deliveries({ subscriptionId });`;
/** A delivery that failed for good: its receiver answers `answer` (500), one jump walks every retry. */
const FAILED = `let answer = 500;
  mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, events: ['sms.sent'], callback: () => answer });
  ${SEND_HELLO}
  await mock.webhooks.idle();
  mock.advanceClock(30 * 86_400_000);`;

interface Scene {
  /** Code run before the example, in its scope. */
  setup?: string;
  /** Code run after it, asserting what it shows. */
  check?: string;
}

/** How each example runs: the state its prose presumes, and what it shows. */
const SCENES: Record<string, Scene> = {
  MockTraffic: {},
  'MockTraffic.createApiKey': {
    check: `expect(key).toMatch(/^cf_/); expect(mock.apiKeys()).toHaveLength(demoScenario.apiKeys.length + 1);`,
  },
  'MockTraffic.apiKeys': {
    check: `expect(mock.apiKeys().map((k) => k.revoked)).toContain(true);`,
  },
  'MockTraffic.revokeApiKey': { check: `expect(mock.apiKeys()[0].revoked).toBe(true);` },
  'MockTraffic.journal': { setup: `await client.contacts.create({ firstName: 'Ada' });` },
  'MockTraffic.requests': { setup: SEND_HELLO },
  'MockTraffic.request': {
    setup: `const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };`,
  },
  'MockTraffic.onRequest': {
    setup: `const logged = []; const log = console.log; console.log = (...args) => logged.push(args.join(' '));`,
    check: `await client.contacts.list(); console.log = log; off();
      expect(logged).toEqual(['GET /api/v1/contacts 200']);
      await client.contacts.list(); expect(logged).toHaveLength(1);`,
  },
  'MockTraffic.events': { setup: `await client.voice.click2dial({ destination: '+14155550101' });` },
  'MockTraffic.onEvent': {
    setup: `const received = [];`,
    check: `await client.contacts.create({ firstName: 'Ada' }); off();
      expect(received.map((event) => event.type)).toEqual(['contact.changed']);`,
  },
  MockTenants: { check: `expect(mock.tenants.list().some((t) => t.id === tenant.id)).toBe(false);` },
  'MockTenants.create': {
    check: `const emails = (await collect(client.users.list())).map((user) => user.email);
      expect(emails).toEqual(mock.tenants.get(tenant.id).users.map((user) => user.email));`,
  },
  'MockTenants.get': {
    setup: `const tenantId = DEMO_TENANTS.live;`,
    check: `expect(mock.tenants.get(tenantId).users.map((user) => user.email)).toEqual(['grace@globex.test', 'henry@globex.test']);`,
  },
  'MockTenants.list': {
    check: `expect(mock.tenants.list().map((tenant) => \`\${tenant.name} (\${tenant.mode})\`)).toEqual(['Acme (sandbox)', 'Globex (live)']);`,
  },
  'MockTenants.reset': {
    setup: `const { tenant, key } = mock.tenants.create(); const tenantId = tenant.id;
      const hooks = []; const afterEach = (hook) => hooks.push(hook);
      const mine = await testClient(mock, { tenantId, apiKey: key, userEmail: tenant.users[0].email });
      await mine.contacts.create({ firstName: 'Ada' });`,
    check: `for (const hook of hooks) hook();
      expect(await collect(mine.contacts.list())).toEqual([]);`,
  },
  'MockTenants.delete': {
    setup: `const { tenant: { id: tenantId } } = mock.tenants.create();`,
    check: `expect(mock.tenants.list().some((t) => t.id === tenantId)).toBe(false);`,
  },
  'MockTenants.clock': {
    setup: `const tenantId = DEMO_TENANTS.sandbox;`,
    check: `expect(Date.parse(mock.tenants.clock(tenantId).now)).not.toBeNaN();`,
  },
  'MockTenants.advanceClock': {
    setup: `const tenantId = DEMO_TENANTS.sandbox; const before = Date.parse(mock.tenants.clock(tenantId).now);`,
    check: `expect(Date.parse(mock.tenants.clock(tenantId).now) - before).toBeGreaterThanOrEqual(61_000);`,
  },
  'MockTenants.snapshot': {
    setup: `const tenantId = DEMO_TENANTS.sandbox;`,
    check: `expect(fork.tenant.id).not.toBe(tenantId);
      expect(mock.tenants.get(fork.tenant.id).users).toEqual(mock.tenants.get(tenantId).users);`,
  },
  'MockTenants.restore': {
    setup: `const tenantId = DEMO_TENANTS.sandbox;`,
    check: `expect(mock.tenants.snapshot(tenantId).state).toEqual(before.state);`,
  },
  'MockWebhooks.subscribe': {
    setup: `const tenantId = DEMO_TENANTS.sandbox;`,
    check: `expect(secret).toMatch(/^whsec_/); expect(mock.webhooks.get(id).url).toBe('http://127.0.0.1:4000/hooks');`,
  },
  'MockWebhooks.list': {
    setup: `${SUBSCRIBED} const { url } = mock.webhooks.get(id);`,
    check: `expect(mock.webhooks.list({ tenantId }).map((subscription) => subscription.url)).toEqual([url]);`,
  },
  'MockWebhooks.get': { setup: SUBSCRIBED },
  'MockWebhooks.enable': {
    setup: `${SUBSCRIBED} mock.webhooks.disable(id);`,
    check: `expect(mock.webhooks.get(id).enabled).toBe(true);`,
  },
  'MockWebhooks.disable': { setup: SUBSCRIBED, check: `expect(mock.webhooks.get(id).enabled).toBe(false);` },
  'MockWebhooks.delete': { setup: SUBSCRIBED, check: `expect(mock.webhooks.list({ tenantId })).toEqual([]);` },
  'MockWebhooks.rotateSecret': {
    setup: SUBSCRIBED,
    check: `expect(secret).toMatch(/^whsec_/); expect(mock.webhooks.get(id).rotationEndsAt).toBe(previousSecretExpiresAt);`,
  },
  'MockWebhooks.deliveries': {
    setup: FAILED,
    check: `expect(mock.webhooks.deliveries({ status: 'failed' }).map((delivery) => delivery.attempts.length)).toEqual([MAX_DELIVERY_ATTEMPTS]);`,
  },
  'MockWebhooks.delivery': { setup: DELIVERED },
  'MockWebhooks.replay': {
    setup: `${FAILED} await mock.webhooks.idle(); answer = 204;`,
    check: `expect(mock.webhooks.delivery(replay.id)).toMatchObject({ replayOf: failed.id, status: 'succeeded' });`,
  },
  'MockWebhooks.deliveryRequest': {
    setup: DELIVERED,
    check: `expect(headers['webhook-id']).toBe(mock.webhooks.delivery(id).eventId); expect(JSON.parse(body).type).toBe('sms.sent');`,
  },
  'MockWebhooks.idle': {
    setup: SUBSCRIBED,
    check: `expect(mock.webhooks.deliveries({ subscriptionId: id }).map((delivery) => delivery.status)).toEqual(['succeeded']);`,
  },
  matchers: { setup: SEND_HELLO },
  'CommFlowMatchers.toHaveReceived': {
    setup: `const [conversation] = await collect(client.sms.conversations.list({ search: 'grace' }));
      await client.sms.send(conversation.id, { body: 'A table for two?' });`,
  },
  'CommFlowMatchers.toHaveReceivedTimes': { setup: `await client.contacts.create({ firstName: 'Ada' });` },
  'CommFlowMatchers.toHaveEmitted': { setup: `await client.contacts.create({ firstName: 'Ada' });` },
  'CommFlowMatchers.toHaveDelivered': {
    setup: `const { id } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, events: ['*'], callback: () => undefined });
      ${SEND_HELLO}`,
  },
  'CommFlowMatchers.toHaveUsedEveryOverride': {
    // The in-process mock stands in for the remote handle: both take the same matcher.
    setup: `const tenantId = DEMO_TENANTS.sandbox; const remote = mock;
      const hooks = []; const afterEach = (hook) => hooks.push(hook);
      mock.overrides.add({ tenantId, operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
      await collect(client.contacts.list()).catch(() => undefined);`,
    check: `for (const hook of hooks) await hook();
      expect(mock.overrides.list({ tenantId }).every((override) => override.hits > 0)).toBe(true);`,
  },
  DEMO_ACTING_USER: { setup: `await client.contacts.create({ firstName: 'Ada' });` },
  testMock: {
    check: `const before = mock.tenants.clock(DEMO_TENANTS.sandbox).now;
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(mock.tenants.clock(DEMO_TENANTS.sandbox).now).toBe(before);`,
  },
  testTenant: { check: `expect(tenant.id).toBe(DEMO_TENANTS.live);` },
  testClient: {
    check: `await client.contacts.create({ firstName: 'Ada' });
      expect(mock).toHaveReceived('contacts.create', { userEmail: 'bob.stone@acme.test' });`,
  },
  'MockCore.injectFault': {
    check: `for (const expected of [503, 503, 201]) {
        const answer = await client.contacts.create({ firstName: 'Ada' }).then(() => 201, (error) => error.status);
        expect(answer).toBe(expected);
      }`,
  },
};

/** `expr; // value` → `expect(expr).toEqual(value)`, for a literal value. */
function withAssertions(code: string): { code: string; asserted: boolean } {
  let asserted = /\bexpect\(/.test(code);
  const out = code.replace(
    /^(\s*)(.+?);\s*\/\/\s*(-?[0-9][0-9_]*(?:\.[0-9]+)?|'[^']*'|"[^"]*"|true|false|null)\b.*$/gm,
    (_line, indent: string, expression: string, value: string) => {
      asserted = true;
      return `${indent}expect(${expression}).toEqual(${value});`;
    },
  );
  return { code: out, asserted };
}

/** Imports inside an example become dynamic imports of the sources. */
const SPECIFIERS: Record<string, string> = {
  '@commflow/mock-server': '../src/index.js',
  '@commflow/mock-server/matchers': '../src/surfaces/testing/matchers-entry.js',
  '@commflow/mock-server/vitest': '../src/surfaces/testing/vitest.js',
};
const modules: Record<string, () => Promise<unknown>> = {
  '../src/index.js': () => import('../src/index.js'),
  '../src/surfaces/testing/matchers-entry.js': () => import('../src/surfaces/testing/matchers-entry.js'),
  '../src/surfaces/testing/vitest.js': () => import('../src/surfaces/testing/vitest.js'),
};

async function run(example: Example, scene: Scene): Promise<void> {
  const { code, asserted } = withAssertions(example.code);
  expect(asserted || scene.check !== undefined, `${example.name} shows nothing a test can assert`).toBe(true);
  const imported = code.replace(
    /^import (type )?\{([^}]*)\} from '([^']+)';$/gm,
    (_line, typeOnly: string | undefined, names: string, specifier: string) => {
      if (typeOnly !== undefined) return '';
      const path = SPECIFIERS[specifier];
      if (path === undefined) throw new Error(`${example.name} imports ${specifier}, which this test does not map`);
      return `const {${names}} = await load('${path}');`;
    },
  );
  const body = `${scene.setup ?? ''}\n${imported}\n${scene.check ?? ''}`;
  const { code: js } = await transform(`async function example() {\n${body}\n}`, { loader: 'ts' });
  const mock = mockServer.createMock('demo');
  const client = await testClient(mock, {});
  const scope = {
    ...mockServer,
    mock,
    client,
    expect,
    testClient,
    testMock,
    testTenant,
    DEMO_ACTING_USER,
    CommFlow: (await import('@commflow/sdk')).CommFlow,
    load: (path: string) => modules[path]?.(),
    collect: async <T>(items: AsyncIterable<T>) => {
      const all: T[] = [];
      for await (const item of items) all.push(item);
      return all;
    },
  };
  const names = Object.keys(scope).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the example's own code, from the repository's source
  const factory = new Function(...names, `${js}\nreturn example();`) as (...args: unknown[]) => Promise<void>;
  try {
    await factory(...names.map((name) => scope[name as keyof typeof scope]));
  } finally {
    await mock.close();
  }
}

const examples = [
  ...FILES.flatMap(examplesOf),
  ...['facade/core.ts'].flatMap(examplesOf).filter((example) => ALSO.includes(example.name)),
];
const runnable = examples.filter((example) => !example.isType);

describe('the testing surface’s @examples', () => {
  it('are all found, each with a scene', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(20);
    expect(runnable.map((example) => example.name).filter((name) => !(name in SCENES))).toEqual([]);
    expect(Object.keys(SCENES).filter((name) => !runnable.some((example) => example.name === name))).toEqual([]);
  });

  it.each(runnable.map((example) => [example.name, example] as const))(
    '%s runs and holds',
    { timeout: 30_000 },
    async (name, example) => {
      const scene = SCENES[name];
      if (scene === undefined) throw new Error(`${name} has no scene`);
      await run(example, scene);
    },
  );
});
