/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- response bodies are JSON read as `any`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMock,
  DEMO_KEYS,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type CommFlowMock,
  type MockSnapshot,
} from '../../src/index.js';
import { startMockServer } from '../../src/surfaces/adapters/node.js';
import { busyWorld, control, START, startReceiver, viaJson, type BusyWorld } from './helpers.js';

describe('snapshot → restore → snapshot gives an equal value', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let mock: CommFlowMock;
  let world: BusyWorld;
  /**
   * The busy world's snapshot, taken before any restore: every test compares with it, so that a
   * restore gone wrong in one test cannot hide in the next.
   */
  let checkpoint: MockSnapshot;
  const others: CommFlowMock[] = [];

  beforeAll(async () => {
    // Fails every attempt: the deliveries stay pending, their retries waiting on the frozen clock.
    receiver = await startReceiver(() => 500);
    mock = createMock('demo', { clock: { frozen: true, start: START } });
    world = await busyWorld(mock, receiver.url);
    checkpoint = viaJson(mock.snapshot());
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await mock.close();
    await receiver.close();
  });

  /** A fresh mock started elsewhere in time, so that the restore has to bring the clock too. */
  const freshMock = () => {
    const fresh = createMock('demo', { clock: { frozen: true, start: '2030-01-01T00:00:00.000Z' } });
    others.push(fresh);
    return fresh;
  };

  it('the snapshot is versioned plain JSON holding every area of the busy world', () => {
    const snapshot = checkpoint;
    expect(snapshot.format).toBe(SNAPSHOT_FORMAT);
    expect(snapshot.version).toBe(SNAPSHOT_VERSION);
    const { state } = snapshot;
    const sandbox = state.tenants.find((tenant) => tenant.contacts.some((contact) => contact.firstName === 'Snap'));
    expect(sandbox?.chats.some((chat) => chat.messages.some((message) => message.content === 'hi Ann'))).toBe(true);
    const smsBodies = state.tenants.flatMap((tenant) =>
      tenant.smsConversations.flatMap((conversation) => conversation.messages.map((message) => message.body)),
    );
    expect(smsBodies).toEqual(expect.arrayContaining(['out we go', 'in it comes', 'refused']));
    expect(sandbox?.calendarEvents.some((event) => event.title === 'Checkpoint')).toBe(true);
    expect(sandbox?.users.find((user) => user.presence.message === 'Snapshotting')?.presence.status).toBe('busy');
    expect(sandbox?.cdrs).toHaveLength(1);
    expect(state.calls.active).toHaveLength(1);
    expect(state.calls.ended).toHaveLength(1);
    expect(state.keys.filter((key) => key.revoked).length).toBeGreaterThanOrEqual(2);
    expect(state.overrides).toEqual([expect.objectContaining({ times: 3, hits: 1 })]);
    expect(state.carrier.mode).toBe('reject');
    expect(state.subscriptions).toHaveLength(1);
    expect(state.deliveries).toHaveLength(2);
    for (const delivery of state.deliveries) {
      expect(delivery).toMatchObject({ status: 'pending', nextAttemptAt: expect.any(Number) });
    }
    expect(state.idempotency.length).toBeGreaterThanOrEqual(2);
    expect(state.rateWindows.length).toBeGreaterThan(0);
    expect(state.events.length).toBeGreaterThan(0);
    expect(state.journal.length).toBeGreaterThan(0);
  });

  it('is plain JSON: a JSON round trip changes nothing', () => {
    const snapshot = mock.snapshot();
    expect(viaJson(snapshot)).toEqual(snapshot);
  });

  it('in the same mock', () => {
    mock.restore(checkpoint);
    expect(viaJson(mock.snapshot())).toEqual(checkpoint);
  });

  it('in the same mock after it went on and was reset', async () => {
    const target = { base: 'http://commflow.mock', fetch: mock.fetch };
    // Move away from the checkpoint: time (retries fire, calls end), a reset.
    await control(target, 'POST', '/clock/advance', { ms: 120_000 });
    mock.reset();
    mock.restore(checkpoint);
    expect(viaJson(mock.snapshot())).toEqual(checkpoint);
  });

  it('in a fresh mock', () => {
    const fresh = freshMock();
    fresh.restore(checkpoint);
    expect(viaJson(fresh.snapshot())).toEqual(checkpoint);
    // And once more from there: nothing drifts on a second hop.
    const again = freshMock();
    again.restore(viaJson(fresh.snapshot()));
    expect(viaJson(again.snapshot())).toEqual(checkpoint);
  });

  it('over HTTP: GET /__mock/snapshot, PUT it into another server, GET it back', async () => {
    // A busy world of its own, never restored into, so this test stands alone.
    const source = freshMock();
    await busyWorld(source, receiver.url);
    const fresh = freshMock();
    const a = await startMockServer({ mock: source });
    const b = await startMockServer({ mock: fresh });
    try {
      const from = { base: a.url, fetch: (input: string, init?: RequestInit) => fetch(input, init) };
      const to = { base: b.url, fetch: from.fetch };
      const taken = await control(from, 'GET', '/snapshot');
      expect(taken.status).toBe(200);
      expect(taken.json.success).toBe(true);
      expect(taken.json.data.snapshot).toEqual(viaJson(source.snapshot()));
      const put = await control(to, 'PUT', '/snapshot', taken.json.data.snapshot);
      expect(put.status).toBe(200);
      expect(put.json.data).toEqual({
        restored: true,
        now: new Date(taken.json.data.snapshot.clock.now).toISOString(),
      });
      expect((await control(to, 'GET', '/snapshot')).json.data.snapshot).toEqual(taken.json.data.snapshot);
      // The envelope GET answers is accepted as is, too.
      const wrapped = await control(to, 'PUT', '/snapshot', { snapshot: taken.json.data.snapshot });
      expect(wrapped.status).toBe(200);
      expect((await control(to, 'GET', '/snapshot')).json.data.snapshot).toEqual(taken.json.data.snapshot);
      // So is GET's whole answer, as `curl $M/snapshot > world.json` saves it.
      const saved = await control(to, 'PUT', '/snapshot', taken.json);
      expect(saved.status).toBe(200);
      expect((await control(to, 'GET', '/snapshot')).json.data.snapshot).toEqual(taken.json.data.snapshot);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('never holds an API key’s secret, but holds the webhook signing secrets', () => {
    const text = JSON.stringify(checkpoint);
    const secrets = [...Object.values(DEMO_KEYS), world.createdKey, world.revokedCreatedKey];
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Not the part after the prefix either, in case it were stored without it.
    for (const secret of secrets) expect(text).not.toContain(secret.slice(secret.indexOf('_') + 1));
    expect(text).toContain(world.webhookSecret);
    const restored = freshMock();
    restored.restore(JSON.parse(text));
    expect(restored.webhooks.list()[0]?.id).toBe(checkpoint.state.subscriptions[0]?.id);
  });
});
