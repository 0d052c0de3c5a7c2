import { describe, expect, it, vi } from 'vitest';
import { MockClock } from '../../src/sim/clock.js';
import { EventLog } from '../../src/state/events/event-log.js';
import { WebhookDispatcher } from '../../src/sim/webhooks/index.js';
import { callStarted, setup, tenantA, fixtures } from './helpers.js';

const { receiver, defer, hangingReceiver } = fixtures();

describe('never blocking the API', () => {
  it('returns from emit before the receiver is called', async () => {
    const { events, dispatcher } = setup();
    defer(() => dispatcher.close());
    const order: string[] = [];
    dispatcher.subscriptions.create({
      tenantId: tenantA,
      callback: () => {
        order.push('receiver');
      },
    });
    callStarted(events);
    order.push('emit returned');
    await Promise.resolve(); // microtasks alone never reach the receiver
    order.push('microtasks drained');
    expect(dispatcher.deliveries()).toEqual([expect.objectContaining({ status: 'pending', attempts: [] })]);
    await dispatcher.idle();
    expect(order).toEqual(['emit returned', 'microtasks drained', 'receiver']);
  });

  it('keeps a throwing callback away from the emitter', async () => {
    const { events, dispatcher } = setup();
    defer(() => dispatcher.close());
    dispatcher.subscriptions.create({
      tenantId: tenantA,
      callback: () => {
        throw new Error('receiver bug');
      },
    });
    expect(() => callStarted(events)).not.toThrow();
    await dispatcher.idle();
    expect(dispatcher.deliveries()[0]!.attempts[0]!.error).toBe('the callback threw: receiver bug');
  });
});

describe('disposal', () => {
  it('close() cancels the retry timer and every attempt timer, leaving no timer behind', async () => {
    // Fake only setTimeout: our timers become countable, macrotasks (setImmediate) stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { events, dispatcher } = setup({ realTimers: true });
      const seen: string[] = [];
      dispatcher.subscriptions.create({
        tenantId: tenantA,
        callback: (request) => {
          seen.push(request.headers.get('webhook-id') ?? '');
          return 500;
        },
      });
      callStarted(events);
      await dispatcher.idle();
      expect(dispatcher.deliveries()[0]!.nextAttemptAt).toBeDefined();
      expect(vi.getTimerCount()).toBe(1); // the retry timer only: the attempt's timeout was cleared
      await dispatcher.close();
      expect(vi.getTimerCount()).toBe(0);
      // Closed: new events are not delivered any more.
      callStarted(events);
      await dispatcher.idle();
      expect(seen).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('close() aborts an attempt in flight and cancels first attempts not yet started', async () => {
    const { events, dispatcher } = setup();
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const hangingUrl = await hangingReceiver(arrived);
    dispatcher.subscriptions.create({ tenantId: tenantA, url: hangingUrl });
    const late = await receiver(() => 200);
    callStarted(events);
    await arrival;
    dispatcher.subscriptions.create({ tenantId: tenantA, url: late.url });
    callStarted(events); // its first attempts wait for a macrotask that close() cancels
    await dispatcher.close();
    expect(late.received).toEqual([]);
    expect(dispatcher.deliveries().every((delivery) => delivery.attempts.length === 0)).toBe(true);
  });

  it('reset() forgets deliveries and subscriptions but keeps listening', async () => {
    const { events, dispatcher } = setup();
    defer(() => dispatcher.close());
    const hook = await receiver(() => 200);
    dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    callStarted(events);
    await dispatcher.idle();
    dispatcher.reset({ keepSubscriptions: true });
    expect(dispatcher.deliveries()).toEqual([]);
    callStarted(events);
    await dispatcher.idle();
    expect(hook.received).toHaveLength(2);
    dispatcher.reset();
    expect(dispatcher.subscriptions.list()).toEqual([]);
  });
});

describe('standalone mode', () => {
  // Real timers on a machine that may be very busy: generous bounds, and a failure that shows the
  // delivery's attempts rather than a bare timeout.
  it('retries from a real timer when the clock follows wall time', { timeout: 150_000 }, async () => {
    const clock = new MockClock(); // follows the wall clock
    const events = new EventLog(clock);
    const dispatcher = new WebhookDispatcher({ events, clock, retryScheduleMs: [10, 10] });
    defer(() => dispatcher.close());
    const hook = await receiver((n) => (n < 3 ? 500 : 200));
    dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    callStarted(events);
    // No clock.advance(): the real timer drives both retries.
    await vi.waitFor(
      () => {
        const [delivery] = dispatcher.deliveries();
        expect(delivery?.status, JSON.stringify(delivery)).toBe('succeeded');
      },
      { timeout: 120_000, interval: 20 },
    );
    await dispatcher.idle();
    expect(dispatcher.deliveries()[0]!.attempts).toHaveLength(3);
  });
});
