/**
 * Plans and runs the checks.
 */
import { CHECK_DEFINITIONS } from './checks/index.js';
import { CheckContext, type CheckDefinition, type Requirement } from './checks/context.js';
import { OpenApiValidator } from './openapi-validator.js';
import { ConformanceUsageError, idMatcher, validateOptions, type ConformanceOptions } from './options.js';
import { Pacer } from './pacer.js';
import { RULES_PAGE } from './rules.js';
import type { CheckInfo, CheckResult, ConformanceReport, PlanEntry } from './report.js';
import { CheckFailure, CheckSkip, Session } from './session.js';
import { checkTarget } from './target.js';

/**
 * The prefix of every run's marker: what a run creates carries `commflow-conformance-<run id>`
 * in its names and texts, so a person can find it and delete it.
 *
 * @example
 * ```ts
 * contacts.filter((contact) => contact.lastName.startsWith(MARKER_PREFIX));
 * ```
 */
export const MARKER_PREFIX = 'commflow-conformance';

const infoOf = (check: (typeof CHECK_DEFINITIONS)[number]): CheckInfo => ({
  id: check.id,
  title: check.title,
  rules: check.rules,
  rule: check.rule,
  effect: check.effect,
  requires: check.requires,
});

/**
 * Every check the kit has, in run order.
 *
 * @example
 * ```ts
 * for (const check of CHECKS) console.log(check.id, check.rule);
 * ```
 */
export const CHECKS: readonly CheckInfo[] = CHECK_DEFINITIONS.map(infoOf);

const REQUIREMENT_FLAGS: Record<Requirement, string> = {
  otherTenant: '--other-tenant and --other-api-key',
  restrictedKey: '--restricted-api-key',
  userWithoutExtension: '--user-without-extension',
};

function has(options: ConformanceOptions, requirement: Requirement): boolean {
  switch (requirement) {
    case 'otherTenant':
      return options.otherTenantId !== undefined && options.otherApiKey !== undefined;
    case 'restrictedKey':
      return options.restrictedApiKey !== undefined;
    case 'userWithoutExtension':
      return options.userWithoutExtension !== undefined;
  }
}

function skipReason(check: CheckDefinition, options: ConformanceOptions, selected: (id: string) => boolean) {
  if (!selected(check.id)) return 'not selected by --only';
  const missing = check.requires.filter((requirement) => !has(options, requirement));
  if (missing.length > 0) return `needs ${missing.map((requirement) => REQUIREMENT_FLAGS[requirement]).join(' and ')}`;
  if (options.readOnly === true && check.effect !== 'read') {
    return check.effect === 'mutate' ? 'sends a POST: not with --read-only' : 'creates data: not with --read-only';
  }
  if (check.effect === 'sandbox' && options.sandbox !== true) {
    return 'sends an SMS: only with --sandbox (on a live tenant it would reach a carrier; --allow-live does not cover it)';
  }
  if (check.effect === 'create' && options.sandbox !== true && options.allowLive !== true) {
    return 'creates data: only with --sandbox (the tenant is a sandbox) or --allow-live';
  }
  return undefined;
}

/**
 * The plan of a run: every check, whether it runs, why not, and whether it creates data. Sends
 * nothing.
 *
 * @throws ConformanceUsageError when an option is missing or invalid.
 * @example
 * ```ts
 * for (const entry of planConformance(options)) {
 *   console.log(entry.id, entry.willRun ? 'run' : `skip: ${entry.skipReason}`);
 * }
 * ```
 */
export function planConformance(options: ConformanceOptions): PlanEntry[] {
  validateOptions(options);
  const selected = idMatcher(options.only) ?? (() => true);
  if (!CHECK_DEFINITIONS.some((check) => selected(check.id))) {
    throw new ConformanceUsageError(`--only ${options.only ?? ''} matches no check`);
  }
  return CHECK_DEFINITIONS.map((check) => {
    const reason = skipReason(check, options, selected);
    return {
      ...infoOf(check),
      willRun: reason === undefined,
      skipReason: reason,
      createsData: check.effect === 'create' || check.effect === 'sandbox',
    };
  });
}

/**
 * What a run reports as it goes: the plan first, then each result.
 *
 * @example
 * ```ts
 * const onProgress: ConformanceProgress = (event) => {
 *   if (event.type === 'result') console.log(event.result.id, event.result.outcome);
 * };
 * ```
 */
export type ConformanceProgress = (
  event:
    | { readonly type: 'plan'; readonly plan: readonly PlanEntry[] }
    | { readonly type: 'result'; readonly result: CheckResult },
) => void;

/** The base URL as it may be shown: without user name, password, query or fragment. */
function shownUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/$/, '');
}

/**
 * Error codes that say the run's own settings are wrong rather than the implementation: when a
 * request sent as the run (its key, tenant and user) meets one, every check doing the same fails
 * the same way. The report names that cause once, with the checks it stopped.
 */
const SETTING_CAUSES: Record<string, (options: ConformanceOptions) => string> = {
  UNAUTHENTICATED: () =>
    'the API key is refused (401 UNAUTHENTICATED): check --api-key or COMMFLOW_API_KEY, and that the key is not revoked',
  TENANT_ACCESS_DENIED: (options) =>
    `the API key may not access --tenant ${options.tenantId} (403 TENANT_ACCESS_DENIED): give a key of that tenant`,
  UNKNOWN_USER: (options) =>
    `--user ${options.userEmail} is no user of tenant ${options.tenantId} (403 UNKNOWN_USER on every user-scoped operation): give the email of one of its users`,
};

