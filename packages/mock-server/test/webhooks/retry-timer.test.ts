// The real timer of a mock whose clock follows the wall (standalone mode). On a busy machine Node
// can fire a timer before Date.now() has moved (a timer starts from the loop's time, read when the
// loop turned): the wall clock then reads as if frozen, and the timer must still wake up again.
import { afterEach, expect, it, vi } from 'vitest';
import { RetryTimer } from '../../src/sim/webhooks/retry-timer.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A clock that reads the same millisecond however long real time goes on. */
const stillClock = { now: () => 1_000, iso: () => new Date(1_000).toISOString(), stamp: () => 1_000 };

it('keeps the timer it re-armed when it fired before the clock moved (an early timer, not a frozen clock)', () => {
  // Fake setTimeout alone: advancing it fires the timer at once in real time, as an early timer does.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let wakes = 0;
  const timer: RetryTimer = new RetryTimer(stillClock, () => {
    wakes += 1;
    timer.arm(10); // nothing was due yet: the dispatcher re-arms for the retry's time
    return 0;
  });
  timer.arm(10);
  vi.advanceTimersByTime(10);
  expect(wakes).toBe(1);
  expect(vi.getTimerCount()).toBe(1);
  vi.advanceTimersByTime(10);
  expect(wakes).toBe(2);
  timer.disarm();
  expect(vi.getTimerCount()).toBe(0);
});

it('stops waking up once real time passed its delay and the clock stood still (a frozen clock)', async () => {
  let wakes = 0;
  const timer: RetryTimer = new RetryTimer(stillClock, () => {
    wakes += 1;
    timer.arm(5);
    return 0;
  });
  timer.arm(5);
  // Real timers, bounded by count: an early wake re-arms (as above), the first on time stops it.
  // Quiet means no wake in 20 looks of 5 ms in a row after the first.
  let quietLooks = 0;
  let seen = 0;
  for (let look = 0; look < 2_000 && quietLooks < 20; look++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    quietLooks = wakes > 0 && wakes === seen ? quietLooks + 1 : 0;
    seen = wakes;
  }
  expect(wakes).toBeGreaterThan(0);
  expect(quietLooks).toBe(20);
});
