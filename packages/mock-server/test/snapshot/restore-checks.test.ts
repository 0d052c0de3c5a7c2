/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`. */
/**
 * Every reference a restore checks, one test each: a snapshot whose parts do not fit together is
 * refused with `SnapshotError` naming the path and what is wrong, and the world stays as it was.
 * Each test builds its own small world (no `beforeAll`), so that the mutation run can tie the
 * checks to the tests that pin them; `bad-input.test.ts` does the same over HTTP on a busy world.
 */
import { describe, expect, it } from 'vitest';
import {
  createMock,
  demoScenario,
  MAGIC_DIAL_DESTINATIONS,
  SnapshotError,
  type CommFlowMock,
  type MockSnapshot,
  type ScenarioInput,
} from '../../src/index.js';
import { api, control, DEMO_TENANTS, START, viaJson, type Target } from './helpers.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const UNKNOWN_TENANT = '99999999-9999-4999-8999-999999999999';

const closing = closeAfterEach();

/**
 * A small world holding one of each reference a restore checks: a call in progress and one
 * ended, a tenant created at run time with a clock ahead, a webhook subscription. Built per test.
 */
async function smallWorld(): Promise<{ mock: CommFlowMock; target: Target; good: MockSnapshot; createdId: string }> {
  const mock = createMock('demo', { clock: { frozen: true, start: START } });
  closing(mock);
  const target: Target = { base: 'http://commflow.mock', fetch: mock.fetch };
  expect(
    (await api(target, 'POST', '/api/v1/click2dial', { body: { destination: MAGIC_DIAL_DESTINATIONS.busy } })).status,
  ).toBe(200);
  mock.advanceClock(7_000);
  expect((await api(target, 'POST', '/api/v1/click2dial', { body: { destination: '+14155550100' } })).status).toBe(200);
  const { tenant } = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
  mock.tenants.advanceClock(tenant.id, 5_000);
  mock.webhooks.subscribe({
    tenantId: DEMO_TENANTS.sandbox,
    url: 'http://127.0.0.1:9/hooks',
    events: ['contact.changed'],
  });
  const good = viaJson(mock.snapshot());
  expect(good.state.calls.active).toHaveLength(1);
  expect(good.state.calls.ended).toHaveLength(1);
  expect(good.state.createdTenants).toHaveLength(1);
  expect(good.state.tenantClocks).toEqual([[tenant.id, 5_000]]);
  return { mock, target, good, createdId: tenant.id };
}

/** A copy of `good`, changed by `edit`. */
function edited(good: MockSnapshot, edit: (snapshot: MockSnapshot) => void): MockSnapshot {
  const copy = viaJson(good);
  edit(copy);
  return copy;
}

/** Restores `input`, expects a `SnapshotError`, and returns it; the world must not have changed. */
function refusal(mock: CommFlowMock, good: MockSnapshot, input: unknown): SnapshotError {
  let thrown: unknown;
  try {
    mock.restore(input);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(SnapshotError);
  expect((thrown as SnapshotError).name).toBe('SnapshotError');
  expect(viaJson(mock.snapshot())).toEqual(good);
  return thrown as SnapshotError;
}

/** The index of the tenant `id` in the snapshot. */
function tenantAt(snapshot: MockSnapshot, id: string): number {
  const index = snapshot.state.tenants.findIndex((tenant) => tenant.id === id);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

describe('restore checks every reference, names the path, and changes nothing', () => {
  it('another version, named with the one this mock reads', async () => {
    const { mock, good } = await smallWorld();
    for (const version of [2, '1', null]) {
      const bad = { ...viaJson(good), version };
      expect(refusal(mock, good, bad).issues).toEqual([
        { path: ['version'], message: `unknown version ${JSON.stringify(version)}; this mock reads version 1` },
      ]);
    }
  });

  it('a malformed field deep inside, with its path (list positions as numbers)', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      const [key] = snapshot.state.keys;
      if (key !== undefined) (key as { revoked: unknown }).revoked = 'no';
      (snapshot.state.tenants[1] as { users: unknown }).users = 'everyone';
    });
    expect(refusal(mock, good, bad).issues.map((issue) => issue.path)).toEqual([
      ['state', 'tenants', 1, 'users'],
      ['state', 'keys', 0, 'revoked'],
    ]);
  });

  it('a call in progress that its tenant does not hold', async () => {
    const { mock, good } = await smallWorld();
    const [tenantId = ''] = good.state.calls.active[0] ?? [];
    const bad = edited(good, (snapshot) => {
      snapshot.state.calls.active[0] = [tenantId, 'no-such-call'];
    });
    expect(refusal(mock, good, bad).issues).toEqual([
      { path: ['state', 'calls', 'active', 0], message: `no call "no-such-call" in tenant "${tenantId}"` },
    ]);
  });

  it('an ended call of a tenant that does not exist', async () => {
    const { mock, good } = await smallWorld();
    const [, callId = ''] = good.state.calls.ended[0] ?? [];
    const bad = edited(good, (snapshot) => {
      snapshot.state.calls.ended[0] = [UNKNOWN_TENANT, callId];
    });
    expect(refusal(mock, good, bad).issues).toEqual([
      { path: ['state', 'calls', 'ended', 0], message: `no call "${callId}" in tenant "${UNKNOWN_TENANT}"` },
    ]);
  });

  it('a webhook subscription of an unknown tenant', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      const [subscription] = snapshot.state.subscriptions;
      if (subscription !== undefined) subscription.tenantId = UNKNOWN_TENANT;
    });
    expect(refusal(mock, good, bad).issues).toEqual([
      { path: ['state', 'subscriptions', 0, 'tenantId'], message: `no tenant has id "${UNKNOWN_TENANT}"` },
    ]);
  });

  it('a webhook subscription whose filter names an event type the mock does not have', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      const [subscription] = snapshot.state.subscriptions;
      if (subscription !== undefined) subscription.events = ['contact.changed', 'contact.chnaged'];
    });
    const [issue] = refusal(mock, good, bad).issues;
    expect(issue?.path).toEqual(['state', 'subscriptions', 0, 'events', 1]);
    expect(issue?.message).toContain('unknown event type "contact.chnaged"');
  });

  it('a webhook subscription with an empty filter (it could never deliver)', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      const [subscription] = snapshot.state.subscriptions;
      if (subscription !== undefined) subscription.events = [];
    });
    expect(refusal(mock, good, bad).issues.map((issue) => issue.path)).toEqual([
      ['state', 'subscriptions', 0, 'events'],
    ]);
  });

  it('a tenant clock of an unknown tenant', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      snapshot.state.tenantClocks.push([UNKNOWN_TENANT, 1_000]);
    });
    expect(refusal(mock, good, bad).issues).toEqual([
      { path: ['state', 'tenantClocks', 1, 0], message: `no tenant has id "${UNKNOWN_TENANT}"` },
    ]);
  });

  it('a tenant with scenario contacts that no scenario or created tenant has', async () => {
    const { mock, good } = await smallWorld();
    const at = tenantAt(good, DEMO_TENANTS.live);
    const bad = edited(good, (snapshot) => {
      const tenant = snapshot.state.tenants[at];
      if (tenant !== undefined) tenant.id = UNKNOWN_TENANT;
    });
    expect(good.state.tenants[at]?.scenarioContacts).toBe(true);
    expect(refusal(mock, good, bad).issues).toEqual([
      {
        path: ['state', 'tenants', at, 'scenarioContacts'],
        message: `no scenario or created tenant has id "${UNKNOWN_TENANT}"`,
      },
    ]);
  });

  it('a tenant without scenario contacts needs no scenario tenant of its id', async () => {
    const { mock, good } = await smallWorld();
    const at = tenantAt(good, DEMO_TENANTS.live);
    const renamed = edited(good, (snapshot) => {
      const tenant = snapshot.state.tenants[at];
      if (tenant === undefined) return;
      tenant.id = UNKNOWN_TENANT;
      tenant.scenarioContacts = false;
    });
    mock.restore(renamed);
    expect(mock.tenants.list().map((tenant) => tenant.id)).toContain(UNKNOWN_TENANT);
    expect(viaJson(mock.snapshot())).toEqual(renamed);
  });

  it('the same tenant twice', async () => {
    const { mock, good, createdId } = await smallWorld();
    const at = tenantAt(good, createdId);
    const bad = edited(good, (snapshot) => {
      const tenant = snapshot.state.tenants[at];
      if (tenant !== undefined) snapshot.state.tenants.push(viaJson(tenant));
    });
    expect(refusal(mock, good, bad).issues).toEqual([
      { path: ['state', 'tenants', good.state.tenants.length, 'id'], message: `tenant "${createdId}" appears twice` },
    ]);
  });

  it('an SMS conversation on a number its tenant does not have', async () => {
    const { mock, good } = await smallWorld();
    const at = tenantAt(good, DEMO_TENANTS.sandbox);
    const conversations = good.state.tenants[at]?.smsConversations ?? [];
    expect(conversations.length).toBeGreaterThan(1);
    const last = conversations.length - 1;
    const bad = edited(good, (snapshot) => {
      const conversation = snapshot.state.tenants[at]?.smsConversations[last];
      if (conversation !== undefined) conversation.smsNumber = '+19995550000';
    });
    expect(refusal(mock, good, bad).issues).toEqual([
      {
        path: ['state', 'tenants', at, 'smsConversations', last, 'smsNumber'],
        message: `not one of the tenant's smsNumbers: "+19995550000"`,
      },
    ]);
  });

  it('a baseline whose contact rows do not match its tenants', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      snapshot.baseline.contactRows.pop();
    });
    expect(refusal(mock, good, bad).issues).toEqual([
      { path: ['baseline', 'contactRows'], message: 'one entry per baseline tenant' },
    ]);
  });

  it('a baseline scenario the scenario schema refuses, named from the snapshot', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      (snapshot.baseline.scenario.tenants[1] as Record<string, unknown>).mode = 'staging';
    });
    const { issues } = refusal(mock, good, bad);
    expect(issues).toEqual([{ path: ['baseline', 'scenario', 'tenants', '1', 'mode'], message: expect.any(String) }]);
  });

  it('a created tenant whose template the scenario schema refuses, named from the snapshot', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      const [created] = snapshot.state.createdTenants;
      if (created !== undefined) (created.template as Record<string, unknown>).mode = 'staging';
    });
    const createdId = good.state.createdTenants[0]?.template.id;
    const at = tenantAt(good, createdId ?? '');
    // Without its template the created tenant's seed is unknown, and so is the tenant for what refers to it.
    expect(refusal(mock, good, bad).issues).toEqual([
      { path: ['state', 'createdTenants', 0, 'template', 'mode'], message: expect.any(String) },
      {
        path: ['state', 'tenants', at, 'scenarioContacts'],
        message: `no scenario or created tenant has id "${createdId}"`,
      },
      { path: ['state', 'tenantClocks', 0, 0], message: `no tenant has id "${createdId}"` },
    ]);
  });

  it('every problem at once, each named; the message lists the first ten', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      for (let i = 0; i < 12; i++) snapshot.state.tenantClocks.push([`${UNKNOWN_TENANT}-${i}`, 1]);
      snapshot.state.calls.active[0] = [UNKNOWN_TENANT, 'no-such-call'];
    });
    const error = refusal(mock, good, bad);
    expect(error.issues).toHaveLength(13);
    expect(error.issues).toContainEqual({
      path: ['state', 'calls', 'active', 0],
      message: `no call "no-such-call" in tenant "${UNKNOWN_TENANT}"`,
    });
    for (let i = 0; i < 12; i++) {
      expect(error.issues).toContainEqual({
        path: ['state', 'tenantClocks', i + 1, 0],
        message: `no tenant has id "${UNKNOWN_TENANT}-${String(i)}"`,
      });
    }
    // The message: a head line, then the first ten issues, each as path and message.
    const lines = error.message.split('\n');
    expect(lines).toEqual([
      'Invalid snapshot:',
      ...error.issues.slice(0, 10).map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`),
    ]);
  });

  it('not a snapshot at all: the message says "(root)"', async () => {
    const { mock, good } = await smallWorld();
    for (const input of [null, 'world.json', [good], 42]) {
      const error = refusal(mock, good, input);
      expect(error.issues).toEqual([{ path: [], message: 'a snapshot is a JSON object' }]);
      expect(error.message).toBe('Invalid snapshot:\n  - (root): a snapshot is a JSON object');
    }
  });

  it('inside `{ snapshot }` or GET’s whole answer, the path starts from the top of what was given', async () => {
    const { mock, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      snapshot.state.calls.active[0] = [UNKNOWN_TENANT, 'no-such-call'];
    });
    expect(refusal(mock, good, { snapshot: bad }).issues[0]?.path).toEqual(['snapshot', 'state', 'calls', 'active', 0]);
    expect(refusal(mock, good, { success: true, data: { snapshot: bad }, meta: {} }).issues[0]?.path).toEqual([
      'data',
      'snapshot',
      'state',
      'calls',
      'active',
      0,
    ]);
    // A value with neither is read as a snapshot itself, so it lacks the format.
    for (const input of [{ data: 'snapshot' }, { data: null }, { data: { world: good } }, {}]) {
      expect(refusal(mock, good, input).issues).toEqual([
        { path: ['format'], message: 'must be "commflow-mock-snapshot"' },
      ]);
    }
    // A whole answer with a good snapshot restores.
    mock.restore({ success: true, data: { snapshot: good }, meta: {} });
    expect(viaJson(mock.snapshot())).toEqual(good);
  });

  it('over HTTP the same checks answer 400 with the path under `body`, and nothing changes', async () => {
    const { target, good } = await smallWorld();
    const bad = edited(good, (snapshot) => {
      snapshot.state.calls.ended[0] = [UNKNOWN_TENANT, 'gone'];
    });
    const reply = await control(target, 'PUT', '/snapshot', { snapshot: bad });
    expect(reply.status).toBe(400);
    expect(reply.json.error.code).toBe('VALIDATION_ERROR');
    expect(reply.json.error.details).toEqual([
      {
        path: ['body', 'snapshot', 'state', 'calls', 'ended', '0'],
        message: `no call "gone" in tenant "${UNKNOWN_TENANT}"`,
      },
    ]);
    expect((await control(target, 'GET', '/snapshot')).json.data.snapshot).toEqual(good);
  });
});

describe('a restore brings back what the checks let through', () => {
  it('the created tenant, its clock, its calls and its contacts merged in creation order', async () => {
    const { mock, target, createdId } = await smallWorld();
    // A contact created at run time, after the scenario's rows in time.
    expect(
      (await api(target, 'POST', '/api/v1/contacts', { body: { firstName: 'Zed', lastName: 'Later' } })).status,
    ).toBe(201);
    // An SMS without a failure reason, whose record holds the field as `undefined`.
    const conversations = (await api(target, 'GET', '/api/v1/sms/conversations')).json.data.conversations;
    const sent = await api(target, 'POST', `/api/v1/sms/conversations/${conversations[0].id}/messages`, {
      body: { body: 'On my way' },
    });
    expect(sent.status).toBe(200);
    expect(sent.json.data.message).not.toHaveProperty('failureReason');
    const snapshot = viaJson(mock.snapshot());
    const fresh = createMock('demo', { clock: { frozen: true, start: '2030-01-01T00:00:00.000Z' } });
    closing(fresh);
    fresh.restore(snapshot);
    // The tenants are plain JSON through and through: no field is left `undefined` (the SMS above).
    // (A journal entry keeps `body: undefined` for a request without one, as `mock.journal()` shows it.)
    expect(viaJson(fresh.snapshot().state.tenants)).toStrictEqual(fresh.snapshot().state.tenants);
    expect(viaJson(fresh.snapshot())).toEqual(snapshot);
    const contactIds = async (on: Target): Promise<string[]> => {
      const contacts: { id: string }[] = (await api(on, 'GET', '/api/v1/contacts?limit=100')).json.data.contacts;
      return contacts.map((contact) => contact.id);
    };
    const listed = await contactIds(target);
    expect(listed.length).toBeGreaterThan(1);
    expect(await contactIds({ base: 'http://commflow.mock', fetch: fresh.fetch })).toEqual(listed);
    expect(fresh.tenants.clock(createdId)).toEqual(mock.tenants.clock(createdId));
    expect(fresh.calls()).toEqual(mock.calls());
    // The created tenant's template came back: its reset rebuilds the same tenant.
    expect(fresh.tenants.reset(createdId)).toEqual(mock.tenants.reset(createdId));
  });
});

/** An hour of the demo's clock, from START. */
const at = (hours: number) => new Date(Date.parse(START) + hours * 3_600_000).toISOString();

/** The demo with its first four sandbox contacts only, created at `hours` (from START). */
function demoWithContactsAt(hours: readonly number[]): CommFlowMock {
  const scenario = structuredClone(demoScenario) as ScenarioInput;
  const sandbox = scenario.tenants?.[0];
  if (sandbox?.contacts === undefined) throw new Error('the demo has sandbox contacts');
  sandbox.contacts = sandbox.contacts.slice(0, 4).map((contact, i) => ({ ...contact, createdAt: at(hours[i] ?? 0) }));
  const mock = createMock(scenario, { clock: { frozen: true, start: START } });
  closing(mock);
  return mock;
}

/** The first names `contacts.list` gives, newest first. */
async function contactNames(on: CommFlowMock): Promise<string[]> {
  const target: Target = { base: 'http://commflow.mock', fetch: on.fetch };
  const contacts: { firstName: string }[] = (await api(target, 'GET', '/api/v1/contacts?limit=100')).json.data.contacts;
  return contacts.map((contact) => contact.firstName);
}

/** A fresh demo mock with `mock`'s snapshot restored (through JSON text). */
function restoredFrom(mock: CommFlowMock, start?: string): CommFlowMock {
  const fresh = createMock('demo', { clock: { frozen: true, ...(start === undefined ? {} : { start }) } });
  closing(fresh);
  fresh.restore(viaJson(mock.snapshot()));
  return fresh;
}

describe('a restore keeps the order of the contacts', () => {
  it('scenario contacts and contacts created since, interleaved in time, list newest first as before', async () => {
    const mock = demoWithContactsAt([-24, 1, 3, 5]);
    const target: Target = { base: 'http://commflow.mock', fetch: mock.fetch };
    for (const [firstName, hours] of [
      ['Zed', 0],
      ['Yan', 2],
      ['Xu', 4],
    ] as const) {
      mock.advanceClock(Date.parse(at(hours)) - mock.clock.now());
      expect((await api(target, 'POST', '/api/v1/contacts', { body: { firstName } })).status).toBe(201);
    }
    const before = await contactNames(mock);
    expect(before).toEqual(['Linus', 'Xu', 'Ada', 'Yan', 'Alan', 'Zed', 'Grace']);
    expect(await contactNames(restoredFrom(mock, '2030-01-01T00:00:00.000Z'))).toEqual(before);
  });
});

describe('contacts of the same instant', () => {
  it('list by id, newest first, whatever order the snapshot gives them in', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START } });
    closing(mock);
    const target: Target = { base: 'http://commflow.mock', fetch: mock.fetch };
    for (const firstName of ['Pia', 'Quinn', 'Rae'])
      expect((await api(target, 'POST', '/api/v1/contacts', { body: { firstName } })).status).toBe(201);
    const good = viaJson(mock.snapshot());
    const restoredNames = async (order: (ids: string[]) => string[]) => {
      const copy = edited(good, (snapshot) => {
        const tenant = snapshot.state.tenants[tenantAt(snapshot, DEMO_TENANTS.sandbox)];
        if (tenant === undefined) throw new Error('the sandbox is in the snapshot');
        const byId = new Map(tenant.contacts.map((contact) => [contact.id, contact]));
        for (const contact of tenant.contacts) contact.createdAt = Date.parse(START);
        tenant.contacts = order([...byId.keys()]).map((id) => byId.get(id)!);
      });
      const fresh = createMock('demo', { clock: { frozen: true } });
      closing(fresh);
      fresh.restore(copy);
      return (await contactNames(fresh)).filter((name) => ['Pia', 'Quinn', 'Rae'].includes(name));
    };
    const ascending = await restoredNames((ids) => [...ids].sort());
    expect(await restoredNames((ids) => [...ids].sort().reverse())).toEqual(ascending);
    expect(await restoredNames((ids) => [ids[1] ?? '', ids[2] ?? '', ids[0] ?? ''])).toEqual(ascending);
    const idOf = new Map(
      good.state.tenants[tenantAt(good, DEMO_TENANTS.sandbox)]?.contacts.map((c) => [c.firstName, c.id]),
    );
    const ids = ascending.map((name) => idOf.get(name) ?? '');
    expect(ids).toEqual([...ids].sort().reverse());
  });
});

describe('a scenario’s contacts in any order', () => {
  it('list newest first, as given times say, before and after a restore', async () => {
    const mock = demoWithContactsAt([5, -24, 1, 1]);
    const listed = await contactNames(mock);
    // Equal times keep one order, the same every time.
    expect(listed.slice(0, 1)).toEqual(['Grace']);
    expect(listed.slice(1, 3).sort()).toEqual(['Ada', 'Linus']);
    expect(listed.slice(3)).toEqual(['Alan']);
    expect(await contactNames(restoredFrom(mock))).toEqual(listed);
  });
});