/** The setting a failure shows to be wrong, when it does. */
function settingCause(error: unknown, options: ConformanceOptions): { code: string; text: string } | undefined {
  if (!(error instanceof CheckFailure) || !error.asRun || error.code === null) return undefined;
  const describe = SETTING_CAUSES[error.code];
  return describe === undefined ? undefined : { code: error.code, text: describe(options) };
}

/**
 * Runs the planned checks against an implementation and reports each one. Checks run one after
 * another; requests are paced by the answers' rate-limit headers.
 *
 * @throws ConformanceUsageError when an option is missing or invalid (nothing is sent then).
 * @example
 * ```ts
 * const report = await runConformance({
 *   baseUrl: 'http://127.0.0.1:4010',
 *   apiKey: 'cf_demo_sandbox_000000000000000000000000',
 *   tenantId: '11111111-1111-4111-8111-111111111111',
 *   userEmail: 'ann.lee@acme.test',
 *   sandbox: true,
 * });
 * console.log(report.totals); // { passed: 11, failed: 0, skipped: 4 }
 * ```
 */
export async function runConformance(
  options: ConformanceOptions,
  onProgress: ConformanceProgress = () => undefined,
): Promise<ConformanceReport> {
  const plan = planConformance(options);
  const startedAt = new Date().toISOString();
  const marker = `${MARKER_PREFIX}-${crypto.randomUUID().slice(0, 8)}`;
  const validator = new OpenApiValidator();
  const pacer = new Pacer();
  const checkOptions = {
    apiKey: options.apiKey,
    tenantId: options.tenantId,
    userEmail: options.userEmail,
    userWithoutExtension: options.userWithoutExtension,
    otherTenantId: options.otherTenantId,
    otherApiKey: options.otherApiKey,
    restrictedApiKey: options.restrictedApiKey,
  };
  const base = new URL(options.baseUrl);
  const secrets = [
    options.apiKey,
    options.otherApiKey,
    options.restrictedApiKey,
    decodeURIComponent(base.password),
    base.search.slice(1),
  ].filter(
    // A value of a few characters would blank out ordinary words; keys are far longer.
    (secret): secret is string => secret !== undefined && secret.length >= 4,
  );
  const redact = (text: string) => secrets.reduce((result, secret) => result.replaceAll(secret, '***'), text);
  const sessionConfig = {
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    tenantId: options.tenantId,
    userEmail: options.userEmail,
    readOnly: options.readOnly === true,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    validator,
    pacer,
  };
  // One request first (two when it shows no API): a target that cannot be reached, or where no
  // CommFlow API answers, stops the run with one message rather than failing every check on it.
  try {
    await checkTarget(new Session(sessionConfig), shownUrl(options.baseUrl));
  } catch (error) {
    if (error instanceof Error) error.message = redact(error.message);
    throw error;
  }
  onProgress({ type: 'plan', plan });
  const results: CheckResult[] = [];
  const causes = new Map<string, { code: string; cause: string; checks: CheckResult['id'][] }>();
  for (const [index, check] of CHECK_DEFINITIONS.entries()) {
    const entry = plan[index];
    if (entry === undefined) continue;
    if (!entry.willRun) {
      const result: CheckResult = {
        ...infoOf(check),
        outcome: 'skip',
        reason: entry.skipReason ?? '',
        cause: null,
        requestId: null,
        requests: 0,
        durationMs: 0,
      };
      results.push(result);
      onProgress({ type: 'result', result });
      continue;
    }
    const session = new Session(sessionConfig);
    const started = performance.now();
    let outcome: CheckResult['outcome'] = 'pass';
    let reason: string;
    let requestId: string | null = null;
    let cause: string | null = null;
    const context = new CheckContext(checkOptions, marker, session);
    try {
      await check.run(context);
      reason = context.notes.join('; ');
    } catch (error) {
      const setting = settingCause(error, options);
      if (setting !== undefined) {
        cause = redact(setting.text);
        const shared = causes.get(setting.code) ?? { code: setting.code, cause, checks: [] };
        shared.checks.push(check.id);
        causes.set(setting.code, shared);
      }
      if (error instanceof CheckSkip) {
        outcome = 'skip';
        reason = error.message;
      } else if (error instanceof CheckFailure) {
        outcome = 'fail';
        reason = error.message;
        requestId = error.requestId;
      } else {
        outcome = 'fail';
        reason = `the check broke: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    const result: CheckResult = {
      ...infoOf(check),
      outcome,
      reason: redact(reason.replace(/\s+/g, ' ').trim()),
      cause,
      requestId: requestId === null ? null : redact(requestId),
      requests: session.requests,
      durationMs: Math.round(performance.now() - started),
    };
    results.push(result);
    onProgress({ type: 'result', result });
  }
  const count = (outcome: CheckResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  const totals = { passed: count('pass'), failed: count('fail'), skipped: count('skip') };
  return {
    target: { baseUrl: shownUrl(options.baseUrl), tenantId: options.tenantId, userEmail: options.userEmail },
    marker,
    startedAt,
    finishedAt: new Date().toISOString(),
    plan,
    results,
    causes: [...causes.values()],
    rulesPage: RULES_PAGE,
    totals,
    pacing: { ...pacer.stats },
    ok: totals.failed === 0 && totals.passed > 0,
  };
}
