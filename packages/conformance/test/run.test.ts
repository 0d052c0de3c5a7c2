/**
 * The programmatic API over an in-process mock: the safety rules (read-only, sandbox, live),
 * pacing by the rate-limit headers, and usage errors before anything is sent.
 */
import { createMock, DEMO_KEYS, DEMO_TENANTS, demoScenario } from '@commflow/mock-server';
import { describe, expect, it } from 'vitest';
import {
  CHECKS,
  ConformanceTargetError,
  ConformanceUsageError,
  MARKER_PREFIX,
  planConformance,
  runConformance,
  type ConformanceOptions,
} from '../src/index.js';
import { demoOptions } from './helpers/options.js';

/** An in-process demo mock, and the requests the kit sent it. */
function recordedMock(scenario: Parameters<typeof createMock>[0] = 'demo') {
  const mock = createMock(scenario);
  const sent: { method: string; path: string; body: string }[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.clone().text() });
    return mock.fetch(request);
  }) as typeof globalThis.fetch;
  return { mock, sent, fetch };
}

const options = (fetch: typeof globalThis.fetch, extra: Partial<ConformanceOptions> = {}): ConformanceOptions => ({
  ...demoOptions('http://commflow.mock'),
  fetch,
  ...extra,
});

describe('an unreachable target', () => {
  it('throws one ConformanceTargetError naming the cause undici gives, not only "fetch failed"', async () => {
    // Port 9 is one fetch refuses to reach at all ("bad port"): no connection is even tried.
    const run = runConformance({ ...demoOptions('http://127.0.0.1:9'), only: 'openapi.document' });
    await expect(run).rejects.toThrow(ConformanceTargetError);
    await expect(run).rejects.toThrow(
      'cannot reach http://127.0.0.1:9: GET /api/v1/openapi.json failed: bad port. Check --base-url, and that the service runs',
    );
  });
});

describe('failure reasons', () => {
  it('name the status and the error code of the answer', async () => {
    // A key lacking the contacts permission: contacts.create answers 403 PERMISSION_DENIED.
    const { fetch } = recordedMock();
    const report = await runConformance(
      options(fetch, { apiKey: DEMO_KEYS.usersOnly, only: 'contacts.read-back', sandbox: true }),
    );
    const result = report.results.find((entry) => entry.id === 'contacts.read-back');
    expect(result?.outcome).toBe('fail');
    expect(result?.reason).toMatch(/403 PERMISSION_DENIED/);
  });
});

