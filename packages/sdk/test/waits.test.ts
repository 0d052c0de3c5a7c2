import { createMock } from '@commflow/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  CommFlow,
  RateLimitError,
  type Fetch,
  type Logger,
  type RetryContext,
  type WaitContext,
} from '../src/index.js';
import { BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf } from './helpers.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function rateLimited(retryAfterSeconds: number): Fetch {
  return () =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          success: false,
          error: {
            code: 'RATE_LIMITED',
            message: `Rate limit of 600 requests exceeded. Retry in ${String(retryAfterSeconds)} s.`,
          },
          meta: { requestId: 'req_1', timestamp: '2026-11-24T00:00:00.000Z' },
        }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) } },
      ),
    );
}

function recorder(onWarn: () => void = () => undefined) {
  const lines: { level: string; line: string }[] = [];
  const at =
    (level: string) =>
    (message: string): void => {
      lines.push({ level, line: message });
      if (level === 'warn') onWarn();
    };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger };
}

describe('waits are never silent', () => {
  it('a wait over 2 s is a warning before it starts: the operation, the reason, the seconds, how to change it', async () => {
    const controller = new AbortController();
    // The warning comes before the wait: abort then, so the test never sleeps through it.
    const { lines, logger } = recorder(() => {
      controller.abort();
    });
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: rateLimited(60),
      logger,
    });
    vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter on top of Retry-After
    const error = await rejectionOf(client.users.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    const warnings = lines.filter((entry) => entry.level === 'warn').map((entry) => entry.line);
    expect(warnings).toEqual([
      '[commflow] users.list: 429 RATE_LIMITED: Rate limit of 600 requests exceeded. Retry 1 of 2 in 60 s. (maxRetries: 0 fails at once.)',
    ]);
  });

  it('a short wait stays at info, and reads as one sentence', async () => {
    const { lines, logger } = recorder();
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: rateLimited(0),
      logger,
      logLevel: 'info',
      maxRetries: 1,
    });
    await rejectionOf(client.users.list());
    expect(lines.filter((entry) => entry.level === 'warn')).toEqual([]);
    const retry = lines.find((entry) => entry.line.includes('Retry 1 of 1'));
    expect(retry?.level).toBe('info');
    expect(retry?.line).not.toContain('.;');
  });

  it('onWait gets the same facts before the wait starts: the operation, the reason, the milliseconds', async () => {
    const controller = new AbortController();
    const waits: WaitContext[] = [];
    const { lines, logger } = recorder();
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: rateLimited(60),
      logger,
      hooks: {
        onWait: (ctx) => {
          waits.push(ctx);
          controller.abort(); // the test never sleeps through the minute
        },
      },
    });
    vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter on top of Retry-After
    const error = await rejectionOf(client.users.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(
      waits.map(({ operationId, reason, segmentMs, attempt }) => ({ operationId, reason, segmentMs, attempt })),
    ).toEqual([{ operationId: 'users.list', reason: 'retry-after', segmentMs: 60_000, attempt: 1 }]);
    expect(lines.filter((entry) => entry.level === 'warn')).toHaveLength(1);
  });
});

describe('the retry line says when once', () => {
  it("the mock's 429 says 'Retry in 60 s.'; the SDK's line says it once, as its own retry", async () => {
    const mock = createMock('demo');
    const { key } = mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 1, windowSeconds: 60 },
    });
    const controller = new AbortController();
    const { lines, logger } = recorder(() => {
      controller.abort(); // the test never sleeps through the minute
    });
    const client = new CommFlow({
      apiKey: key,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: mock.fetch,
      logger,
      rateLimit: 'off', // a second call is sent into the 429 rather than queued
    });
    await client.users.list();
    vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter on top of Retry-After
    const error = await rejectionOf(client.users.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(mock.journal().map((entry) => entry.status)).toEqual([200, 429]);
    const warnings = lines.filter((entry) => entry.level === 'warn').map((entry) => entry.line);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^\[commflow\] users\.list: 429 RATE_LIMITED: Rate limit of 1 requests exceeded\. Retry 1 of 2 in (?:59|60) s\. \(maxRetries: 0 fails at once\.\)$/,
    );
  });

  it('a call that gives up keeps the whole message of the 429', async () => {
    const mock = createMock('demo');
    const { key } = mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 1, windowSeconds: 60 },
    });
    const client = new CommFlow({
      apiKey: key,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: mock.fetch,
      rateLimit: 'off',
    });
    await client.users.list();
    const error = await rejectionOf(client.users.list({}, { maxRetries: 0 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).message).toMatch(/Rate limit of 1 requests exceeded\. Retry in (?:59|60) s\.$/);
  });
});

/**
 * The mock's own fetch, with a response header rewritten as a service or proxy may send it: a
 * `Retry-After` or `RateLimit-Reset` in fractions of a second.
 */
function rewriting(fetch: Fetch, name: string, value: string): Fetch {
  return async (request, init) => {
    const response = await fetch(request, init);
    if (!response.headers.has(name)) return response;
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

describe('hooks are told whole milliseconds', () => {
  it('onRetry and onWait get the same whole number the SDK waits, for a fractional Retry-After', async () => {
    const mock = createMock('demo');
    mock.injectFault({ path: '/api/v1/presence', status: 429, times: 1 }); // answered with Retry-After: 1
    const retries: RetryContext[] = [];
    const waits: WaitContext[] = [];
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: rewriting(mock.fetch, 'retry-after', '0.0467363'),
      rateLimit: 'off',
      logLevel: 'off',
      hooks: { onRetry: (ctx) => void retries.push(ctx), onWait: (ctx) => void waits.push(ctx) },
    });
    vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter on top of Retry-After
    await expect(client.presence.list()).resolves.not.toHaveLength(0);
    expect(retries.map((ctx) => ctx.delayMs)).toEqual([47]);
    expect(waits.map((ctx) => [ctx.reason, ctx.segmentMs])).toEqual([['retry-after', 47]]);
  });

  it('a backoff with jitter is whole milliseconds too', async () => {
    const mock = createMock('demo');
    mock.injectFault({ path: '/api/v1/presence', status: 503, times: 2 });
    const delays: number[] = [];
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: mock.fetch,
      logLevel: 'off',
      hooks: {
        onRetry: ({ delayMs }) => void delays.push(delayMs),
        onWait: ({ segmentMs }) => void delays.push(segmentMs),
      },
    });
    await expect(client.presence.list()).resolves.not.toHaveLength(0);
    expect(delays).toHaveLength(4);
    expect(delays.filter((ms) => !Number.isInteger(ms))).toEqual([]);
  });

  it("the rate-limit queue's onWait is whole milliseconds, for a fractional RateLimit-Reset", async () => {
    const mock = createMock('demo');
    const { key } = mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], rateLimit: { limit: 1, windowSeconds: 1 } });
    const waits: number[] = [];
    const client = new CommFlow({
      apiKey: key,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: rewriting(mock.fetch, 'ratelimit-reset', '0.0501234'),
      logLevel: 'off',
      rateLimit: 'auto',
      hooks: {
        onWait: ({ reason, segmentMs }) => {
          if (reason === 'rate-limit') waits.push(segmentMs);
        },
      },
    });
    await Promise.all([client.users.list(), client.users.list()]);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.filter((ms) => !Number.isInteger(ms))).toEqual([]);
  });
});
