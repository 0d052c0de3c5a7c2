import { verifyWebhookSignature } from '@commflow/contract/webhooks';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock, type MockOptions } from '../../src/index.js';
import { RETRY_SCHEDULE_MS } from '../../src/sim/webhooks/index.js';
import { headerRecord, fixtures, type ReceivedRequest, type Receiver } from './helpers.js';

// Months away from the real date: whatever clock signs, the mock's timeline is not the wall's.
const START = '2026-03-01T09:00:00.000Z';
const HOUR = 3_600_000;

/** Closes what a test opened, the newest first. */
const open = fixtures();

function frozenMock(options: MockOptions = {}): CommFlowMock {
  const mock = createMock('demo', { clock: { frozen: true, start: START }, ...options });
  open.defer(() => mock.close());
  return mock;
}

const receiver = (answer: Receiver['answer']): Promise<Receiver> => open.receiver(answer);

const createContact = (mock: CommFlowMock) =>
  mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: {
      'X-API-Key': DEMO_KEYS.sandbox,
      'X-Tenant-Id': DEMO_TENANTS.sandbox,
      'X-User-Email': 'ann.lee@acme.test',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ firstName: 'Ada' }),
  });

/** What `standardwebhooks` says with its default clock (the real one): the event, or why not. */
function verifyWithOwnClock(secret: string, request: ReceivedRequest): { ok: true } | { ok: false; why: string } {
  try {
    new Webhook(secret).verify(request.body, headerRecord(request.headers));
    return { ok: true };
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  }
}

/** A mock with a receiver that always answers 500, and one delivery to it whose first attempt has failed. */
async function firstAttemptFailed() {
  const mock = frozenMock();
  const hook = await receiver(() => 500);
  mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url, events: ['*'] });
  await createContact(mock);
  await mock.idle();
  return { mock, hook };
}

/** The mock times of the first `count` attempts of a delivery first tried at `start`. */
const scheduledTimes = (start: number, count: number) =>
  Array.from({ length: count }, (_, n) =>
    new Date(start + RETRY_SCHEDULE_MS.slice(0, n).reduce((sum, delay) => sum + delay, 0)).toISOString(),
  );

describe('webhook timing that standard receivers accept', () => {
  it('signs with the wall clock by default: a standardwebhooks receiver on its own clock verifies retries hours later on the mock clock', async () => {
    const mock = frozenMock();
    const verdicts: ({ ok: true } | { ok: false; why: string })[] = [];
    let secret = '';
    // The receiver fails three times, then accepts; it verifies every request as production code would.
    const hook = await receiver((n, request) => {
      const verdict = verifyWithOwnClock(secret, request);
      verdicts.push(verdict);
      if (!verdict.ok) return 400;
      return n <= 3 ? 503 : 204;
    });
    ({ secret } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url, events: ['*'] }));
    const emittedAt = mock.clock.iso();
    expect((await createContact(mock)).status).toBe(201);
    await mock.idle();

    mock.advanceClock(3 * HOUR); // the retries at +5 s, +5 min and +35 min fall due
    await mock.idle();

    expect(verdicts).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }]);
    const [delivery] = mock.deliveries();
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503, 204]);
    expect(delivery?.attempts.map((attempt) => attempt.at)).toEqual(scheduledTimes(Date.parse(START), 4));
    // The event itself keeps the mock's time.
    const event = JSON.parse(hook.received[3]!.body) as { timestamp: string };
    expect(event.timestamp).toBe(emittedAt);
    for (const request of hook.received) {
      expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    }
  });

  it("webhookTimestamp: 'mock' signs with the attempt's mock time, for receivers on the mock clock", async () => {
    const mock = frozenMock({ webhookTimestamp: 'mock' });
    const hook = await receiver((n) => (n === 1 ? 500 : 204));
    const { secret } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url, events: ['*'] });
    await createContact(mock);
    await mock.idle();
    mock.advanceClock(HOUR);
    await mock.idle();

    const start = Date.parse(START);
    expect(hook.received.map((request) => Number(request.headers['webhook-timestamp']))).toEqual([
      start / 1000,
      (start + RETRY_SCHEDULE_MS[0]!) / 1000,
    ]);
    const retry = hook.received[1]!;
    expect(verifyWithOwnClock(secret, retry)).toEqual({
      ok: false,
      why: expect.stringMatching(/timestamp/i) as unknown,
    });
    await expect(
      verifyWebhookSignature({
        payload: retry.body,
        headers: headerRecord(retry.headers),
        secret,
        now: start + RETRY_SCHEDULE_MS[0]!,
      }),
    ).resolves.toHaveProperty('id');
  });

  it('one 10-day jump on an always-failing receiver runs every due retry, in order, each at its own time: failed after 8 attempts', async () => {
    const { mock, hook } = await firstAttemptFailed();
    expect(mock.deliveries({ status: 'pending' })).toHaveLength(1);

    mock.advanceClock(10 * 24 * HOUR);
    await mock.idle();

    const [delivery] = mock.deliveries();
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toHaveLength(8);
    expect(delivery?.attempts.map((attempt) => attempt.at)).toEqual(scheduledTimes(Date.parse(START), 8));
    expect(hook.received).toHaveLength(8);
    expect(new Set(hook.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(mock.deliveries({ status: 'pending' })).toEqual([]);
  });

  it('a jump runs only the retries due within it; the next one waits for its time', async () => {
    const { mock } = await firstAttemptFailed();

    mock.advanceClock(HOUR); // +5 s, +5 min 5 s and +35 min 5 s are due; +2 h 35 min 5 s is not
    await mock.idle();
    const [delivery] = mock.deliveries();
    expect(delivery?.attempts).toHaveLength(4);
    expect(delivery?.status).toBe('pending');
    expect(delivery?.nextAttemptAt).toBe(scheduledTimes(Date.parse(START), 5)[4]);
  });
});
