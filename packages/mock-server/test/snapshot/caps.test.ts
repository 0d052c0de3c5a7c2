import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, MAGIC_DIAL_DESTINATIONS } from '../../src/index.js';

const headers = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
  'content-type': 'application/json',
};

describe('restoring into a mock with lower history caps', () => {
  it("keeps only what the restoring mock's caps allow: the newest ended calls and finished deliveries", async () => {
    const source = createMock('demo', { clock: { frozen: true, start: '2026-11-21T12:00:00.000Z' } });
    source.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, events: ['call.started'], callback: () => 204 });
    for (let i = 0; i < 3; i++) {
      const dial = await source.fetch('/api/v1/click2dial', {
        method: 'POST',
        headers,
        body: JSON.stringify({ destination: MAGIC_DIAL_DESTINATIONS.busy }),
      });
      expect(dial.status).toBe(200);
      source.advanceClock(10_000);
    }
    await source.idle();
    expect(source.calls().filter((call) => call.status === 'busy')).toHaveLength(3);
    expect(source.deliveries({ status: 'succeeded' })).toHaveLength(3);

    const small = createMock('demo', { clock: { frozen: true }, callLimit: 1, deliveryLimit: 1 });
    small.restore(source.snapshot());
    const kept = small.calls();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.callId).toBe(source.calls().at(-1)?.callId);
    expect(small.deliveries()).toHaveLength(1);
    await Promise.all([source.close(), small.close()]);
  });
});

describe('snapshots written by earlier mocks', () => {
  it('a call carrying the answeredAt earlier mocks kept on it restores, and the call goes on', async () => {
    const source = createMock('demo', { clock: { frozen: true, start: '2026-11-21T12:00:00.000Z' } });
    const dial = await source.fetch('/api/v1/click2dial', {
      method: 'POST',
      headers,
      body: JSON.stringify({ destination: '+14155550100' }),
    });
    expect(dial.status).toBe(200);
    source.advanceClock(4_500); // answered at 4 s, not yet bridged
    const snapshot = source.snapshot();
    const [call] = snapshot.state.tenants.flatMap((tenant) => tenant.calls);
    expect(call).toBeDefined();
    expect(call).not.toHaveProperty('answeredAt');
    const earlier = structuredClone(snapshot);
    for (const tenant of earlier.state.tenants) {
      for (const stored of tenant.calls) Object.assign(stored, { answeredAt: Date.parse('2026-11-21T12:00:04.000Z') });
    }

    const restored = createMock('demo', { clock: { frozen: true } });
    restored.restore(earlier);
    expect(restored.snapshot()).toEqual(snapshot);
    restored.advanceClock(120_000);
    expect(restored.calls().map((entry) => entry.status)).toEqual(['completed']);
    await Promise.all([source.close(), restored.close()]);
  });
});
