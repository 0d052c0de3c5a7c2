/**
 * Isolation, proven: random interleaved sequences of API and control operations on several
 * tenants of one mock. Whatever is done to or in the other tenants, tenant A's requests get the
 * same answers as when A is alone: the same statuses, bodies and times (ids differ from run to
 * run, so they are numbered in the order A first sees them). Overrides aimed at the other tenants
 * (faults, stubs, dropped connections, by operation id or path template) never change A's answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_TENANTS, type CommFlowMock, type CreatedTenantResult } from '../../src/index.js';

const START = '2026-11-21T12:00:00.000Z';
const ANN = 'ann.lee@acme.test';

type Who = 'A' | 'B' | 'C';
type Step =
  | { who: Who; kind: 'createContact'; firstName: string }
  | { who: Who; kind: 'listContacts'; limit: number; search: string | undefined }
  | { who: Who; kind: 'sendSms'; body: string }
  | { who: Who; kind: 'listSms' }
  | { who: Who; kind: 'presence'; status: 'available' | 'away' | 'busy' }
  | { who: Who; kind: 'readPresence' }
  | { who: Who; kind: 'calendar'; minutes: number }
  | { who: Who; kind: 'listCalendar' }
  | { who: Who; kind: 'dial' }
  | { who: Who; kind: 'listCdr' }
  | { who: Who; kind: 'idempotentCreate'; key: string }
  | { who: Who; kind: 'reset' }
  | { who: Who; kind: 'advance'; ms: number }
  | { who: 'C'; kind: 'recreate' }
  | { who: 'B' | 'C'; kind: 'override'; target: OverrideTarget; effect: 'fault' | 'stub' | 'drop'; times?: number };

type OverrideTarget = { operationId: string } | { method: string; path: string };
const TARGETS: OverrideTarget[] = [
  { operationId: 'contacts.list' },
  { operationId: 'contacts.create' },
  { method: 'GET', path: '/api/v1/contacts' },
  { method: 'POST', path: '/api/v1/sms/conversations/{id}/messages' },
  { operationId: 'presence.list' },
  {},
] as OverrideTarget[];

const who = fc.constantFrom<Who>('A', 'B', 'C');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ who, kind: fc.constant('createContact' as const), firstName: fc.constantFrom('Ada', 'Quentin', 'Zo') }),
  fc.record({
    who,
    kind: fc.constant('listContacts' as const),
    limit: fc.integer({ min: 1, max: 12 }),
    search: fc.option(fc.constantFrom('a', 'qu', 'zz'), { nil: undefined }),
  }),
  fc.record({ who, kind: fc.constant('sendSms' as const), body: fc.constantFrom('hi', 'hello there') }),
  fc.record({ who, kind: fc.constant('listSms' as const) }),
  fc.record({ who, kind: fc.constant('presence' as const), status: fc.constantFrom('available', 'away', 'busy') }),
  fc.record({ who, kind: fc.constant('readPresence' as const) }),
  fc.record({ who, kind: fc.constant('calendar' as const), minutes: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ who, kind: fc.constant('listCalendar' as const) }),
  fc.record({ who, kind: fc.constant('dial' as const) }),
  fc.record({ who, kind: fc.constant('listCdr' as const) }),
  fc.record({ who, kind: fc.constant('idempotentCreate' as const), key: fc.constantFrom('k1', 'k2') }),
  fc.record({ who, kind: fc.constant('reset' as const) }),
  fc.record({ who, kind: fc.constant('advance' as const), ms: fc.constantFrom(1_000, 61_000, 3_600_000) }),
  fc.constant({ who: 'C' as const, kind: 'recreate' as const }),
  fc.record(
    {
      who: fc.constantFrom<'B' | 'C'>('B', 'C'),
      kind: fc.constant('override' as const),
      target: fc.constantFrom(...TARGETS),
      effect: fc.constantFrom<'fault' | 'stub' | 'drop'>('fault', 'stub', 'drop'),
      times: fc.integer({ min: 1, max: 3 }),
    },
    { requiredKeys: ['who', 'kind', 'target', 'effect'] },
  ),
);

interface World {
  mock: CommFlowMock;
  tenants: Partial<Record<Who, CreatedTenantResult>>;
  conversation: Partial<Record<Who, string | undefined>>;
}

async function setUp(names: readonly Who[]): Promise<World> {
  const mock = createMock('demo', { clock: { frozen: true, start: START } });
  const world: World = { mock, tenants: {}, conversation: {} };
  for (const name of names) await open(world, name);
  return world;
}

async function open(world: World, name: Who): Promise<void> {
  const created = world.mock.tenants.create({ from: DEMO_TENANTS.sandbox, name: `Tenant ${name}` });
  world.tenants[name] = created;
  // By peer: conversations without messages sort by id, and ids differ from run to run.
  const response = await send(world, name, 'GET', '/api/v1/sms/conversations?limit=100');
  const body = (await response.json()) as { data: { conversations: { id: string; peerNumber: string }[] } };
  world.conversation[name] = body.data.conversations.find((c) => c.peerNumber === '+14155550101')?.id;
}

function send(
  world: World,
  name: Who,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  const created = world.tenants[name];
  if (created === undefined) throw new Error(`tenant ${name} is not open`);
  return world.mock.fetch(path, {
    method,
    headers: {
      'X-API-Key': created.key,
      'X-Tenant-Id': created.tenant.id,
      'X-User-Email': ANN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extra,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Runs one step; answers what the step's tenant saw (undefined for a tenant not open). */
