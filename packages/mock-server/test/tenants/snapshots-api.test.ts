// Tenant snapshots through the handles users hold: `mock.tenants` in process and `remote.tenants`
// over real HTTP, with the same names. A tenant restore leaves another tenant's webhook work,
// waiting or in flight, and its clock alone.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createMock,
  DEMO_TENANTS,
  SnapshotError,
  TENANT_SNAPSHOT_FORMAT,
  type CommFlowMock,
  type CreatedTenantResult,
} from '../../src/index.js';
import { startMockServer, type RunningMockServer } from '../../src/surfaces/adapters/node.js';
import { connectMock, ControlError, type RemoteMock } from '../../src/surfaces/remote/index.js';
import { othersOf } from './slices.js';

const START = '2026-11-21T12:00:00.000Z';
const ANN = 'ann.lee@acme.test';

const frozen = () => createMock('demo', { clock: { frozen: true, start: START } });

async function addContact(mock: CommFlowMock, tenant: CreatedTenantResult, firstName: string): Promise<number> {
  const response = await mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: {
      'X-API-Key': tenant.key,
      'X-Tenant-Id': tenant.tenant.id,
      'X-User-Email': ANN,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ firstName }),
  });
  return response.status;
}

describe('mock.tenants: snapshot, restore, create({ snapshot })', () => {
  it('round-trips a tenant, refuses what is not its snapshot with a SnapshotError, and forks', async () => {
    const mock = frozen();
    const a = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const b = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    expect(await addContact(mock, a, 'Ada')).toBe(201);
    const taken = mock.tenants.snapshot(a.tenant.id);
    expect(taken.format).toBe(TENANT_SNAPSHOT_FORMAT);
    expect(await addContact(mock, a, 'Ada later')).toBe(201);
    mock.tenants.restore(a.tenant.id, JSON.parse(JSON.stringify(taken)));
    expect(mock.tenants.snapshot(a.tenant.id)).toEqual(taken);

    const before = mock.snapshot();
    expect(() => mock.tenants.restore(b.tenant.id, taken)).toThrow(SnapshotError);
    expect(() => mock.tenants.restore(a.tenant.id, before)).toThrow(/world snapshot/);
    expect(() => mock.tenants.restore(a.tenant.id, { ...taken, version: 9 })).toThrow(/version/);
    expect(() => mock.tenants.restore('00000000-0000-4000-8000-00000000abcd', taken)).toThrow(ApiError);
    expect(mock.snapshot()).toEqual(before);

    mock.tenants.restore(b.tenant.id, taken, { copy: true });
    expect(mock.tenants.snapshot(b.tenant.id).state.keys.map((key) => key.hint)).toEqual([b.apiKey.hint]);

    const fork = mock.tenants.create({ snapshot: taken });
    expect(fork.tenant.id).not.toBe(a.tenant.id);
    expect(await addContact(mock, fork, 'Fay')).toBe(201);
    expect(() => mock.tenants.create({ snapshot: taken, from: DEMO_TENANTS.sandbox })).toThrow(ApiError);
    await mock.close();
  });

  it("leaves another tenant's waiting retries, its attempt in flight and its clock alone", async () => {
    const mock = frozen();
    const a = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const b = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    const taken = mock.tenants.snapshot(a.tenant.id);
    let calls = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const inFlightStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    mock.webhooks.subscribe({
      tenantId: b.tenant.id,
      events: ['contact.changed'],
      callback: async () => {
        calls++;
        if (calls === 1) return 500; // the first delivery fails and waits for its retry
        if (calls === 2) {
          started();
          await held; // the second one is in flight during the restore
        }
        return 200;
      },
    });
    mock.tenants.advanceClock(b.tenant.id, 1_000);
    expect(await addContact(mock, b, 'Bea')).toBe(201);
    await mock.webhooks.idle();
    const [waiting] = mock.webhooks.deliveries({ tenantId: b.tenant.id });
    expect(waiting?.nextAttemptAt).toBeDefined();
    expect(await addContact(mock, b, 'Bo')).toBe(201);
    await inFlightStarted;
    expect(calls).toBe(2);

    const clockBefore = mock.tenants.clock(b.tenant.id);
    const deliveriesBefore = mock.webhooks.deliveries({ tenantId: b.tenant.id });
    expect(await addContact(mock, a, 'Ada')).toBe(201);
    mock.tenants.restore(a.tenant.id, taken);
    expect(mock.tenants.clock(b.tenant.id)).toEqual(clockBefore);
    expect(mock.webhooks.deliveries({ tenantId: b.tenant.id })).toEqual(deliveriesBefore);

    release();
    await mock.webhooks.idle();
    const [, inFlight] = mock.webhooks.deliveries({ tenantId: b.tenant.id });
    expect(inFlight?.status).toBe('succeeded');
    expect(inFlight?.attempts).toHaveLength(1);
    // The waiting retry still runs at its time.
    mock.advanceClock(10 * 60_000);
    await mock.webhooks.idle();
    expect(mock.webhooks.deliveries({ tenantId: b.tenant.id })[0]?.attempts.length).toBeGreaterThan(1);
    expect(calls).toBeGreaterThan(2);
    await mock.close();
  });
});