describe('safety', () => {
  it('--read-only sends only GET requests and skips every check that would send another', async () => {
    const { sent, fetch } = recordedMock();
    // With --sandbox too: read-only wins over what a sandbox would allow.
    const report = await runConformance(options(fetch, { readOnly: true, sandbox: true }));
    expect(sent.length).toBeGreaterThan(50);
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
    const skipped = report.results.filter((result) => result.outcome === 'skip');
    expect(skipped.map((result) => [result.id, result.reason])).toEqual([
      ['voice.no-extension', 'sends a POST: not with --read-only'],
      ['contacts.read-back', 'creates data: not with --read-only'],
      ['idempotency.replay', 'creates data: not with --read-only'],
      ['chat.start-twice', 'creates data: not with --read-only'],
      ['sms.sandbox-simulated', 'creates data: not with --read-only'],
    ]);
    expect(report.ok).toBe(true);
  });

  it('without --sandbox or --allow-live, creates nothing: its only POST is the click-to-dial a conforming service refuses', async () => {
    const { sent, fetch } = recordedMock();
    const report = await runConformance(options(fetch, { sandbox: false }));
    expect(report.ok).toBe(true);
    expect([...new Set(sent.filter((request) => request.method !== 'GET').map((request) => request.path))]).toEqual([
      '/api/v1/click2dial',
    ]);
    expect(report.plan.filter((entry) => entry.createsData).every((entry) => !entry.willRun)).toBe(true);
  });

  it('--allow-live runs the checks that create data, never the SMS send, and marks what it creates', async () => {
    const { sent, fetch } = recordedMock();
    const report = await runConformance(options(fetch, { sandbox: false, allowLive: true }));
    expect(report.ok).toBe(true);
    expect(report.results.find((result) => result.id === 'sms.sandbox-simulated')?.outcome).toBe('skip');
    expect(sent.some((request) => request.path.startsWith('/api/v1/sms/') && request.method === 'POST')).toBe(false);
    const created = sent.filter((request) => request.method === 'POST' && request.path !== '/api/v1/click2dial');
    expect(created.length).toBeGreaterThan(0);
    expect(report.marker).toMatch(new RegExp(`^${MARKER_PREFIX}-[0-9a-f]{8}$`));
    for (const request of created) expect(request.body).toContain(report.marker);
  });

  it('on a tenant that lacks a module, leaves its operations out with a note instead of failing', async () => {
    const { fetch } = recordedMock();
    // The demo's live tenant (Globex) has no fax module; an account key stands for the other tenant's.
    const report = await runConformance({
      baseUrl: 'http://commflow.mock',
      fetch,
      apiKey: DEMO_KEYS.live,
      tenantId: DEMO_TENANTS.live,
      userEmail: 'grace@globex.test',
      userWithoutExtension: 'henry@globex.test',
      otherTenantId: DEMO_TENANTS.sandbox,
      otherApiKey: DEMO_KEYS.partner,
      allowLive: true,
    });
    expect(report.totals).toEqual({ passed: 14, failed: 0, skipped: 2 });
    expect(report.results.find((result) => result.id === 'pagination.limits')?.reason).toBe(
      'fax.list left out: MODULE_DISABLED',
    );
  });

  it('sends no request when an option is invalid', async () => {
    const { sent, fetch } = recordedMock();
    await expect(runConformance(options(fetch, { tenantId: 'acme' }))).rejects.toThrow(
      new ConformanceUsageError('--tenant must be a UUID'),
    );
    expect(() => planConformance(options(fetch, { only: ' , ' }))).toThrow(ConformanceUsageError);
    expect(sent).toEqual([]);
  });
});

describe('the plan', () => {
  it('names for each check its rule, and selects with --only', () => {
    const plan = planConformance(options(globalThis.fetch, { only: 'pagination.*, tenancy.isolation' }));
    expect(plan.filter((entry) => entry.willRun).map((entry) => entry.id)).toEqual([
      'pagination.limits',
      'pagination.cursor-walk',
      'pagination.bad-cursor',
      'tenancy.isolation',
    ]);
    for (const check of CHECKS) {
      expect(check.rules.length).toBeGreaterThan(0);
      // Each rule cited by number, in the one-line text too, and every one on the rules page.
      for (const rule of check.rules) expect(check.rule).toContain(rule);
      expect(check.rule).not.toMatch(/(service-api|decisions)\.md/);
    }
  });
});

describe('pacing', () => {
  it('waits out the rate-limit window instead of running into 429', async () => {
    // 12 requests a second: the pagination checks send several times that many.
    const { sent, fetch } = recordedMock({ ...demoScenario, rateLimit: { limit: 12, windowSeconds: 1 } });
    const report = await runConformance(options(fetch, { only: 'pagination.*' }));
    expect(report.ok).toBe(true);
    expect(sent.length).toBeGreaterThan(36);
    expect(report.pacing.rateLimited).toBe(0);
    expect(report.pacing.waitedMs).toBeGreaterThan(0);
  }, 120_000);

  it('waits out a 429 caused by another client of the key, retries, and counts it', async () => {
    const mock = createMock({ ...demoScenario, rateLimit: { limit: 30, windowSeconds: 3 } });
    let sent = 0;
    const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const request = new Request(input, init);
      sent++;
      if (sent === 5) {
        // Another client spends what is left of the window, behind the kit's back.
        // Until it is refused, bounded by count; the kit's request follows at once.
        for (let burn = 0; burn < 100; burn++) {
          const answer = await mock.fetch(new Request(request.url, { headers: request.headers }));
          if (answer.status === 429) break;
        }
      }
      return mock.fetch(request);
    }) as typeof globalThis.fetch;
    const report = await runConformance(options(fetch, { only: 'pagination.limits' }));
    expect(report.ok).toBe(true);
    expect(report.pacing.rateLimited).toBeGreaterThan(0);
    expect(report.pacing.waitedMs).toBeGreaterThan(0);
  }, 120_000);
});
