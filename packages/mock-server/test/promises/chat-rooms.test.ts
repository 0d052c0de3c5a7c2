/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- response bodies are JSON read as `any`. */
// Team chat rooms as a user sees them: most recent activity first, a room moving to the top with
// each message, and the same after a restore; a group room (which only a snapshot can hold) is
// never taken for the direct chat of two of its members.
import { expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { ANN, BOB, call, CARLA, DAN, START, type Env } from '../helpers/env.js';
import { viaJson } from '../snapshot/helpers.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const closing = closeAfterEach();

function inProcess(mock = createMock('demo', { clock: { frozen: true, start: START } })): Env {
  closing(mock);
  return { transport: 'in-process', mock, fetch: mock.fetch, base: 'http://commflow.mock', close: () => mock.close() };
}

async function startChat(env: Env, participantEmail: string, message: string): Promise<{ id: string; status: number }> {
  const reply = await call(env, 'POST', '/api/v1/chat/conversations', { body: { participantEmail, message } });
  return { id: reply.json.data.conversation.id, status: reply.status };
}

/** Ann's rooms, as listed: each room's other members and its last activity. */
async function rooms(env: Env): Promise<{ with: string; lastMessageAt: string | null }[]> {
  const reply = await call(env, 'GET', '/api/v1/chat/conversations');
  return reply.json.data.conversations.map((room: { participants: string[]; lastMessageAt: string | null }) => ({
    with: room.participants.filter((email) => email !== ANN).join(','),
    lastMessageAt: room.lastMessageAt,
  }));
}

it('rooms list most recent activity first; a message moves its room to the top, also after a restore', async () => {
  const env = inProcess();
  const bob = await startChat(env, BOB, 'hi Bob');
  env.mock.advanceClock(60_000);
  await startChat(env, CARLA, 'hi Carla');
  env.mock.advanceClock(60_000);
  await startChat(env, DAN, 'hi Dan');
  expect((await rooms(env)).map((room) => room.with)).toEqual([DAN, CARLA, BOB]);

  env.mock.advanceClock(60_000);
  const sent = await call(env, 'POST', '/api/v1/chat/messages', { body: { conversationId: bob.id, content: 'again' } });
  expect(sent.status).toBe(201);
  const listed = await rooms(env);
  expect(listed.map((room) => room.with)).toEqual([BOB, DAN, CARLA]);
  expect(listed[0]?.lastMessageAt).toBe(sent.json.data.message.createdAt);

  const copy = inProcess(createMock('demo', { clock: { frozen: true } }));
  copy.mock.restore(viaJson(env.mock.snapshot()));
  expect(await rooms(copy)).toEqual(listed);
});

it('a group room of a snapshot is not the direct chat of two of its members', async () => {
  const env = inProcess();
  const group = await startChat(env, BOB, 'hi Bob');
  const snapshot = viaJson(env.mock.snapshot());
  for (const tenant of snapshot.state.tenants)
    for (const chat of tenant.chats) if (chat.id === group.id) chat.participants = [ANN, BOB, CARLA];
  const copy = inProcess(createMock('demo', { clock: { frozen: true } }));
  copy.mock.restore(snapshot);
  expect((await rooms(copy)).map((room) => room.with)).toEqual([`${BOB},${CARLA}`]);
  const direct = await startChat(copy, BOB, 'just us');
  expect(direct.status).toBe(201);
  expect(direct.id).not.toBe(group.id);
});
