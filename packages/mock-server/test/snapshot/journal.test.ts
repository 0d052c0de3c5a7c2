/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- response bodies are JSON read as `any`. */
/**
 * The journal through a snapshot, and what reads it: entries come back exactly as they read
 * before (bodies, cut bodies, no body), a restored journal pages with cursors, an older snapshot's
 * entries without bodies read as empty messages; the `since`/`until` bounds, and listeners that
 * hear entries a journal of size 0 does not keep, and stop when they unsubscribe.
 */
import { describe, expect, it } from 'vitest';
import { createMock, type CommFlowMock, type JournalEntry, type MockSnapshot } from '../../src/index.js';
import { ANN, DEMO_KEYS, DEMO_TENANTS, START } from '../helpers/env.js';
import { viaJson } from './helpers.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const HEADERS = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': ANN,
  'content-type': 'application/json',
};

const closing = closeAfterEach();

function newMock(options: Parameters<typeof createMock>[1] = {}): CommFlowMock {
  const mock = createMock('demo', { clock: { frozen: true, start: START }, ...options });
  closing(mock);
  return mock;
}

const LONG = JSON.stringify({ firstName: 'Long', lastName: 'x'.repeat(60) });

/** Three requests a second apart: a cut body, no body, a small JSON body. */
async function traffic(mock: CommFlowMock): Promise<void> {
  await mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: HEADERS,
    body: LONG,
  });
  mock.advanceClock(1000);
  await mock.fetch('/api/v1/users?limit=2', { headers: HEADERS });
  mock.advanceClock(1000);
  await mock.fetch('/api/v1/contacts', { method: 'POST', headers: HEADERS, body: JSON.stringify({ firstName: 'Al' }) });
}

/** A fresh mock with `snapshot` restored. */
function restored(snapshot: MockSnapshot): CommFlowMock {
  const copy = newMock();
  copy.restore(snapshot);
  return copy;
}

/** What a restore keeps of an entry: everything but the time it took, which was this process's. */
const asRestored = (entry: JournalEntry): JournalEntry => ({ ...entry, durationMs: null });

describe('the journal through a snapshot', () => {
  it('reads exactly as before: a cut body with its size and mark, no body, a JSON body', async () => {
    const mock = newMock({ journalBodyLimit: 64 });
    await traffic(mock);
    const before = mock.journal();
    expect(before.map((entry) => entry.status)).toEqual([201, 200, 201]);
    expect(before[0]?.request).toMatchObject({ bodyTruncated: true, bodySize: LONG.length });
    expect(before[1]?.request).not.toHaveProperty('bodyText');
    const copy = restored(viaJson(mock.snapshot()));
    expect(copy.journal()).toStrictEqual(before.map(asRestored));
  });

  it('pages with cursors after a restore, oldest first', async () => {
    const mock = newMock();
    await traffic(mock);
    const copy = restored(viaJson(mock.snapshot()));
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const response = await copy.fetch(`/__mock/journal?limit=1${cursor === null ? '' : `&cursor=${cursor}`}`);
      const json = await response.json();
      ids.push(...json.data.entries.map((entry: JournalEntry) => entry.requestId));
      cursor = json.meta.pagination.nextCursor;
      if (cursor === null) break;
    }
    expect(ids).toEqual(mock.journal().map((entry) => entry.requestId));
  });

  it('an older snapshot’s entries without request or response read as empty messages', async () => {
    const mock = newMock();
    await traffic(mock);
    const snapshot = viaJson(mock.snapshot());
    for (const entry of snapshot.state.journal as Record<string, unknown>[]) {
      delete entry.request;
      delete entry.response;
    }
    const [entry] = restored(snapshot).journal();
    const empty = { headers: {}, body: undefined, bodySize: 0, bodyTruncated: false };
    expect(entry?.request).toStrictEqual({ ...empty, query: {}, params: {} });
    expect(entry?.response).toStrictEqual(empty);
    expect(entry?.status).toBe(201);
  });
});

describe('reading the journal', () => {
  it('`since` takes entries at or after a time, `until` those before it', async () => {
    const mock = newMock();
    await traffic(mock);
    const times = mock.journal().map((entry) => entry.at);
    const [first, second, third] = times;
    if (first === undefined || second === undefined || third === undefined) throw new Error('three entries');
    expect(new Set(times).size).toBe(3);
    const ats = (filter: { since?: string; until?: string }) => mock.requests(filter).map((entry) => entry.at);
    expect(ats({ until: second })).toEqual([first]);
    expect(ats({ since: second })).toEqual([second, third]);
    expect(ats({ since: second, until: third })).toEqual([second]);
  });

  it('a listener hears entries that a journal of size 0 keeps none of, until it unsubscribes', async () => {
    const mock = newMock({ journalLimit: 0 });
    const heard: string[] = [];
    const off = mock.onRequest((entry) => heard.push(`${entry.method} ${entry.path} ${entry.status}`));
    await mock.fetch('/api/v1/users', { headers: HEADERS });
    off();
    await mock.fetch('/api/v1/users', { headers: HEADERS });
    expect(heard).toEqual(['GET /api/v1/users 200']);
    expect(mock.journal()).toEqual([]);
  });
});
