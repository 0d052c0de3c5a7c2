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
    source.subscribeWebhook({ tenantId: DEMO_TENANTS.sandbox, events: ['call.started'], callback: () => 204 });
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
