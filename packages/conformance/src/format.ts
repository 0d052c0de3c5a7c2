/**
 * The report as text (what the CLI prints) and as JUnit XML (what CI reads).
 */
import type { CheckResult, ConformanceReport, PlanEntry } from './report.js';
import { ruleLinks } from './rules.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

/**
 * The plan as lines of text: each check, run or skip with the reason, and whether it creates data.
 *
 * @example
 * ```ts
 * console.log(formatPlan(planConformance(options)));
 * ```
 */
export function formatPlan(plan: readonly PlanEntry[]): string {
  const width = Math.max(...plan.map((entry) => entry.id.length));
  const running = plan.filter((entry) => entry.willRun).length;
  const lines = [`Plan: ${running} of ${plan.length} checks run`];
  for (const entry of plan) {
    const what = entry.willRun ? `run${entry.createsData ? ' (creates data)' : ''}` : `skip: ${entry.skipReason ?? ''}`;
    lines.push(`  ${entry.id.padEnd(width)}  ${what}`);
  }
  return lines.join('\n');
}

/**
 * One result as one line. A failure adds the rules it broke, with their links on the rules page,
 * and the request id; a failure of the run's own settings says only that: its cause is printed
 * once, in the summary, with every check it stopped.
 *
 * @example
 * ```ts
 * for (const result of report.results) console.log(formatResult(result));
 * ```
 */
export function formatResult(result: CheckResult): string {
  if (result.outcome === 'fail' && result.cause !== null) {
    return `${LABEL.fail} ${result.id}: stopped by a setting of the run (see "Cause" below)`;
  }
  const head = `${LABEL[result.outcome]} ${result.id}${result.reason === '' ? '' : `: ${result.reason}`}`;
  if (result.outcome !== 'fail') return head;
  return [
    head,
    `     rule: ${result.rule}; request id: ${result.requestId ?? 'none'}`,
    `     read: ${ruleLinks(result.rules).join(' ')}`,
  ].join('\n');
}

/**
 * The totals and the summary line.
 *
 * @example
 * ```ts
 * console.log(formatSummary(report)); // '… conformance: 12 passed, 0 failed, 3 skipped'
 * ```
 */
export function formatSummary(report: ConformanceReport): string {
  const { passed, failed, skipped } = report.totals;
  const seconds = (report.pacing.waitedMs / 1000).toFixed(1);
  const created = report.results.some(
    (result) => result.outcome !== 'skip' && (result.effect === 'create' || result.effect === 'sandbox'),
  );
  // Nothing failed, yet nothing was checked: say why the run is not a pass.
  const why = !report.ok && failed === 0 ? ' (no check ran: see the reasons in the plan)' : '';
  const causes = report.causes.map(
    (cause) =>
      `Cause of ${String(cause.checks.length)} failure${cause.checks.length === 1 ? '' : 's'}: ${cause.cause}\n  stopped: ${cause.checks.join(', ')}`,
  );
  return [
    ...causes,
    `Requests: ${report.pacing.requests} sent, ${seconds} s waited for rate-limit windows, ${report.pacing.rateLimited} answered 429`,
    ...(created ? [`Marker of created data: ${report.marker}`] : []),
    `${report.ok ? 'OK' : 'FAILED'} conformance of ${report.target.baseUrl}: ${passed} passed, ${failed} failed, ${skipped} skipped${why}`,
  ].join('\n');
}

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // Characters XML 1.0 cannot hold at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/**
 * The report as a JUnit XML document: one test case per check, a failure with its reason, rule
 * and request id, a skip with its reason.
 *
 * @example
 * ```ts
 * await writeFile('conformance.xml', toJUnitXml(report));
 * ```
 */
export function toJUnitXml(report: ConformanceReport): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = report.results.reduce((sum, result) => sum + result.durationMs, 0);
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="commflow-conformance" name="${escapeXml(result.id)}" time="${seconds(result.durationMs)}"`;
    if (result.outcome === 'pass') return `${open}/>`;
    const inner =
      result.outcome === 'skip'
        ? `<skipped message="${escapeXml(result.reason)}"/>`
        : `<failure message="${escapeXml(result.reason)}" type="conformance">${escapeXml(
            [
              result.reason,
              ...(result.cause === null ? [] : [`cause: ${result.cause}`]),
              `rule: ${result.rule}`,
              `read: ${ruleLinks(result.rules).join(' ')}`,
              `request id: ${result.requestId ?? 'none'}`,
            ].join('\n'),
          )}</failure>`;
    return `${open}>\n      ${inner}\n    </testcase>`;
  });
  const { passed, failed, skipped } = report.totals;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="commflow-conformance" tests="${passed + failed + skipped}" failures="${failed}" skipped="${skipped}" time="${seconds(total)}">`,
    `  <testsuite name="${escapeXml(`conformance of ${report.target.baseUrl}`)}" tests="${passed + failed + skipped}" failures="${failed}" errors="0" skipped="${skipped}" time="${seconds(total)}" timestamp="${report.startedAt}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
