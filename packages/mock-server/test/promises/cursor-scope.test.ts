/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { expect, it } from 'vitest';
import { ANN, BOB, CARLA, call, describeTransports, type Env, type Reply } from '../helpers/env.js';

/**
 * decisions §2: a cursor is bound to the list, the filters and the acting user it was issued
 * for. Replayed with another search, another acting user, another conversation or another date
 * range, it is `400 INVALID_CURSOR` with a message, never a page of the other query.
 */

function expectInvalidCursor(reply: Reply, what: string): void {
  expect([reply.status, reply.json?.error?.code], what).toEqual([400, 'INVALID_CURSOR']);
  expect(reply.json.error.message, what).toMatch(/\S/);
}

/** The next-page cursor of a first page of one item. */
async function firstCursor(env: Env, path: string, user: string = ANN): Promise<string> {
  const separator = path.includes('?') ? '&' : '?';
  const reply = await call(env, 'GET', `${path}${separator}limit=1`, { user });
  expect(reply.status, path).toBe(200);
  const cursor: unknown = reply.json.meta.pagination.nextCursor;
  expect(cursor, path).toEqual(expect.any(String));
  return cursor as string;
}

const withCursor = (path: string, cursor: string) =>
  `${path}${path.includes('?') ? '&' : '?'}limit=1&cursor=${encodeURIComponent(cursor)}`;

describeTransports('a cursor stays with the query it was issued for', (env) => {
  it('users: a cursor of one search is refused with another', async () => {
    const cursor = await firstCursor(env(), '/api/v1/users?search=a');
    expect((await call(env(), 'GET', withCursor('/api/v1/users?search=a', cursor))).status).toBe(200);
    expectInvalidCursor(await call(env(), 'GET', withCursor('/api/v1/users?search=o', cursor)), 'other search');
  });

  it('sms conversations: a cursor of one acting user is refused for another, and with another search', async () => {
    // Ann owns +14155550100 and Bob shares it: both see its two conversations.
    const cursor = await firstCursor(env(), '/api/v1/sms/conversations');
    const path = '/api/v1/sms/conversations';
    expect((await call(env(), 'GET', withCursor(path, cursor))).status).toBe(200);
    expectInvalidCursor(await call(env(), 'GET', withCursor(path, cursor), { user: BOB }), 'other user');
    expectInvalidCursor(await call(env(), 'GET', withCursor(`${path}?search=1`, cursor)), 'other search');
  });

  it('sms messages: a cursor of one conversation is refused on another', async () => {
    const list = await call(env(), 'GET', '/api/v1/sms/conversations');
    const ids = (list.json.data.conversations as { id: string }[]).map((conversation) => conversation.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const [first, second] = ids as [string, string];
    for (const id of [first, second]) {
      for (const text of ['one', 'two']) {
        const sent = await call(env(), 'POST', `/api/v1/sms/conversations/${id}/messages`, { body: { body: text } });
        expect(sent.status).toBe(200);
      }
    }
    const cursor = await firstCursor(env(), `/api/v1/sms/conversations/${first}/messages`);
    const own = await call(env(), 'GET', withCursor(`/api/v1/sms/conversations/${first}/messages`, cursor));
    expect(own.status).toBe(200);
    expectInvalidCursor(
      await call(env(), 'GET', withCursor(`/api/v1/sms/conversations/${second}/messages`, cursor)),
      'other conversation',
    );
  });

  it('chat messages: a cursor of one conversation is refused on another', async () => {
    const ids: string[] = [];
    for (const peer of [BOB, CARLA]) {
      const created = await call(env(), 'POST', '/api/v1/chat/conversations', {
        body: { participantEmail: peer, message: 'first' },
      });
      const id = created.json.data.conversation.id as string;
      await call(env(), 'POST', '/api/v1/chat/messages', { body: { conversationId: id, content: 'second' } });
      ids.push(id);
    }
    const [first, second] = ids as [string, string];
    const cursor = await firstCursor(env(), `/api/v1/chat/messages?conversationId=${first}`);
    expect((await call(env(), 'GET', withCursor(`/api/v1/chat/messages?conversationId=${first}`, cursor))).status).toBe(
      200,
    );
    expectInvalidCursor(
      await call(env(), 'GET', withCursor(`/api/v1/chat/messages?conversationId=${second}`, cursor)),
      'other conversation',
    );
  });

  it('calendar: a cursor of one date range is refused with another', async () => {
    // Ann's two demo events are on 23 and 24 November 2026.
    const range = '/api/v1/calendar?startDate=2026-11-01T00:00:00.000Z&endDate=2026-12-01T00:00:00.000Z';
    const cursor = await firstCursor(env(), range);
    expect((await call(env(), 'GET', withCursor(range, cursor))).status).toBe(200);
    const other = '/api/v1/calendar?startDate=2026-11-02T00:00:00.000Z&endDate=2026-12-01T00:00:00.000Z';
    expectInvalidCursor(await call(env(), 'GET', withCursor(other, cursor)), 'other range');
    expectInvalidCursor(await call(env(), 'GET', withCursor('/api/v1/calendar', cursor)), 'no range');
  });
});