async function run(world: World, s: Step): Promise<unknown> {
  const created = world.tenants[s.who];
  if (s.kind === 'recreate') {
    if (created !== undefined) world.mock.tenants.delete(created.tenant.id);
    await open(world, 'C');
    return 'recreated';
  }
  if (created === undefined) return undefined;
  const id = created.tenant.id;
  if (s.kind === 'override') {
    // A stub must fit the contract of every operation it can answer: only the contact list gets one.
    const listsContacts =
      'operationId' in s.target ? s.target.operationId === 'contacts.list' : s.target.path === '/api/v1/contacts';
    const effect =
      s.effect === 'stub' && listsContacts
        ? { respond: { status: 200, body: { success: true, data: { contacts: [] } } } }
        : { fault: s.effect === 'drop' ? { drop: true as const } : { status: 503 } };
    return world.mock.overrides.add({
      tenantId: id,
      ...s.target,
      ...effect,
      ...(s.times === undefined ? {} : { times: s.times }),
    }).id;
  }
  const read = async (response: Promise<Response>) => {
    const answer = await response;
    const json = (await answer.json()) as {
      meta?: { requestId?: string; pagination?: { nextCursor?: string | null } };
      data?: { presence?: { email: string }[] };
    };
    delete json.meta?.requestId;
    // A cursor is opaque (it encodes an id, which differs from run to run): only whether there is one.
    if (typeof json.meta?.pagination?.nextCursor === 'string') json.meta.pagination.nextCursor = '<cursor>';
    // Presence lists users by id, and ids differ from run to run: compare them by email.
    if (Array.isArray(json.data?.presence)) json.data.presence.sort((a, b) => a.email.localeCompare(b.email));
    return { status: answer.status, replayed: answer.headers.get('idempotent-replayed'), json };
  };
  switch (s.kind) {
    case 'createContact':
      return read(send(world, s.who, 'POST', '/api/v1/contacts', { firstName: s.firstName }));
    case 'listContacts':
      return read(
        send(
          world,
          s.who,
          'GET',
          `/api/v1/contacts?limit=${String(s.limit)}${s.search === undefined ? '' : `&search=${s.search}`}`,
        ),
      );
    case 'sendSms':
      return read(
        send(world, s.who, 'POST', `/api/v1/sms/conversations/${world.conversation[s.who] ?? ''}/messages`, {
          body: s.body,
        }),
      );
    case 'listSms':
      return read(send(world, s.who, 'GET', `/api/v1/sms/conversations/${world.conversation[s.who] ?? ''}/messages`));
    case 'presence':
      return read(send(world, s.who, 'PUT', '/api/v1/presence', { status: s.status, message: '' }));
    case 'readPresence':
      return read(send(world, s.who, 'GET', '/api/v1/presence'));
    case 'calendar': {
      const start = Date.parse(START) + s.minutes * 60_000;
      const body = {
        title: 'Standup',
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 900_000).toISOString(),
      };
      return read(send(world, s.who, 'POST', '/api/v1/calendar', body));
    }
    case 'listCalendar':
      return read(send(world, s.who, 'GET', '/api/v1/calendar'));
    case 'dial':
      return read(send(world, s.who, 'POST', '/api/v1/click2dial', { destination: '+14155550999' }));
    case 'listCdr':
      return read(send(world, s.who, 'GET', '/api/v1/cdr'));
    case 'idempotentCreate':
      return read(send(world, s.who, 'POST', '/api/v1/contacts', { firstName: 'Idem' }, { 'Idempotency-Key': s.key }));
    case 'reset':
      world.mock.tenants.reset(id);
      return 'reset';
    case 'advance':
      return world.mock.tenants.advanceClock(id, s.ms).aheadMs;
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Ids numbered in order of first appearance: the same answers give the same text. */
function normalised(answers: unknown[]): string {
  const ids = new Map<string, string>();
  return JSON.stringify(answers).replace(UUID, (id) => {
    const key = id.toLowerCase();
    if (!ids.has(key)) ids.set(key, `id#${String(ids.size)}`);
    return ids.get(key) ?? key;
  });
}

describe('isolation between tenants', () => {
  it("nothing done to or in another tenant changes what tenant A's requests return, its clock included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const together = await setUp(['A', 'B', 'C']);
        const alone = await setUp(['A']);
        const seenTogether: unknown[] = [];
        const seenAlone: unknown[] = [];
        for (const s of steps) {
          // Another tenant's request may meet its own override dropping the connection: fetch rejects.
          const answer = s.who === 'A' ? await run(together, s) : await run(together, s).catch(() => 'dropped');
          if (s.who === 'A') seenTogether.push(answer);
        }
        for (const s of steps.filter((candidate) => candidate.who === 'A')) seenAlone.push(await run(alone, s));
        seenTogether.push(together.mock.tenants.clock(together.tenants.A?.tenant.id ?? '').now);
        seenAlone.push(alone.mock.tenants.clock(alone.tenants.A?.tenant.id ?? '').now);
        expect(normalised(seenTogether)).toBe(normalised(seenAlone));
        await Promise.all([together.mock.close(), alone.mock.close()]);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('the isolation property exercises the service', () => {
  it('every kind of step succeeds for an open tenant (the property compares real answers, not errors)', async () => {
    const world = await setUp(['A']);
    const steps: Step[] = [
      { who: 'A', kind: 'createContact', firstName: 'Quentin' },
      { who: 'A', kind: 'listContacts', limit: 3, search: 'qu' },
      { who: 'A', kind: 'sendSms', body: 'hi' },
      { who: 'A', kind: 'listSms' },
      { who: 'A', kind: 'presence', status: 'away' },
      { who: 'A', kind: 'readPresence' },
      { who: 'A', kind: 'calendar', minutes: 30 },
      { who: 'A', kind: 'listCalendar' },
      { who: 'A', kind: 'dial' },
      { who: 'A', kind: 'listCdr' },
      { who: 'A', kind: 'idempotentCreate', key: 'k1' },
    ];
    const statuses: unknown[] = [];
    for (const s of steps) statuses.push(((await run(world, s)) as { status: number }).status);
    expect(statuses).toEqual([201, 200, 200, 200, 200, 200, 201, 200, 200, 200, 201]);
    await world.mock.close();
  });
});
