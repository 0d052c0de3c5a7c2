// A mock whose clock follows the wall (the standalone default) retries failed deliveries from a
// real timer, each at its time, with nobody advancing the clock; one timer waits for the soonest
// retry, and none is left once nothing waits. The wall is moved with vitest's fake timers
// (`Date` and `setTimeout`), so the test never waits.
import { expect, it, vi } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, RETRY_SCHEDULE_MS, type CommFlowMock } from '../../src/index.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const START = Date.parse('2026-11-21T12:00:00.000Z');
const headers = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
  'content-type': 'application/json',
};

const closing = closeAfterEach();

/** A wall-clock mock at START (fake `Date` and timers), with a callback subscription answering `answer(n)`. */
function wallClockMock(answer: (n: number, body: string) => number) {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(START);
  const mock = createMock('demo');
  closing(mock);
  let n = 0;
  mock.webhooks.subscribe({
    tenantId: DEMO_TENANTS.sandbox,
    events: ['contact.changed'],
    callback: async (request) => {
      n += 1;
      return answer(n, await request.text());
    },
  });
  return mock;
}

async function createContact(mock: CommFlowMock, firstName: string): Promise<void> {
  const response = await mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName }),
  });
  expect(response.status).toBe(201);
}

/** Moves the wall by `ms`, firing the timers that fall due, and waits for the attempts they start. */
async function wallPasses(mock: CommFlowMock, ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await mock.idle();
}

const attemptsOf = (mock: CommFlowMock) => mock.deliveries().map((delivery) => delivery.attempts.length);

it('a failed delivery is retried by the timer at each time of the schedule, and no timer is left after', async () => {
  const mock = wallClockMock((n) => (n < 3 ? 503 : 204));
  await createContact(mock, 'Ada');
  await mock.idle();
  const [delivery] = mock.deliveries();
  expect(delivery).toMatchObject({ status: 'pending', nextAttemptAt: new Date(START + 5_000).toISOString() });
  // One timer: the retry's (the attempt's own timeout timer went with the attempt).
  expect(vi.getTimerCount()).toBe(1);

  const [first = 0, second = 0] = RETRY_SCHEDULE_MS;
  await wallPasses(mock, first - 1);
  expect(attemptsOf(mock)).toEqual([1]);
  await wallPasses(mock, 1);
  expect(attemptsOf(mock)).toEqual([2]);
  expect(mock.deliveries()[0]?.attempts[1]?.at).toBe(new Date(START + first).toISOString());
  expect(vi.getTimerCount()).toBe(1);

  await wallPasses(mock, second - 1);
  expect(attemptsOf(mock)).toEqual([2]);
  await wallPasses(mock, 1);
  expect(mock.deliveries()[0]).toMatchObject({ status: 'succeeded', attempts: [{}, {}, { status: 204 }] });
  expect(vi.getTimerCount()).toBe(0);
});

it('with several retries waiting, the timer wakes for the soonest, and each runs at its own time', async () => {
  const order: string[] = [];
  const mock = wallClockMock((n, body) => {
    order.push((JSON.parse(body) as { data: { contact: { firstName: string } } }).data.contact.firstName);
    return n <= 2 ? 500 : 204;
  });
  await createContact(mock, 'Ada');
  await mock.idle();
  await wallPasses(mock, 1_000);
  await createContact(mock, 'Bo');
  await mock.idle();
  expect(attemptsOf(mock)).toEqual([1, 1]);
  expect(vi.getTimerCount()).toBe(1);

  await wallPasses(mock, 4_000); // Ada's retry is due, Bo's a second later
  expect(attemptsOf(mock)).toEqual([2, 1]);
  await wallPasses(mock, 999);
  expect(attemptsOf(mock)).toEqual([2, 1]);
  await wallPasses(mock, 1);
  expect(attemptsOf(mock)).toEqual([2, 2]);
  expect(order).toEqual(['Ada', 'Bo', 'Ada', 'Bo']);
  expect(vi.getTimerCount()).toBe(0);
});

it('a jump of the wall past several retries runs them in the order of their times', async () => {
  const order: string[] = [];
  const mock = wallClockMock((_, body) => {
    order.push((JSON.parse(body) as { data: { contact: { firstName: string } } }).data.contact.firstName);
    return 500;
  });
  await createContact(mock, 'Ada');
  await mock.idle();
  await wallPasses(mock, 1_000);
  await createContact(mock, 'Bo');
  await mock.idle();
  // The wall jumps (a laptop wakes up) with no timer firing, then one fires.
  vi.setSystemTime(START + 10 * 60_000);
  await wallPasses(mock, 5_000);
  // Each due retry starts at its own scheduled time, earliest first. The receiver may see the
  // two jumped retries in either order: attempts run concurrently and each signs its message
  // on the thread pool first, so arrival order is not part of the promise.
  expect(order.slice(0, 2)).toEqual(['Ada', 'Bo']);
  expect(order.slice(2, 4).sort()).toEqual(['Ada', 'Bo']);
  const [ada, bo] = mock.deliveries();
  expect(ada?.attempts[1]?.at).toBe(new Date(START + 5_000).toISOString());
  expect(bo?.attempts[1]?.at).toBe(new Date(START + 1_000 + 5_000).toISOString());
});

it('close() aborts a callback that has not answered: it resolves without waiting for the attempt’s timeout', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(START);
  const mock = createMock('demo');
  let signal: AbortSignal | undefined;
  let started: () => void = () => undefined;
  const inFlight = new Promise<void>((resolve) => {
    started = resolve;
  });
  mock.webhooks.subscribe({
    tenantId: DEMO_TENANTS.sandbox,
    events: ['contact.changed'],
    callback: (request) => {
      signal = request.signal;
      started();
      return new Promise<number>(() => undefined); // never answers
    },
  });
  await createContact(mock, 'Ada');
  await inFlight;
  // The fake timers never move here, so the attempt's 15 s timeout cannot be what ends it.
  await mock.close();
  expect(signal?.aborted).toBe(true);
  expect(mock.deliveries()).toEqual([expect.objectContaining({ status: 'pending', attempts: [] })]);
});
