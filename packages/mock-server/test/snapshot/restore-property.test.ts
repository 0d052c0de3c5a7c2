/**
 * Property: a random sequence of API operations with a restore in the middle ends in the same
 * world as the same sequence without it. Snapshot at step k, restore into a fresh mock (and,
 * separately, into the same mock after it went on elsewhere), play the rest of the sequence, and
 * compare the final snapshots and every answer after step k.
 *
 * Clocks are frozen, so time is the same in every run. What must differ, and only that, is
 * normalised: what is minted at random after the snapshot differs from run to run (record,
 * event and request ids are random UUIDs; a key created at run time has a random secret, hence
 * its hash, listed id and hint), so each such value is renamed by order of first appearance
 * (`<random 0>`, `<random 1>`, …), and cursors, which carry ids, are compared decoded and renamed
 * the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, MAGIC_DIAL_DESTINATIONS, type CommFlowMock } from '../../src/index.js';
import { ANN, BOB, START, viaJson } from './helpers.js';

/** Runs are bounded by count (numRuns, sequence length), never by time; the timeout only has to be out of reach. */
const PROPERTY_TIMEOUT_MS = 120_000;
const CAROL = 'carla.diaz@acme.test';
const NO_SUCH_CONVERSATION = '00000000-0000-4000-8000-000000000000';
const NEVER_CREATED_KEY = 'cf_never_created_000000000000000000000000';

type Op =
  | { kind: 'createContact'; firstName: string; idempotencyKey: string | null }
  | { kind: 'listContacts'; limit: number; cursor: 'none' | 'last' | 'garbage' }
  | { kind: 'dial'; destination: string; idempotencyKey: string | null }
  | { kind: 'advance'; ms: number }
  | { kind: 'chatStart'; participant: string }
  | { kind: 'chatSend'; content: string }
  | { kind: 'sms'; peer: string; body: string }
  | { kind: 'inboundSms'; body: string }
  | { kind: 'presence'; status: string }
  | { kind: 'calendar'; valid: boolean }
  | { kind: 'revokedKey' }
  | { kind: 'createKey'; permissions: string[] }
  | { kind: 'useKey'; create: boolean }
  | { kind: 'revokeKey' };

/** Valid and invalid inputs (an empty name, a bad destination or status, a reused key, …). */
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('createContact' as const),
    firstName: fc.constantFrom('Ada', 'Bo', ''),
    idempotencyKey: fc.constantFrom(null, 'k-1', 'k-2'),
  }),
  fc.record({
    kind: fc.constant('listContacts' as const),
    limit: fc.integer({ min: 1, max: 3 }),
    cursor: fc.constantFrom('none' as const, 'last' as const, 'garbage' as const),
  }),
  fc.record({
    kind: fc.constant('dial' as const),
    destination: fc.constantFrom('+14155550100', MAGIC_DIAL_DESTINATIONS.busy, '1002', 'call me'),
    idempotencyKey: fc.constantFrom(null, 'd-1'),
  }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 70_000 }) }),
  fc.record({ kind: fc.constant('chatStart' as const), participant: fc.constantFrom(BOB, CAROL, 'nobody@acme.test') }),
  fc.record({ kind: fc.constant('chatSend' as const), content: fc.constantFrom('hi', '') }),
  fc.record({
    kind: fc.constant('sms' as const),
    peer: fc.constantFrom('Grace Hopper', 'Katherine Johnson'),
    body: fc.constantFrom('hello', ''),
  }),
  fc.record({ kind: fc.constant('inboundSms' as const), body: fc.constantFrom('ping', 'pong') }),
  fc.record({ kind: fc.constant('presence' as const), status: fc.constantFrom('busy', 'away', 'sleeping') }),
  fc.record({ kind: fc.constant('calendar' as const), valid: fc.boolean() }),
  fc.record({ kind: fc.constant('revokedKey' as const) }),
  fc.record({ kind: fc.constant('createKey' as const), permissions: fc.constantFrom<string[]>(['*'], ['users']) }),
  fc.record({ kind: fc.constant('useKey' as const), create: fc.boolean() }),
  fc.record({ kind: fc.constant('revokeKey' as const) }),
);

/** What a run remembers between steps: the last cursor, chat and key secret it was handed. */
interface RunState {
  cursor: string | null;
  chat: string | null;
  key: string | null;
}

interface Answer {
  status: number;
  body: unknown;
}

