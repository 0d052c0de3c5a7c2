/**
 * A restore loads every store aside and swaps the new content in whole (issue 25): a failure
 * inside any store's load, even the last one's, leaves the world exactly as it was, and after a
 * restore that succeeds the machinery holding the stores (event listeners, the webhook
 * dispatcher, the journal's listeners) keeps working on the restored content.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMock, SnapshotError, type CommFlowMock, type MockSnapshot } from '../../src/index.js';
import { Journal } from '../../src/state/journal.js';
import { KeyStore } from '../../src/state/keys.js';
import { DeliveryTable } from '../../src/state/webhooks/deliveries.js';
import { api, busyWorld, DEMO_TENANTS, START, startReceiver, viaJson } from './helpers.js';

describe('restore builds aside and swaps whole', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let mock: CommFlowMock;
  /** The busy world's snapshot: what the failed restores try to bring back. */
  let busy: MockSnapshot;

  beforeAll(async () => {
    receiver = await startReceiver(() => 500);
    mock = createMock('demo', { clock: { frozen: true, start: START } });
    await busyWorld(mock, receiver.url);
    busy = viaJson(mock.snapshot());
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await mock.close();
    await receiver.close();
  });

  /** A world unlike the busy one in every store: a reset, a new tenant ahead in time, a request. */
  async function changedWorld(): Promise<MockSnapshot> {
    mock.reset();
    const { tenant } = mock.tenants.create({ name: 'Changed' });
    mock.tenants.advanceClock(tenant.id, 5_000);
    mock.advanceClock(1_000);
    const created = await api({ base: 'http://commflow.mock', fetch: mock.fetch }, 'POST', '/api/v1/contacts', {
      body: { firstName: 'Only', lastName: 'Here' },
    });
    expect(created.status).toBe(201);
    return viaJson(mock.snapshot());
  }

  // The deliveries load last, the keys early, the journal in between: whichever store fails,
  // the stores loaded before it in the old in-place restore must not have changed.
  for (const [name, store] of [
    ['deliveries (the last store)', DeliveryTable],
    ['journal', Journal],
    ['keys', KeyStore],
  ] as const) {
    it(`a load that throws in the ${name} leaves every store as it was`, async () => {
      const before = await changedWorld();
      const failure = new Error(`the ${name} load failed`);
      vi.spyOn(store.prototype, 'load').mockImplementation(() => {
        throw failure;
      });
      expect(() => {
        mock.restore(busy);
      }).toThrow(failure);
      vi.restoreAllMocks();
      expect(viaJson(mock.snapshot())).toEqual(before);
      // Nothing half-done stays behind: the same snapshot restores whole once the load works.
      mock.restore(busy);
      expect(viaJson(mock.snapshot())).toEqual(busy);
    });
  }

  it('a refused snapshot (a call of no tenant, found while loading aside) leaves every store as it was', async () => {
    const before = await changedWorld();
    const bad = viaJson(busy);
    bad.state.calls.ended.push([DEMO_TENANTS.sandbox, 'no-such-call']);
    expect(() => {
      mock.restore(bad);
    }).toThrow(SnapshotError);
    expect(viaJson(mock.snapshot())).toEqual(before);
  });

  it('after a restore, event listeners, the journal and the webhook dispatcher act on the restored stores', async () => {
    await changedWorld();
    const events: string[] = [];
    const offEvents = mock.onEvent((event) => events.push(event.type));
    mock.restore(busy);
    const target = { base: 'http://commflow.mock', fetch: mock.fetch };
    const created = await api(target, 'POST', '/api/v1/contacts', { body: { firstName: 'After', lastName: 'Swap' } });
    expect(created.status).toBe(201);
    expect(events).toContain('contact.changed');
    expect(mock.journal().at(-1)?.path).toBe('/api/v1/contacts');
    // The restored subscription receives the new event: the dispatcher reads the adopted tables.
    await mock.idle();
    const eventId = mock.events().at(-1)?.id;
    expect(mock.deliveries().some((delivery) => delivery.eventId === eventId)).toBe(true);
    offEvents();
  });
});
