import { createMock } from '@commflow/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommFlow, type Logger } from '../src/index.js';
import { BASE_URL, DEMO_TENANTS } from './helpers.js';

const tenantId = DEMO_TENANTS.sandbox;

afterEach(() => {
  vi.useRealTimers();
});

/** A logger that keeps every line, by level. */
function recordingLogger() {
  const lines: { level: string; line: string }[] = [];
  const logger: Logger = {
    debug: (line) => void lines.push({ level: 'debug', line }),
    info: (line) => void lines.push({ level: 'info', line }),
    warn: (line) => void lines.push({ level: 'warn', line }),
    error: (line) => void lines.push({ level: 'error', line }),
  };
  return { lines, logger };
}

/**
 * Settles `calls` while moving fake time forward in steps of `stepMs`, at most `steps` times: the
 * mock's clock and the SDK's timers both read the faked `Date`, so a 20 s burst takes no 20 s.
 */
async function settle<T>(calls: Promise<T>[], stepMs: number, steps: number) {
  const outcomes = calls.map((call) =>
    call.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  );
  const state = { done: false };
  const all = Promise.all(outcomes).finally(() => {
    state.done = true;
  });
  for (let step = 0; step < steps && !state.done; step++) {
    await vi.advanceTimersByTimeAsync(stepMs);
    // A real turn of the event loop, for work no timer drives (the mock hashing a key): a busy
    // machine then needs more steps, never more fake time.
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(state.done).toBe(true);
  return all;
}

describe('a burst of 200 calls against a key limited to 50 requests per 5 s', () => {
  it('at default settings, every call succeeds and at most a handful of requests meet a 429', async () => {
    await CommFlow.preload();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const mock = createMock('demo');
    const { key } = mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit: 50, windowSeconds: 5 } });
    const { lines, logger } = recordingLogger();
    const client = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE_URL, fetch: mock.fetch, logger });
    const outcomes = await settle(
      Array.from({ length: 200 }, () => client.users.list()),
      250,
      2_000,
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    const statuses = mock.journal().map((entry) => entry.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(200);
    expect(statuses.filter((status) => status === 429).length).toBeLessThanOrEqual(5);
    // One line for the storm, then, once it is over, one summary with the count: not one per call.
    await vi.advanceTimersByTimeAsync(2_000);
    const logged = lines.filter(({ level }) => level !== 'debug').map(({ line }) => line);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^\[commflow\] users\.list: the rate limit's window is used up\. Calls wait/);
    expect(logged[1]).toMatch(
      /^\[commflow\] the waits are over: \d{3} waits \(rate limit and retries\) in \d+(\.\d)? s; only the first was logged\.$/,
    );
  }, 120_000);

  it("with rateLimit: 'off', retries after a 429 spread out over a jitter on top of Retry-After", async () => {
    await CommFlow.preload();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const mock = createMock('demo');
    const { key } = mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit: 50, windowSeconds: 5 } });
    const delays: number[] = [];
    const { lines, logger } = recordingLogger();
    const client = new CommFlow({
      apiKey: key,
      tenantId,
      baseUrl: BASE_URL,
      fetch: mock.fetch,
      rateLimit: 'off',
      logger,
      logLevel: 'info',
      hooks: { onRetry: ({ delayMs }) => void delays.push(delayMs) },
    });
    await settle(
      Array.from({ length: 100 }, () => client.users.list()),
      250,
      2_000,
    );
    expect(delays.length).toBeGreaterThan(10);
    // Every retry waits at least what the service asked (whole seconds up to the window's reset)
    // and at most 5 s more, and no two retries wait the same time.
    const distinct = new Set(delays);
    expect(distinct.size).toBeGreaterThan(delays.length / 2);
    expect(Math.max(...delays)).toBeLessThanOrEqual(10_000);
    // The storm of retries logs its first wait and a summary, not a line per retry.
    await vi.advanceTimersByTimeAsync(2_000);
    const logged = lines.map(({ line }) => line);
    expect(logged.length).toBeLessThanOrEqual(4);
    expect(logged.some((line) => /the waits are over: \d+ waits/.test(line))).toBe(true);
  }, 120_000);
});
