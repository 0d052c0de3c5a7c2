import { describe, expect, it } from 'vitest';
import { MAX_DELIVERY_ATTEMPTS, RETRY_SCHEDULE_MS } from '../../src/sim/webhooks/index.js';
import { callStarted, tenantA, fixtures } from './helpers.js';

const { receiver, harness } = fixtures();

describe('retries on the mock clock', () => {
  it('follows the schedule of decisions §10', () => {
    expect(RETRY_SCHEDULE_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(MAX_DELIVERY_ATTEMPTS).toBe(8);
  });

  it('delivers on the third attempt to a receiver failing its first two, as the clock advances', async () => {
    const { clock, events, dispatcher } = harness({ webhookTimestamp: 'mock' });
    const hook = await receiver((n) => (n <= 2 ? 500 : 200));
    const { id: subscriptionId } = dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    const event = callStarted(events, tenantA);
    const start = clock.now();

    await dispatcher.idle();
    let [delivery] = dispatcher.deliveries({ subscriptionId });
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts).toEqual([expect.objectContaining({ status: 500, error: 'HTTP 500 is not a 2xx' })]);
    expect(delivery?.nextAttemptAt).toBe(new Date(start + 5_000).toISOString());

    clock.advance(4_999); // not due yet
    await dispatcher.idle();
    expect(hook.received).toHaveLength(1);

    clock.advance(1);
    await dispatcher.idle();
    [delivery] = dispatcher.deliveries({ subscriptionId });
    expect(delivery?.attempts).toHaveLength(2);
    expect(delivery?.nextAttemptAt).toBe(new Date(start + 5_000 + 300_000).toISOString());

    clock.advance(300_000);
    await dispatcher.idle();
    [delivery] = dispatcher.deliveries({ subscriptionId });
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.nextAttemptAt).toBeUndefined();
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    expect(delivery?.attempts.map((attempt) => attempt.at)).toEqual([
      new Date(start).toISOString(),
      new Date(start + 5_000).toISOString(),
      new Date(start + 305_000).toISOString(),
    ]);

    // Every attempt carries the same webhook-id, the event id, and (signed with the mock clock)
    // the mock time of its attempt.
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    expect(hook.received.map((r) => Number(r.headers['webhook-timestamp']))).toEqual([
      start / 1000,
      (start + 5_000) / 1000,
      (start + 305_000) / 1000,
    ]);
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
  });

  it('fails after eight attempts, then a replay to the now-healthy receiver succeeds with the same webhook-id', async () => {
    const { clock, events, dispatcher } = harness({ webhookTimestamp: 'mock' });
    let healthy = false;
    const hook = await receiver(() => (healthy ? 204 : 503));
    dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url, events: ['call.started'] });
    const event = callStarted(events, tenantA);

    await dispatcher.idle();
    for (const delay of RETRY_SCHEDULE_MS) {
      clock.advance(delay);
      await dispatcher.idle();
    }
    const [failed] = dispatcher.deliveries({ status: 'failed' });
    expect(failed).toBeDefined();
    expect(failed!.attempts).toHaveLength(8);
    expect(failed!.attempts.every((attempt) => attempt.status === 503)).toBe(true);
    expect(failed!.nextAttemptAt).toBeUndefined();
    expect(dispatcher.deliveries({ status: 'pending' })).toEqual([]);

    // Nothing more happens, however far the clock goes.
    clock.advance(7 * 86_400_000);
    await dispatcher.idle();
    expect(hook.received).toHaveLength(8);

    healthy = true;
    clock.advance(60_000);
    const replay = dispatcher.replay(failed!.id);
    expect(replay).toMatchObject({ status: 'pending', replayOf: failed!.id, eventId: event.id });
    await dispatcher.idle();

    expect(dispatcher.delivery(replay.id)).toMatchObject({ status: 'succeeded', attempts: [{ status: 204 }] });
    expect(dispatcher.delivery(failed!.id).status).toBe('failed'); // the original keeps its history
    const last = hook.received.at(-1)!;
    const previous = hook.received.at(-2)!;
    expect(last.headers['webhook-id']).toBe(event.id);
    expect(Number(last.headers['webhook-timestamp'])).toBe(Math.floor(clock.now() / 1000));
    expect(last.headers['webhook-timestamp']).not.toBe(previous.headers['webhook-timestamp']);
    expect(last.headers['webhook-signature']).not.toBe(previous.headers['webhook-signature']);
    expect(last.body).toBe(previous.body);
  });

  it('makes a replay a single attempt, without retries', async () => {
    const { clock, events, dispatcher } = harness();
    const hook = await receiver(() => 500);
    dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    callStarted(events, tenantA);
    await dispatcher.idle();
    const [original] = dispatcher.deliveries();
    const replay = dispatcher.replay(original!.id);
    await dispatcher.idle();
    expect(dispatcher.delivery(replay.id)).toMatchObject({ status: 'failed', attempts: [{ status: 500 }] });
    clock.advance(RETRY_SCHEDULE_MS[0]!);
    await dispatcher.idle();
    expect(dispatcher.delivery(replay.id).attempts).toHaveLength(1);
    expect(dispatcher.delivery(original!.id).attempts).toHaveLength(2); // the original retries on its own
  });

  it('filters deliveries by status, subscription and event', async () => {
    const { events, dispatcher } = harness();
    const ok = await receiver(() => 200);
    const ko = await receiver(() => 500);
    const good = dispatcher.subscriptions.create({ tenantId: tenantA, url: ok.url });
    const bad = dispatcher.subscriptions.create({ tenantId: tenantA, url: ko.url });
    const first = callStarted(events, tenantA);
    callStarted(events, tenantA);
    await dispatcher.idle();
    expect(dispatcher.deliveries()).toHaveLength(4);
    expect(dispatcher.deliveries({ status: 'succeeded' }).map((d) => d.subscriptionId)).toEqual([good.id, good.id]);
    expect(dispatcher.deliveries({ status: 'pending', subscriptionId: bad.id })).toHaveLength(2);
    expect(dispatcher.deliveries({ eventId: first.id })).toHaveLength(2);
    expect(dispatcher.deliveries({ status: 'failed' })).toEqual([]);
  });
});
