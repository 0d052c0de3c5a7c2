/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { expect, it } from 'vitest';
import { call, control, describeTransports, type Env } from '../helpers/env.js';

/**
 * decisions: control-surface call actions take a call off its automatic timeline, and an
 * impossible move is `409 INVALID_CALL_TRANSITION`. The history a test reads stays a valid path of
 * the call's life (a call answered before it rang still rang first).
 */

const ACTIONS = ['answer', 'bridge', 'hangup', 'no-answer', 'busy', 'fail'] as const;

async function dial(env: Env): Promise<string> {
  const reply = await call(env, 'POST', '/api/v1/click2dial', { body: { destination: '+14155550100' } });
  expect(reply.status).toBe(200);
  return reply.json.data.callId as string;
}

async function callView(env: Env, id: string): Promise<{ status: string; history: { status: string }[] }> {
  const calls = (await control(env, 'GET', '/calls')).json.data.calls as {
    callId: string;
    status: string;
    history: { status: string }[];
  }[];
  const found = calls.find((entry) => entry.callId === id);
  if (found === undefined) throw new Error(`call ${id} not listed`);
  return found;
}

describeTransports('driving a call by hand', (env) => {
  it('takes the call off its automatic timeline for good', async () => {
    const id = await dial(env());
    expect((await control(env(), 'POST', `/calls/${id}/answer`)).json.data.call.status).toBe('answered');
    // The timeline would have bridged it at 5 s and completed it at 65 s.
    env().mock.advanceClock(120_000);
    expect((await callView(env(), id)).status).toBe('answered');
  });

  it('answering a call that has not rung yet records it ringing first', async () => {
    const id = await dial(env());
    await control(env(), 'POST', `/calls/${id}/answer`);
    expect((await callView(env(), id)).history.map((step) => step.status)).toEqual([
      'initiated',
      'ringing',
      'answered',
    ]);
  });

  it('answering a ringing call does not ring it twice', async () => {
    const id = await dial(env());
    env().mock.advanceClock(1_000);
    expect((await callView(env(), id)).status).toBe('ringing');
    await control(env(), 'POST', `/calls/${id}/answer`);
    expect((await callView(env(), id)).history.map((step) => step.status)).toEqual([
      'initiated',
      'ringing',
      'answered',
    ]);
  });

  it('hanging up completes a bridged call and cancels one that was not bridged', async () => {
    const bridged = await dial(env());
    await control(env(), 'POST', `/calls/${bridged}/answer`);
    await control(env(), 'POST', `/calls/${bridged}/bridge`);
    expect((await control(env(), 'POST', `/calls/${bridged}/hangup`)).json.data.call.status).toBe('completed');
    const answered = await dial(env());
    await control(env(), 'POST', `/calls/${answered}/answer`);
    expect((await control(env(), 'POST', `/calls/${answered}/hangup`)).json.data.call.status).toBe('canceled');
  });

  it('an ended call refuses every action with 409 INVALID_CALL_TRANSITION and a message naming the move', async () => {
    const id = await dial(env());
    await control(env(), 'POST', `/calls/${id}/busy`);
    for (const action of ACTIONS) {
      const reply = await control(env(), 'POST', `/calls/${id}/${action}`);
      expect([reply.status, reply.json.error.code], action).toEqual([409, 'INVALID_CALL_TRANSITION']);
      expect(reply.json.error.message, action).toContain(action);
      expect(reply.json.error.message, action).toContain('busy');
    }
    expect((await callView(env(), id)).status).toBe('busy');
  });
});
