/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock, MAGIC_DIAL_DESTINATIONS } from '../../src/index.js';
import { ANN, call, control, describeTransports, START, type Env, ANN_HEADERS } from '../helpers/env.js';

/**
 * decisions §5 (calls): a call goes `initiated` → `ringing` → `answered` → `bridged` →
 * `completed`, or ends `no_answer`, `busy`, `failed` or `canceled`; a CDR is written when it ends,
 * its `answeredAt` the moment the destination answered (bridged). The control surface's actions
 * are allowed from the states below and are a 409 from any other.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The mock clock's time (it keeps its time across the resets between tests). */
async function clockNow(env: Env): Promise<number> {
  return Date.parse((await control(env, 'GET', '/clock')).json.data.now as string);
}

/** Moves the mock clock to a time on it (a record's stamp may be a few ms ahead of the clock). */
async function advanceTo(env: Env, time: number): Promise<void> {
  env.mock.advanceClock(time - (await clockNow(env)));
}

async function dial(env: Env, destination = '+14155550100'): Promise<string> {
  const reply = await call(env, 'POST', '/api/v1/click2dial', { body: { destination } });
  expect(reply.status).toBe(200);
  return reply.json.data.callId as string;
}

interface CallView {
  status: string;
  createdAt: string;
  history: { status: string }[];
}

async function callView(env: Env, id: string): Promise<CallView> {
  const calls = (await control(env, 'GET', '/calls')).json.data.calls as {
    callId: string;
    status: string;
    createdAt: string;
    history: { status: string }[];
  }[];
  const found = calls.find((entry) => entry.callId === id);
  if (found === undefined) throw new Error(`call ${id} not listed`);
  return found;
}

async function cdrOf(env: Env, callId: string): Promise<Record<string, unknown> | undefined> {
  const reply = await call(env, 'GET', '/api/v1/cdr?limit=100');
  expect(reply.status).toBe(200);
  return (reply.json.data.records as { callId: string }[]).find((record) => record.callId === callId);
}

type State = 'initiated' | 'ringing' | 'answered' | 'bridged';
const STATES: readonly State[] = ['initiated', 'ringing', 'answered', 'bridged'];

/** A call in the given state, reached on the clock (ringing) or by hand (answered, bridged). */
async function callIn(env: Env, state: State): Promise<string> {
  const id = await dial(env);
  if (state === 'ringing') await advanceTo(env, Date.parse((await callView(env, id)).createdAt) + 1_000);
  if (state === 'answered' || state === 'bridged') await control(env, 'POST', `/calls/${id}/answer`);
  if (state === 'bridged') await control(env, 'POST', `/calls/${id}/bridge`);
  expect((await callView(env, id)).status).toBe(state);
  return id;
}

/** What each action leads to from each live state; absent: 409 INVALID_CALL_TRANSITION. */
const TABLE: Record<string, Partial<Record<State, string>>> = {
  answer: { initiated: 'answered', ringing: 'answered' },
  bridge: { answered: 'bridged' },
  hangup: { initiated: 'canceled', ringing: 'canceled', answered: 'canceled', bridged: 'completed' },
  'no-answer': { initiated: 'no_answer', ringing: 'no_answer', answered: 'no_answer' },
  busy: { initiated: 'busy', ringing: 'busy', answered: 'busy' },
  fail: { initiated: 'failed', ringing: 'failed', answered: 'failed', bridged: 'failed' },
};

