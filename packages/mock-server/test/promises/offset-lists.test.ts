/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { OPERATION_LIST } from '@commflow/contract';
import { expect, it } from 'vitest';
import { MAGIC_DIAL_DESTINATIONS } from '../../src/index.js';
import { BOB, CARLA, call, describeTransports, type Env } from '../helpers/env.js';

/**
 * decisions §2: a list whose query takes `offset` but not `cursor` pages by offset only, and
 * `meta.pagination.nextCursor` is always null there, even when more items follow.
 */

/** The data field of each offset-only list. */
const FIELD: Record<string, string> = {
  'cdr.list': 'records',
  'chat.conversations': 'conversations',
  'files.list': 'files',
  'fax.list': 'faxes',
};

const offsetOnly = OPERATION_LIST.filter((op) => {
  const shape = (op.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return 'offset' in shape && !('cursor' in shape);
});

/** One field of each item of a list in a response. */
const pluck = (list: unknown, field: string): unknown[] =>
  (list as Record<string, unknown>[]).map((item) => item[field]);

/** Two CDRs and two chat conversations for the demo's Ann, a minute apart on the mock clock. */
async function populate(env: Env): Promise<void> {
  for (const peer of [BOB, CARLA]) {
    await call(env, 'POST', '/api/v1/click2dial', { body: { destination: MAGIC_DIAL_DESTINATIONS.busy } });
    await call(env, 'POST', '/api/v1/chat/conversations', { body: { participantEmail: peer, message: 'hi' } });
    env.mock.advanceClock(60_000);
  }
}

describeTransports('offset-only lists', (env) => {
  it('are named here, as the contract derives them', () => {
    expect(offsetOnly.map((op) => op.id).sort()).toEqual(Object.keys(FIELD).sort());
  });

  it('page by offset over the full list, and never return a cursor', async () => {
    await populate(env());
    for (const op of offsetOnly) {
      const field = FIELD[op.id] ?? '';
      const all = await call(env(), 'GET', op.path);
      const items: { id: string }[] = all.json.data[field];
      expect(items.length, op.id).toBeGreaterThanOrEqual(2);
      expect(all.json.meta.pagination).toEqual({ limit: 50, offset: 0, hasMore: false, nextCursor: null });

      const first = await call(env(), 'GET', `${op.path}?limit=1`);
      expect(pluck(first.json.data[field], 'id'), op.id).toEqual([items[0]?.id]);
      expect(first.json.meta.pagination, op.id).toEqual({ limit: 1, offset: 0, hasMore: true, nextCursor: null });

      const last = await call(env(), 'GET', `${op.path}?limit=1&offset=${items.length - 1}`);
      expect(pluck(last.json.data[field], 'id'), op.id).toEqual([items.at(-1)?.id]);
      expect(last.json.meta.pagination.hasMore, op.id).toBe(false);
    }
  });

  it('the newest first', async () => {
    await populate(env());
    const started = pluck((await call(env(), 'GET', '/api/v1/cdr')).json.data.records, 'startedAt') as string[];
    expect(started).toEqual([...started].sort().reverse());
    const created = pluck((await call(env(), 'GET', '/api/v1/files')).json.data.files, 'createdAt') as string[];
    expect(created).toEqual([...created].sort().reverse());
  });
});
