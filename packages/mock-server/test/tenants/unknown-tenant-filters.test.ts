/**
 * The whole mock's filters given a `tenantId` that no tenant has (`requests`, `events`,
 * `deliveries`, `webhooks.list`, `overrides.list`), in process and over real HTTP: refused with
 * a 400 naming `tenantId`, the id and the tenants it could have meant, as the matchers and the
 * tenant handles refuse it, never a filter that matches nothing.
 */
import fc from 'fast-check';
import { describe } from 'vitest';
import { ApiError, createMock, DEMO_TENANTS, type CommFlowMock } from '../../src/index.js';
import { ControlError, type RemoteMock } from '../../src/surfaces/remote/index.js';
import { expect, test } from '../../src/surfaces/testing/vitest.js';
import { closeAfterEach } from '../helpers/close-after-each.js';
import { remoteDemo } from '../helpers/remote-demo.js';
import { rejection, thrown } from '../helpers/thrown.js';

const track = closeAfterEach();

/** The sandbox tenant's id with its last character changed: a slip of the fingers. */
const SANDBOX_TYPO = `${DEMO_TENANTS.sandbox.slice(0, -1)}2`;
const MEANT = `unknown tenant id "${SANDBOX_TYPO}"; did you mean "${DEMO_TENANTS.sandbox}" (Acme)`;

/** Every whole-mock filter that takes a tenant id, in process. */
function inProcessFilters(mock: CommFlowMock, tenantId: string): Record<string, () => unknown> {
  return {
    requests: () => mock.requests({ tenantId }),
    events: () => mock.events({ tenantId }),
    deliveries: () => mock.deliveries({ tenantId }),
    'webhooks.deliveries': () => mock.webhooks.deliveries({ tenantId }),
    'webhooks.list': () => mock.webhooks.list({ tenantId }),
    'overrides.list': () => mock.overrides.list({ tenantId }),
  };
}

/** Every whole-mock filter that takes a tenant id, over the remote handle. */
function remoteFilters(remote: RemoteMock, tenantId: string): Record<string, () => Promise<unknown>> {
  return {
    requests: () => remote.requests({ tenantId }),
    events: () => remote.events({ tenantId }),
    deliveries: () => remote.deliveries({ tenantId }),
    'webhooks.list': () => remote.webhooks.list({ tenantId }),
    'overrides.list': () => remote.overrides.list({ tenantId }),
  };
}

/** The `/__mock` list routes that filter by `?tenantId=`. */
const ROUTES = ['/__mock/journal', '/__mock/events', '/__mock/deliveries', '/__mock/webhooks', '/__mock/overrides'];

describe('in process', () => {
  test('each filter refuses an id no tenant has with VALIDATION_ERROR at filter.tenantId, naming the closest tenant', () => {
    const mock = track(createMock('demo'));
    for (const [name, run] of Object.entries(inProcessFilters(mock, SANDBOX_TYPO))) {
      const error = thrown(run);
      expect(error, name).toBeInstanceOf(ApiError);
      expect(error, name).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: ['filter', 'tenantId'] }] });
      expect((error as Error).message, name).toBe(`Invalid filter.tenantId: ${MEANT}?`);
    }
  });

  test("a deleted tenant's id is refused; a live tenant's id, in any case, still filters", async () => {
    const mock = track(createMock('demo'));
    const kept = mock.tenants.create({ name: 'kept' });
    const gone = mock.tenants.create({ name: 'gone' });
    await (await kept.client()).contacts.create({ firstName: 'Ada' });
    gone.delete();
    for (const [name, run] of Object.entries(inProcessFilters(mock, gone.id))) {
      expect(() => run(), name).toThrow(`unknown tenant id "${gone.id}"`);
    }
    expect(mock.requests({ tenantId: kept.id.toUpperCase(), operationId: 'contacts.create' })).toHaveLength(1);
    expect(mock.events({ tenantId: kept.id })).not.toHaveLength(0);
    for (const [name, run] of Object.entries(inProcessFilters(mock, kept.id))) expect(run, name).not.toThrow();
  });

  test('for any id no tenant has, every filter throws naming it; for every tenant, none throws', () => {
    const mock = track(createMock('demo'));
    const tenantIds = new Set(mock.tenants.list().map((tenant) => tenant.id.toLowerCase()));
    fc.assert(
      fc.property(
        fc.uuid().filter((id) => !tenantIds.has(id.toLowerCase())),
        (id) => {
          for (const run of Object.values(inProcessFilters(mock, id))) {
            expect(run).toThrow(`unknown tenant id "${id}"`);
          }
        },
      ),
      { numRuns: 30 },
    );
    for (const id of tenantIds) {
      for (const run of Object.values(inProcessFilters(mock, id))) expect(run).not.toThrow();
    }
  });
});

describe('over HTTP on 127.0.0.1', () => {
  const demo = remoteDemo();

  test('each /__mock list route answers 400 naming query.tenantId, the id and the closest tenant', async () => {
    for (const route of ROUTES) {
      const response = await fetch(`${demo.server.url}${route}?tenantId=${SANDBOX_TYPO}`);
      expect(response.status, route).toBe(400);
      const answer = (await response.json()) as { error: { message: string } };
      expect(answer, route).toMatchObject({
        success: false,
        error: { code: 'VALIDATION_ERROR', details: [{ path: ['query', 'tenantId'] }] },
      });
      expect(answer.error.message, route).toBe(`Invalid query.tenantId: ${MEANT}?`);
      const known = await fetch(`${demo.server.url}${route}?tenantId=${DEMO_TENANTS.sandbox.toUpperCase()}`);
      expect(known.status, route).toBe(200);
    }
  });

  test('the remote handle throws a ControlError VALIDATION_ERROR naming the id and the closest tenant', async () => {
    for (const [name, run] of Object.entries(remoteFilters(demo.remote, SANDBOX_TYPO))) {
      const error = await rejection(run);
      expect(error, name).toBeInstanceOf(ControlError);
      expect(error, name).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
      expect((error as Error).message, name).toContain(MEANT);
    }
  });

  test("a deleted tenant's id is refused over HTTP too; a live one filters", async () => {
    const kept = await demo.remote.tenants.create({ name: 'kept remotely' });
    const gone = await demo.remote.tenants.create({ name: 'gone remotely' });
    await (await kept.client()).contacts.create({ firstName: 'Ada' });
    await gone.delete();
    for (const [name, run] of Object.entries(remoteFilters(demo.remote, gone.id))) {
      expect(((await rejection(run)) as Error).message, name).toContain(`unknown tenant id "${gone.id}"`);
    }
    expect(await demo.remote.requests({ tenantId: kept.id, operationId: 'contacts.create' })).toHaveLength(1);
    await kept.delete();
  });
});
