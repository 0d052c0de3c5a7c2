import { afterEach, expect, it, vi } from 'vitest';
import { createMock } from '../../src/index.js';
import { ANN_HEADERS } from '../helpers/env.js';

/**
 * A mock whose clock follows the wall (the standalone default) lives on its own: a call placed
 * with click-to-dial rings, connects and ends as real time passes, with nobody advancing the
 * clock. Every API request first catches the calls up, so what it reads (the CDRs) is as of now.
 * The wall is moved here with a fake `Date`, so the test never waits.
 */

afterEach(() => {
  vi.useRealTimers();
});

const headers = {
  ...ANN_HEADERS,
  'content-type': 'application/json',
};

it('a call dialled on a wall-clock mock has ended, with its CDR, when a request comes after its timeline', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
  const mock = createMock('demo');
  const dialled = await mock.fetch('/api/v1/click2dial', {
    method: 'POST',
    headers,
    body: JSON.stringify({ destination: '+14155550100' }),
  });
  expect(dialled.status).toBe(200);
  const { data } = (await dialled.json()) as { data: { callId: string } };
  const cdrsNow = async () => {
    const reply = await mock.fetch('/api/v1/cdr', { headers });
    const body = (await reply.json()) as { data: { records: { callId: string; endedAt: string }[] } };
    return body.data.records.filter((record) => record.callId === data.callId);
  };
  expect(await cdrsNow()).toEqual([]);
  // The default timeline completes a call 65 s after it was placed.
  vi.setSystemTime(new Date('2026-11-21T12:01:10.000Z'));
  expect(await cdrsNow()).toEqual([
    expect.objectContaining({ callId: data.callId, endedAt: '2026-11-21T12:01:05.000Z', durationSeconds: 60 }),
  ]);
});
