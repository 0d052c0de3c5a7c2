import { describe, expect, it } from 'vitest';
import { APIUserAbortError, CommFlow, type Fetch, type Logger, type WaitContext } from '../src/index.js';
import { BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf } from './helpers.js';

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
    const error = await rejectionOf(client.users.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    const warnings = lines.filter((entry) => entry.level === 'warn').map((entry) => entry.line);
    expect(warnings).toEqual([
      '[commflow] users.list: 429 RATE_LIMITED: Rate limit of 600 requests exceeded. Retry in 60 s. Retry 1 of 2 in 60 s. (maxRetries: 0 fails at once.)',
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
    const error = await rejectionOf(client.users.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(waits.map(({ operationId, reason, waitMs, attempt }) => ({ operationId, reason, waitMs, attempt }))).toEqual(
      [{ operationId: 'users.list', reason: 'retry-after', waitMs: 60_000, attempt: 1 }],
    );
    expect(lines.filter((entry) => entry.level === 'warn')).toHaveLength(1);
  });
});