describeTransports('the life of a call', (env) => {
  it('each control action moves a live call as the transition table says, or is refused with 409', async () => {
    for (const [action, outcomes] of Object.entries(TABLE)) {
      for (const state of STATES) {
        const id = await callIn(env(), state);
        const before = (await callView(env(), id)).history.map((step) => step.status);
        const reply = await control(env(), 'POST', `/calls/${id}/${action}`);
        const expected = outcomes[state];
        const what = `${action} from ${state}`;
        if (expected === undefined) {
          expect([reply.status, reply.json.error.code], what).toEqual([409, 'INVALID_CALL_TRANSITION']);
          expect((await callView(env(), id)).status, what).toBe(state);
          continue;
        }
        expect(reply.status, what).toBe(200);
        expect(reply.json.data.call.status, what).toBe(expected);
        // Only an answer before the call rang adds a step of its own (ringing).
        const added = action === 'answer' && state === 'initiated' ? ['ringing', expected] : [expected];
        expect(
          (await callView(env(), id)).history.map((step) => step.status),
          what,
        ).toEqual([...before, ...added]);
      }
    }
  });

  it('a call ended by hand has its CDR: disposition, answer time and duration', async () => {
    const talked = await callIn(env(), 'answered');
    const answered = await clockNow(env());
    env().mock.advanceClock(2_000);
    await control(env(), 'POST', `/calls/${talked}/bridge`);
    env().mock.advanceClock(30_000);
    await control(env(), 'POST', `/calls/${talked}/hangup`);
    expect(await cdrOf(env(), talked)).toMatchObject({
      answeredAt: iso(answered + 2_000),
      endedAt: iso(answered + 32_000),
      durationSeconds: 30,
      disposition: 'answered',
    });
    const busy = await callIn(env(), 'ringing');
    expect(await cdrOf(env(), busy)).toBeUndefined();
    await control(env(), 'POST', `/calls/${busy}/busy`);
    expect(await cdrOf(env(), busy)).toMatchObject({ answeredAt: null, durationSeconds: 0, disposition: 'busy' });
  });

  it('a call on its timeline is bridged at 5 s, completes at 65 s, and its CDR says so', async () => {
    const id = await dial(env());
    const started = Date.parse((await callView(env(), id)).createdAt);
    await advanceTo(env(), started + 4_999);
    expect((await callView(env(), id)).status).toBe('answered');
    await advanceTo(env(), started + 5_000);
    expect((await callView(env(), id)).status).toBe('bridged');
    await advanceTo(env(), started + 65_000);
    expect((await callView(env(), id)).history.map((step) => step.status)).toEqual([
      'initiated',
      'ringing',
      'answered',
      'bridged',
      'completed',
    ]);
    expect(await cdrOf(env(), id)).toMatchObject({
      callId: id,
      from: '1001',
      to: '+14155550100',
      userEmail: ANN,
      startedAt: iso(started),
      answeredAt: iso(started + 5_000),
      endedAt: iso(started + 65_000),
      durationSeconds: 60,
      disposition: 'answered',
    });
  });

  it('a magic busy number ends busy with an unanswered CDR', async () => {
    const id = await dial(env(), MAGIC_DIAL_DESTINATIONS.busy);
    env().mock.advanceClock(10_000);
    expect((await callView(env(), id)).status).toBe('busy');
    expect(await cdrOf(env(), id)).toMatchObject({ answeredAt: null, durationSeconds: 0, disposition: 'busy' });
  });

  it('dialling your own extension is a 400 on body.destination; an unknown extension a 404 naming it', async () => {
    const own = await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '1001' } });
    expect([own.status, own.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(own.json.error.details).toEqual([{ path: ['body', 'destination'], message: expect.stringMatching(/\S/) }]);
    const unknown = await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '1999' } });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(unknown.json.error.message).toContain('Extension');
    expect((await control(env(), 'GET', '/calls')).json.data.calls).toEqual([]);
  });
});

describe('calls and the clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a control action sees the call where the running clock has taken it, with no request in between', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(START));
    const mock = createMock('demo');
    const reply = await mock.fetch('http://commflow.mock/api/v1/click2dial', {
      method: 'POST',
      headers: {
        ...ANN_HEADERS,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ destination: '+14155550100' }),
    });
    const { data } = (await reply.json()) as { data: { callId: string } };
    // 4.5 s of wall time: the timeline has answered the call; nothing has asked the mock since.
    vi.setSystemTime(new Date(Date.parse(START) + 4_500));
    expect(mock.controlCall(data.callId, 'bridge').status).toBe('bridged');
    await mock.close();
  });

  it('a snapshot taken after the call cap forgot ended calls restores', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START }, callLimit: 1 });
    const headers = {
      ...ANN_HEADERS,
      'content-type': 'application/json',
    };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await mock.fetch('http://commflow.mock/api/v1/click2dial', {
        method: 'POST',
        headers,
        body: JSON.stringify({ destination: MAGIC_DIAL_DESTINATIONS.busy }),
      });
      ids.push(((await reply.json()) as { data: { callId: string } }).data.callId);
      mock.advanceClock(10_000);
    }
    expect(mock.calls().map((entry) => [entry.callId, entry.status])).toEqual([[ids[2], 'busy']]);
    const copy = createMock('demo');
    copy.restore(mock.snapshot());
    expect(copy.calls().map((entry) => entry.callId)).toEqual([ids[2]]);
    await Promise.all([mock.close(), copy.close()]);
  });
});