describe('remote.tenants: snapshot, restore, create({ snapshot }) over HTTP', () => {
  let server: RunningMockServer;
  let remote: RemoteMock;
  beforeAll(async () => {
    server = await startMockServer({ mock: frozen() });
    remote = await connectMock(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('has the in-process names and answers', async () => {
    const a = await remote.tenants.create({ from: DEMO_TENANTS.sandbox });
    const b = await remote.tenants.create({ from: DEMO_TENANTS.sandbox });
    const taken = await remote.tenants.snapshot(a.tenant.id);
    const otherBefore = await remote.tenants.snapshot(b.tenant.id);
    const worldBefore = await remote.snapshot();
    expect((await remote.tenants.restore(a.tenant.id, taken)).id).toBe(a.tenant.id);
    expect(await remote.tenants.snapshot(b.tenant.id)).toEqual(otherBefore);
    expect(othersOf(await remote.snapshot(), a.tenant.id)).toEqual(othersOf(worldBefore, a.tenant.id));
    await expect(remote.tenants.restore(b.tenant.id, taken)).rejects.toThrow(ControlError);
    expect((await remote.tenants.restore(b.tenant.id, taken, { copy: true })).id).toBe(b.tenant.id);
    const fork = await remote.tenants.create({ snapshot: taken });
    expect(fork.tenant.id).not.toBe(a.tenant.id);
    expect((await remote.tenants.snapshot(fork.tenant.id)).tenantId).toBe(fork.tenant.id);
  });
});

type Step = { who: 'A' | 'B'; kind: 'contact'; name: string } | { who: 'A' | 'B'; kind: 'advance'; ms: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    who: fc.constantFrom('A' as const, 'B' as const),
    kind: fc.constant('contact' as const),
    name: fc.string({ minLength: 1, maxLength: 12 }).filter((name) => name.trim().length > 0),
  }),
  fc.record({
    who: fc.constantFrom('A' as const, 'B' as const),
    kind: fc.constant('advance' as const),
    ms: fc.integer({ min: 0, max: 120_000 }),
  }),
);

describe('tenant restore, for any traffic', () => {
  it("gives back the tenant's slice, and never changes another tenant's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 6 }), fc.array(step, { maxLength: 6 }), async (before, after) => {
        const mock = frozen();
        try {
          const tenants = {
            A: mock.tenants.create({ from: DEMO_TENANTS.sandbox }),
            B: mock.tenants.create({ from: DEMO_TENANTS.sandbox }),
          };
          const run = async (steps: readonly Step[]) => {
            for (const next of steps) {
              const tenant = tenants[next.who];
              if (next.kind === 'contact') await addContact(mock, tenant, next.name);
              else mock.tenants.advanceClock(tenant.tenant.id, next.ms);
            }
          };
          await run(before);
          const a = tenants.A.tenant.id;
          const taken = mock.tenants.snapshot(a);
          await run(after);
          const otherBefore = mock.tenants.snapshot(tenants.B.tenant.id);
          const worldBefore = mock.snapshot();
          mock.tenants.restore(a, taken);
          expect(mock.tenants.snapshot(a)).toEqual(taken);
          expect(mock.tenants.snapshot(tenants.B.tenant.id)).toEqual(otherBefore);
          expect(othersOf(mock.snapshot(), a)).toEqual(othersOf(worldBefore, a));
        } finally {
          await mock.close();
        }
      }),
      { numRuns: 25 },
    );
  });
});
