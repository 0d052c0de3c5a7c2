/**
 * Proof that each check can fail: the kit against the mock behind a proxy that switches in one
 * divergence at a time. Every divergence must fail the checks it names, for the reason it names;
 * every check must be failed by some divergence (a new check without one fails this file); and
 * the proxy with no divergence must pass everything, so that it is the divergence that fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS, runConformance, type ConformanceReport } from '../src/index.js';
import { faithful, startDivergentServer, type Rewrite } from './helpers/divergent-server.js';
import { DIVERGENCES } from './helpers/divergences.js';
import { demoOptions } from './helpers/options.js';

async function runAgainst(rewrite: Rewrite): Promise<ConformanceReport> {
  const server = await startDivergentServer(rewrite);
  try {
    return await runConformance(demoOptions(server.url));
  } finally {
    await server.close();
  }
}

const reports = new Map<string, ConformanceReport>();
let control: ConformanceReport;

beforeAll(async () => {
  control = await runAgainst(faithful);
  // One after another: each divergence gets a fresh mock, and the machine is shared.
  for (const divergence of DIVERGENCES) reports.set(divergence.name, await runAgainst(divergence.rewrite));
}, 600_000);

afterAll(() => {
  reports.clear();
});

describe('the faithful proxy', () => {
  it('passes every check, so that a failure below is the divergence', () => {
    expect(control.results.map((result) => [result.id, result.outcome, result.reason])).toEqual(
      CHECKS.map((check) => [check.id, 'pass', '']),
    );
  });
});

describe.each(DIVERGENCES.map((divergence) => [divergence.name, divergence] as const))(
  'divergence: %s',
  (name, divergence) => {
    it.each(Object.entries(divergence.fails))('fails %s for its reason', (id, reason) => {
      const result = reports.get(name)?.results.find((item) => item.id === id);
      expect(result?.outcome).toBe('fail');
      expect(result?.reason).toMatch(reason);
      expect(reports.get(name)?.ok).toBe(false);
    });
  },
);

describe.each(CHECKS.map((check) => [check.id] as const))('check %s', (id) => {
  it('is failed by at least one divergence, for the reason that divergence names', () => {
    const failedBy = DIVERGENCES.filter((divergence) => {
      const reason = divergence.fails[id];
      const result = reports.get(divergence.name)?.results.find((item) => item.id === id);
      return reason !== undefined && result?.outcome === 'fail' && reason.test(result.reason);
    }).map((divergence) => divergence.name);
    expect(failedBy.length, `no divergence makes ${id} fail`).toBeGreaterThan(0);
  });
});

describe('failures', () => {
  it('name the request that showed them, where a request did', () => {
    const failures = [...reports.values()].flatMap((report) =>
      report.results.filter((result) => result.outcome === 'fail'),
    );
    const withId = failures.filter((result) => result.requestId !== null);
    // Every failure of these divergences comes from an answer; only cross-request comparisons name none.
    expect(withId.length).toBeGreaterThan(failures.length / 2);
    for (const result of withId) expect(result.requestId).toMatch(/\S/);
  });
});
