/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMock, SnapshotError, type MockSnapshot } from '../../src/index.js';
import { api, DEMO_TENANTS, viaJson } from './helpers.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

/**
 * A snapshot saved by the code before issue 25 (the state protocol): the busy world of the
 * round-trip tests plus a tenant created at run time with a clock of its own. Written once by
 * `fixtures/generate.ts`; never regenerated, so it keeps pinning the older code's output.
 */
const FIXTURE = JSON.parse(
  readFileSync(new URL('./fixtures/before-issue-25.json', import.meta.url), 'utf8'),
) as MockSnapshot;

describe('a snapshot saved by older code', () => {
  const closing = closeAfterEach();
  const fresh = () => {
    const mock = createMock('demo', { clock: { frozen: true, start: '2030-01-01T00:00:00.000Z' } });
    closing(mock);
    return mock;
  };

  it('restores, and a snapshot taken after it equals the saved one, its pending fault now an override', () => {
    const mock = fresh();
    mock.restore(FIXTURE);
    // Issue 27: the old fault store's pending faults become overrides, keeping their counts.
    const { faults: _faults, ...rest } = FIXTURE.state as MockSnapshot['state'] & { faults?: unknown };
    expect(viaJson(mock.snapshot())).toEqual({
      ...FIXTURE,
      state: {
        ...rest,
        overrides: [
          expect.objectContaining({ method: 'GET', path: '/api/v1/files', fault: { status: 503 }, times: 3, hits: 1 }),
        ],
      },
    });
    expect(mock.overrides.list()).toEqual([expect.objectContaining({ remaining: 2, operations: ['files.list'] })]);
  });

  it('serves what it held: records, pending deliveries, run-time tenants and their clocks', async () => {
    const mock = fresh();
    mock.restore(viaJson(FIXTURE));
    const target = { base: 'http://commflow.mock', fetch: mock.fetch };
    const contacts = await api(target, 'GET', '/api/v1/contacts?search=Snap');
    expect(contacts.status).toBe(200);
    const found = contacts.json.data.contacts as { lastName: string }[];
    expect(found.map((contact) => contact.lastName)).toContain('Shot');
    expect(mock.deliveries({ status: 'pending' })).toHaveLength(2);
    expect(mock.webhooks.list()).toHaveLength(1);
    const created = mock.tenants.list().find((tenant) => tenant.name === 'Fixture tenant');
    expect(created).toBeDefined();
    const clock = mock.tenants.clock(created?.id ?? '');
    expect(Date.parse(clock.now) - FIXTURE.clock.now).toBe(60_000);
    expect(
      mock
        .calls()
        .map((call) => call.status)
        .sort(),
    ).toEqual(['busy', 'ringing']);
    expect(mock.tenants.get(DEMO_TENANTS.sandbox).name).toBeTruthy();
  });
  describe('its faults, from before overrides', () => {
    /** The fixture with `faults` in place of the one it holds. */
    const withFaults = (faults: unknown): unknown => {
      const copy = viaJson(FIXTURE) as unknown as { state: Record<string, unknown> };
      copy.state.faults = faults;
      return copy;
    };
    const fault = { method: 'GET', path: '/api/v1/files', status: 503, times: 3 };

    it('each becomes an override with its uses counted; one without `remaining` has all of them left', () => {
      const mock = fresh();
      mock.restore(
        withFaults([
          { ...fault, remaining: 3 },
          { ...fault, path: '/api/v1/fax', status: 500, times: 2 },
          { ...fault, path: '/api/v1/agents', times: 4, remaining: 0 },
          // More left than it had: none used.
          { ...fault, path: '/api/v1/users', times: 1, remaining: 5 },
        ]),
      );
      // A spent one is gone, as the old fault store dropped it.
      expect(mock.snapshot().state.overrides.map(({ path, times, hits }) => ({ path, times, hits }))).toEqual([
        { path: '/api/v1/files', times: 3, hits: 0 },
        { path: '/api/v1/fax', times: 2, hits: 0 },
        { path: '/api/v1/users', times: 1, hits: 0 },
      ]);
      expect(mock.overrides.list().map(({ operations, remaining }) => ({ operations, remaining }))).toEqual([
        { operations: ['files.list'], remaining: 3 },
        { operations: ['fax.list'], remaining: 2 },
        { operations: ['users.list'], remaining: 1 },
      ]);
    });

    it('a fault the fault schema refuses is dropped, the others kept', () => {
      const mock = fresh();
      mock.restore(
        withFaults([{ ...fault, status: 'soon' }, { ...fault, path: '/api/v1/fax', remaining: 1 }, 'x', null, 5]),
      );
      expect(mock.overrides.list()).toEqual([expect.objectContaining({ operations: ['fax.list'], remaining: 1 })]);
    });

    it('`faults` beside `overrides`, or not a list, is refused naming it, and nothing changes', () => {
      const mock = fresh();
      const before = viaJson(mock.snapshot());
      const both = withFaults([fault]) as { state: Record<string, unknown> };
      both.state.overrides = [];
      for (const bad of [both, withFaults({ fault })]) {
        expect(() => {
          mock.restore(bad);
        }).toThrow(SnapshotError);
        try {
          mock.restore(bad);
        } catch (error) {
          expect((error as SnapshotError).issues.map((issue) => issue.path)).toContainEqual(['state', 'faults']);
        }
      }
      expect(viaJson(mock.snapshot())).toEqual(before);
    });
  });
});
