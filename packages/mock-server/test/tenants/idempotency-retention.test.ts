// An Idempotency-Key is kept for 24 hours of its tenant's time (decisions §5), then forgotten:
// memory is given back as the clock moves, a tenant clock running ahead expires its own keys
// sooner, and a tenant's reset or deletion forgets its keys only.
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, IDEMPOTENCY_RETENTION_MS, type CommFlowMock } from '../../src/index.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const START = '2026-11-21T12:00:00.000Z';
const ACCESS = {
  sandbox: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': 'ann.lee@acme.test' },
  live: { 'X-API-Key': DEMO_KEYS.live, 'X-Tenant-Id': DEMO_TENANTS.live, 'X-User-Email': 'grace@globex.test' },
};

const closing = closeAfterEach();

function demo(): CommFlowMock {
  const mock = createMock('demo', { clock: { frozen: true, start: START } });
  closing(mock);
  return mock;
}

/** Creates a contact with `key`; answers whether the answer was a replay. */
async function replayed(mock: CommFlowMock, tenant: keyof typeof ACCESS, key: string): Promise<boolean> {
  const response = await mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: { ...ACCESS[tenant], 'content-type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ firstName: 'Kim' }),
  });
  expect(response.status).toBe(201);
  return response.headers.get('idempotent-replayed') === 'true';
}

const kept = (mock: CommFlowMock) => mock.snapshot().state.idempotency.length;

describe('idempotency keys are kept for 24 hours of their tenant’s time', () => {
  it('the mock clock: a replay until the 24 hours are up, and the memory is given back then', async () => {
    const mock = demo();
    expect(await replayed(mock, 'sandbox', 'k-1')).toBe(false);
    expect(kept(mock)).toBe(1);
    mock.advanceClock(IDEMPOTENCY_RETENTION_MS - 1);
    expect(kept(mock)).toBe(1);
    expect(await replayed(mock, 'sandbox', 'k-1')).toBe(true);
    mock.advanceClock(1);
    // Forgotten as the clock moved, before any request asks.
    expect(kept(mock)).toBe(0);
    expect(await replayed(mock, 'sandbox', 'k-1')).toBe(false);
  });

  it('a tenant clock ahead: that tenant’s keys expire on its time, the others’ stay', async () => {
    const mock = demo();
    expect(await replayed(mock, 'sandbox', 'k-1')).toBe(false);
    expect(await replayed(mock, 'live', 'k-1')).toBe(false);
    mock.tenants.advanceClock(DEMO_TENANTS.live, IDEMPOTENCY_RETENTION_MS - 1);
    expect(kept(mock)).toBe(2);
    expect(await replayed(mock, 'live', 'k-1')).toBe(true);
    mock.tenants.advanceClock(DEMO_TENANTS.live, 1);
    // Swept when the tenant clock moved: the live key only.
    expect(kept(mock)).toBe(1);
    expect(await replayed(mock, 'live', 'k-1')).toBe(false);
    expect(await replayed(mock, 'sandbox', 'k-1')).toBe(true);
  });

  it('a key whose tenant clock ran past its 24 hours is fresh even before any sweep', async () => {
    const mock = demo();
    // Sandbox keys first, so that the live key is not at the front of the request order.
    expect(await replayed(mock, 'sandbox', 'a')).toBe(false);
    expect(await replayed(mock, 'live', 'b')).toBe(false);
    mock.advanceClock(IDEMPOTENCY_RETENTION_MS / 2);
    expect(await replayed(mock, 'sandbox', 'c')).toBe(false);
    expect(await replayed(mock, 'live', 'b')).toBe(true);
    mock.tenants.advanceClock(DEMO_TENANTS.live, IDEMPOTENCY_RETENTION_MS / 2);
    expect(await replayed(mock, 'live', 'b')).toBe(false);
    expect(await replayed(mock, 'sandbox', 'c')).toBe(true);
  });

  for (const how of ['reset', 'delete'] as const) {
    it(`a tenant’s ${how} forgets its keys only`, async () => {
      const mock = demo();
      expect(await replayed(mock, 'sandbox', 'k-1')).toBe(false);
      expect(await replayed(mock, 'live', 'k-1')).toBe(false);
      if (how === 'reset') mock.tenants.reset(DEMO_TENANTS.live);
      else mock.tenants.delete(DEMO_TENANTS.live);
      expect(mock.snapshot().state.idempotency.map((entry) => entry.scope.includes(DEMO_TENANTS.sandbox))).toEqual([
        true,
      ]);
      expect(await replayed(mock, 'sandbox', 'k-1')).toBe(true);
    });
  }
});