async function send(
  mock: CommFlowMock,
  method: string,
  path: string,
  options: { body?: unknown; key?: string; user?: string; idempotencyKey?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'X-API-Key': options.key ?? DEMO_KEYS.sandbox,
    'X-Tenant-Id': DEMO_TENANTS.sandbox,
    'X-User-Email': options.user ?? ANN,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey != null) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await mock.fetch(path, {
    method,
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** Plays one operation; returns what the mock answered. */
async function play(mock: CommFlowMock, op: Op, run: RunState): Promise<Answer> {
  switch (op.kind) {
    case 'createContact':
      return send(mock, 'POST', '/api/v1/contacts', {
        body: { firstName: op.firstName, lastName: 'Prop' },
        idempotencyKey: op.idempotencyKey,
      });
    case 'listContacts': {
      const cursor = op.cursor === 'last' ? run.cursor : op.cursor === 'garbage' ? 'not-a-cursor' : null;
      const answer = await send(
        mock,
        'GET',
        `/api/v1/contacts?limit=${op.limit}${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      const next = (answer.body as { meta?: { pagination?: { nextCursor?: string | null } } }).meta?.pagination
        ?.nextCursor;
      if (typeof next === 'string') run.cursor = next;
      return answer;
    }
    case 'dial':
      return send(mock, 'POST', '/api/v1/click2dial', {
        body: { destination: op.destination },
        idempotencyKey: op.idempotencyKey,
      });
    case 'advance':
      return { status: 200, body: mock.advanceClock(op.ms) };
    case 'chatStart': {
      const answer = await send(mock, 'POST', '/api/v1/chat/conversations', {
        body: { participantEmail: op.participant, message: 'hello' },
      });
      const id = (answer.body as { data?: { conversation?: { id?: string } } }).data?.conversation?.id;
      if (id !== undefined) run.chat = id;
      return answer;
    }
    case 'chatSend':
      return send(mock, 'POST', '/api/v1/chat/messages', {
        body: { conversationId: run.chat ?? NO_SUCH_CONVERSATION, content: op.content },
      });
    case 'sms': {
      const list = await send(mock, 'GET', `/api/v1/sms/conversations?search=${encodeURIComponent(op.peer)}`);
      const conversations = (list.body as { data?: { conversations?: { id: string }[] } }).data?.conversations ?? [];
      const id = conversations[0]?.id ?? NO_SUCH_CONVERSATION;
      return send(mock, 'POST', `/api/v1/sms/conversations/${id}/messages`, { body: { body: op.body } });
    }
    case 'inboundSms':
      return {
        status: 201,
        body: mock.receiveSms({
          tenantId: DEMO_TENANTS.sandbox,
          to: '+14155550100',
          from: '+14155550177',
          body: op.body,
        }),
      };
    case 'presence':
      return send(mock, 'PUT', '/api/v1/presence', { body: { status: op.status, message: 'prop' } });
    case 'calendar':
      return send(mock, 'POST', '/api/v1/calendar', {
        body: op.valid
          ? { title: 'Prop', startTime: '2026-11-23T12:00:00Z', endTime: '2026-11-23T13:00:00Z' }
          : { title: 'Prop', startTime: '2026-11-23T12:00:00Z', endTime: '2026-11-23T11:00:00Z' },
      });
    case 'revokedKey':
      return send(mock, 'GET', '/api/v1/users', { key: DEMO_KEYS.revoked });
    case 'createKey': {
      const created = mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], permissions: op.permissions });
      run.key = created.key;
      return { status: 201, body: { hint: created.hint, permissions: created.permissions } };
    }
    case 'useKey':
      // Without a key of its own yet, the run sends one that was never created: 401.
      return op.create
        ? send(mock, 'POST', '/api/v1/contacts', {
            key: run.key ?? NEVER_CREATED_KEY,
            body: { firstName: 'Keyed' },
            idempotencyKey: 'k-1',
          })
        : send(mock, 'GET', '/api/v1/contacts?limit=1', { key: run.key ?? NEVER_CREATED_KEY });
    case 'revokeKey': {
      const hint = run.key === null ? undefined : `cf_…${run.key.slice(-4)}`;
      const listed = mock.apiKeys().findLast((key) => key.hint === hint && key.label === null);
      return {
        status: listed === undefined ? 404 : 200,
        body: listed === undefined ? null : mock.revokeApiKey(listed.id),
      };
    }
  }
}

/** Minted at random: record ids, and the hash, listed id and hint of a key created at run time. */
const RANDOM =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b[0-9a-f]{64}\b|\b[0-9a-f]{16}\b|cfa?_…[\w-]{4}/gi;

const decodeCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');

/** Every value of {@link RANDOM}'s kinds in `value`: those a checkpoint holds must come back as they were. */
function randomValues(value: unknown): Set<string> {
  return new Set([...JSON.stringify(value).matchAll(RANDOM)].map(([found]) => found.toLowerCase()));
}

/**
 * Renames every random value (see {@link RANDOM}) but those in `keep` by order of first
 * appearance, consistently across everything it is given, and shows cursors decoded (they carry
 * ids), in answers and in the journal's query strings. Nothing else is touched.
 */
function normaliser(keep: ReadonlySet<string> = new Set()) {
  const names = new Map<string, string>();
  const rename = (text: string) =>
    text.replace(RANDOM, (id) => {
      const key = id.toLowerCase();
      if (keep.has(key)) return id;
      let name = names.get(key);
      if (name === undefined) {
        name = `<random ${names.size}>`;
        names.set(key, name);
      }
      return name;
    });
  const walk = (value: unknown, field?: string): unknown => {
    if (typeof value === 'string') {
      const decoded =
        field === 'nextCursor' || field === 'cursor'
          ? decodeCursor(value)
          : value.replace(/cursor=([\w-]+)/g, (_, cursor: string) => `cursor=${decodeCursor(cursor)}`);
      return rename(decoded);
    }
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
    }
    return value;
  };
  return (value: unknown) => walk(viaJson(value));
}

/** Plays `ops` from `from` on in each mock, step by step; returns each one's answers. */
async function playRest(runs: { mock: CommFlowMock; run: RunState }[], ops: Op[], from: number): Promise<unknown[][]> {
  const answers: unknown[][] = runs.map(() => []);
  for (let i = from; i < ops.length; i++) {
    const op = ops[i];
    if (op === undefined) continue;
    for (const [r, { mock, run }] of runs.entries()) answers[r]?.push(viaJson(await play(mock, op, run)));
  }
  return answers;
}

/** `actual` and `expected` are equal once each is normalised on its own, keeping `keep`. */
function expectSame(actual: unknown, expected: unknown, keep?: ReadonlySet<string>): void {
  expect(normaliser(keep)(actual)).toEqual(normaliser(keep)(expected));
}

const frozen = (scenario: CommFlowMock['scenario'] | 'demo', start = START) =>
  createMock(scenario, { clock: { frozen: true, start } });

describe('property: a restore in the middle changes nothing', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('random operation sequences end in the same world with or without a restore at step k', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 20 }), fc.nat(), async (ops, at) => {
        const k = at % (ops.length + 1);
        // The run without a restore.
        const straight = frozen('demo');
        // Restored into the same mock after it went on to the end first.
        const rewound = frozen(straight.scenario);
        const mocks = [straight, rewound];
        try {
          const straightRun: RunState = { cursor: null, chat: null, key: null };
          const rewoundRun: RunState = { cursor: null, chat: null, key: null };
          for (const op of ops.slice(0, k)) {
            await play(straight, op, straightRun);
            await play(rewound, op, rewoundRun);
          }
          const checkpoint = viaJson(straight.snapshot());
          const atCheckpoint = { ...straightRun };
          const rewoundCheckpoint = viaJson(rewound.snapshot());
          const rewoundAtCheckpoint = { ...rewoundRun };
          for (const op of ops.slice(k)) await play(rewound, op, rewoundRun);
          rewound.restore(rewoundCheckpoint);
          Object.assign(rewoundRun, rewoundAtCheckpoint);

          // Restored into a fresh mock: another demo world (its own ids) at another time.
          const fresh = frozen('demo', '2031-05-05T05:05:05.000Z');
          mocks.push(fresh);
          fresh.restore(checkpoint);
          const freshRun = { ...atCheckpoint };

          const [straightAnswers, freshAnswers, rewoundAnswers] = await playRest(
            [
              { mock: straight, run: straightRun },
              { mock: fresh, run: freshRun },
              { mock: rewound, run: rewoundRun },
            ],
            ops,
            k,
          );
          // The fresh mock holds the checkpoint's own values: those must come back exactly.
          const keep = randomValues(checkpoint);
          expectSame(freshAnswers, straightAnswers, keep);
          expectSame(fresh.snapshot(), straight.snapshot(), keep);
          // The rewound mock made its own ids before the checkpoint too: all are renamed.
          expectSame(rewoundAnswers, straightAnswers);
          expectSame(rewound.snapshot(), straight.snapshot());
        } finally {
          for (const mock of mocks) await mock.close();
        }
      }),
      { numRuns: 50 },
    );
  });
});
