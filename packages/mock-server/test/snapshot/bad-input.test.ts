/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`. */
/**
 * A snapshot that cannot be restored gets a 400 naming the path of each problem, and the world
 * is left exactly as it was: the snapshot taken after the refusal equals the one before.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock, SnapshotError, SNAPSHOT_VERSION, type CommFlowMock, type MockSnapshot } from '../../src/index.js';
import { startMockServer } from '../../src/surfaces/adapters/node.js';
import { busyWorld, control, START, startReceiver, viaJson, type Target } from './helpers.js';

const UNKNOWN_TENANT = '99999999-9999-4999-8999-999999999999';

describe('a bad snapshot is refused with the path of the problem, and changes nothing', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let mock: CommFlowMock;
  let server: Awaited<ReturnType<typeof startMockServer>>;
  let target: Target;
  /** The busy world's snapshot, as GET /__mock/snapshot answers it before any bad PUT. */
  let good: MockSnapshot;

  beforeAll(async () => {
    receiver = await startReceiver(() => 500);
    mock = createMock('demo', { clock: { frozen: true, start: START } });
    await busyWorld(mock, receiver.url);
    server = await startMockServer({ mock });
    target = { base: server.url, fetch: (input, init) => fetch(input, init) };
    good = (await control(target, 'GET', '/snapshot')).json.data.snapshot;
  });
  // Back to the busy world before each test, so that a refusal gone wrong shows in its own test only.
  beforeEach(() => {
    mock.restore(good);
  });
  afterAll(async () => {
    await server.close();
    await mock.close();
    await receiver.close();
  });

  /** A copy of the good snapshot, changed by `edit`. */
  const edited = (edit: (snapshot: MockSnapshot) => void): MockSnapshot => {
    const copy = viaJson(good);
    edit(copy);
    return copy;
  };

  /** PUTs `body` and expects a 400 whose details hold `paths`; then checks that nothing changed. */
  async function refused(body: unknown, paths: string[][]): Promise<void> {
    const reply = await control(target, 'PUT', '/snapshot', body);
    expect(reply.status).toBe(400);
    expect(reply.json.success).toBe(false);
    expect(reply.json.error.code).toBe('VALIDATION_ERROR');
    const seen = (reply.json.error.details as { path: string[] }[]).map((detail) => detail.path);
    for (const path of seen) expect(path[0]).toBe('body');
    expect(seen).toEqual(expect.arrayContaining(paths));
    expect((await control(target, 'GET', '/snapshot')).json.data.snapshot).toEqual(good);
  }

  it('malformed JSON: 400 INVALID_JSON', async () => {
    const text = JSON.stringify(good);
    const reply = await control(target, 'PUT', '/snapshot', undefined, text.slice(0, text.length / 2));
    expect(reply.status).toBe(400);
    expect(reply.json.error.code).toBe('INVALID_JSON');
    expect((await control(target, 'GET', '/snapshot')).json.data.snapshot).toEqual(good);
  });

  it('not an object at all: 400 at the body', async () => {
    await refused([good], [['body']]);
    await refused(null, [['body']]);
  });

  it('an unknown version: 400 naming `version`', async () => {
    const reply = await control(
      target,
      'PUT',
      '/snapshot',
      edited((snapshot) => {
        (snapshot as { version: number }).version = SNAPSHOT_VERSION + 1;
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.error.details).toEqual([
      { path: ['body', 'version'], message: expect.stringContaining(String(SNAPSHOT_VERSION + 1)) },
    ]);
    expect((await control(target, 'GET', '/snapshot')).json.data.snapshot).toEqual(good);
    // Inside the envelope GET answers, the path says so.
    await refused({ snapshot: { ...good, version: 'two' } }, [['body', 'snapshot', 'version']]);
  });

  it('inside GET\u2019s whole answer or `{ snapshot }`: 400 naming the path from the top of the body', async () => {
    const bad = edited((snapshot) => {
      (snapshot as { version: unknown }).version = 99;
    });
    await refused({ success: true, data: { snapshot: bad }, meta: {} }, [['body', 'data', 'snapshot', 'version']]);
    await refused({ snapshot: bad }, [['body', 'snapshot', 'version']]);
  });

  it('another format: 400 naming `format`', async () => {
    await refused({ ...good, format: 'a-scenario' }, [['body', 'format']]);
  });

  it('a malformed field deep inside: 400 with its path', async () => {
    await refused(
      edited((snapshot) => {
        const key = snapshot.state.keys[0];
        if (key !== undefined) key.hash = 'not-a-hash';
      }),
      [['body', 'state', 'keys', '0', 'hash']],
    );
    await refused(
      edited((snapshot) => {
        (snapshot.state.tenants[0] as { users: unknown }).users = 'everyone';
      }),
      [['body', 'state', 'tenants', '0', 'users']],
    );
  });

  it('an entry a store would misread: 400 naming it, each store checking the shape it saves', async () => {
    await refused(
      edited((snapshot) => {
        const [event] = snapshot.state.events;
        if (event !== undefined) (event as { type: string }).type = 'call.exploded';
        const [entry] = snapshot.state.journal;
        if (entry !== undefined) delete (entry as { status?: number }).status;
        const [message] = snapshot.state.carrier.messages;
        if (message !== undefined) (message as { result: unknown }).result = { accepted: 'maybe' };
        const [override] = snapshot.state.overrides;
        if (override !== undefined) (override as { fault: unknown }).fault = { status: 'soon' };
        // A replay renames the request in the stored answer's meta: an answer without one is refused.
        const [stored] = snapshot.state.idempotency;
        if (stored !== undefined) stored.response.body = 'null';
      }),
      [
        ['body', 'state', 'events', '0', 'type'],
        ['body', 'state', 'journal', '0', 'status'],
        ['body', 'state', 'carrier', 'messages', '0', 'result', 'accepted'],
        ['body', 'state', 'overrides', '0', 'fault', 'status'],
        ['body', 'state', 'idempotency', '0', 'response', 'body'],
      ],
    );
  });

  it('an active call that no tenant holds: 400 with the path', async () => {
    expect(good.state.calls.active).toHaveLength(1);
    await refused(
      edited((snapshot) => {
        const [tenantId = ''] = snapshot.state.calls.active[0] ?? [];
        snapshot.state.calls.active[0] = [tenantId, 'no-such-call'];
      }),
      [['body', 'state', 'calls', 'active', '0']],
    );
  });

  it('a webhook subscription of an unknown tenant: 400 with the path', async () => {
    expect(good.state.subscriptions).toHaveLength(1);
    await refused(
      edited((snapshot) => {
        const subscription = snapshot.state.subscriptions[0];
        if (subscription !== undefined) subscription.tenantId = UNKNOWN_TENANT;
      }),
      [['body', 'state', 'subscriptions', '0', 'tenantId']],
    );
  });

  it('a tenant with scenario contacts but no baseline tenant: 400 with the path', async () => {
    await refused(
      edited((snapshot) => {
        const tenant = snapshot.state.tenants.find((candidate) => candidate.scenarioContacts);
        if (tenant !== undefined) tenant.id = UNKNOWN_TENANT;
      }),
      [['body', 'state', 'tenants', '0', 'scenarioContacts']],
    );
  });

  it('every problem at once is named, and still nothing changes', async () => {
    await refused(
      edited((snapshot) => {
        const [tenantId = ''] = snapshot.state.calls.active[0] ?? [];
        snapshot.state.calls.active[0] = [tenantId, 'no-such-call'];
        const subscription = snapshot.state.subscriptions[0];
        if (subscription !== undefined) subscription.tenantId = UNKNOWN_TENANT;
      }),
      [
        ['body', 'state', 'calls', 'active', '0'],
        ['body', 'state', 'subscriptions', '0', 'tenantId'],
      ],
    );
  });

  it('in process: mock.restore throws SnapshotError with the issues, and changes nothing', () => {
    const before = viaJson(mock.snapshot());
    const bad = edited((snapshot) => {
      const [tenantId = ''] = snapshot.state.calls.active[0] ?? [];
      snapshot.state.calls.active[0] = [tenantId, 'no-such-call'];
    });
    let thrown: unknown;
    try {
      mock.restore(bad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SnapshotError);
    expect((thrown as SnapshotError).issues).toEqual([
      { path: ['state', 'calls', 'active', 0], message: expect.stringContaining('no-such-call') },
    ]);
    expect(() => {
      mock.restore({ ...good, version: 0 });
    }).toThrow(SnapshotError);
    expect(viaJson(mock.snapshot())).toEqual(before);
    // And the good one still restores: the refusals left no half-restored state behind.
    mock.restore(good);
    expect(viaJson(mock.snapshot())).toEqual(good);
  });
});
