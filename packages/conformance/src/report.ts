/**
 * The plan and the report of a run, as plain data (what `--json` prints).
 */
import type { Effect, Requirement } from './checks/context.js';
import type { CHECK_DEFINITIONS } from './checks/index.js';

/**
 * A check's id: one of the checks the kit runs, derived from their definitions.
 *
 * @example
 * ```ts
 * const id: CheckId = 'idempotency.replay';
 * ```
 *
 * @useDeclaredType
 */
export type CheckId = (typeof CHECK_DEFINITIONS)[number]['id'];

/**
 * What the kit knows about a check before running it.
 *
 * @example
 * ```ts
 * const info: CheckInfo = CHECKS.find((check) => check.id === 'sms.sandbox-simulated')!;
 * info.effect; // 'sandbox'
 * ```
 */
export interface CheckInfo {
  readonly id: CheckId;
  readonly title: string;
  /**
   * The rules the check verifies, by number (`R3`): each is at `RULES_PAGE#r3` on the rules
   * page of the docs, shipped in this package as `RULES.md`.
   */
  readonly rules: readonly string[];
  /** What those rules say, in one line, each led by its number. */
  readonly rule: string;
  /** `read`, `mutate` (POST/PUT a conforming service refuses), `create` (creates marked data) or `sandbox` (sends an SMS). */
  readonly effect: Effect;
  /** The optional options it needs. */
  readonly requires: readonly Requirement[];
}

/**
 * One line of the plan: whether the check runs, and why not.
 *
 * @example
 * ```ts
 * const entry: PlanEntry = { ...info, willRun: false, skipReason: 'needs --restricted-api-key' , createsData: false };
 * ```
 */
export interface PlanEntry extends CheckInfo {
  readonly willRun: boolean;
  /** Why the check will not run; undefined when it will. */
  readonly skipReason: string | undefined;
  /** Whether the check creates data (marked with the run's marker). */
  readonly createsData: boolean;
}

/**
 * The outcome of one check.
 *
 * @example
 * ```ts
 * const result: CheckResult = report.results[0]!;
 * if (result.outcome === 'fail') console.log(result.reason, result.requestId);
 * ```
 */
export interface CheckResult extends CheckInfo {
  readonly outcome: 'pass' | 'fail' | 'skip';
  /** One line: why it failed or was skipped; for a pass, what it left out (empty when nothing). */
  readonly reason: string;
  /**
   * For a failure caused by the run's own settings (a refused key, a tenant the key may not
   * access, a `--user` that is no user of the tenant): that cause, shared by every check it
   * stopped and listed once in {@link ConformanceReport.causes}. Null otherwise.
   */
  readonly cause: string | null;
  /** The request id of the request that showed the failure, when one did. */
  readonly requestId: string | null;
  /** Requests the check sent. */
  readonly requests: number;
  readonly durationMs: number;
}

/**
 * What a run found.
 *
 * @example
 * ```ts
 * const report: ConformanceReport = await runConformance(options);
 * process.exitCode = report.ok ? 0 : 1;
 * ```
 */
export interface ConformanceReport {
  /** Where the run went (the base URL without credentials), and as whom. */
  readonly target: { readonly baseUrl: string; readonly tenantId: string; readonly userEmail: string };
  /** The marker in the names and texts of what the run created. */
  readonly marker: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly plan: readonly PlanEntry[];
  readonly results: readonly CheckResult[];
  /** The causes that failed several checks at once, each with the checks it stopped. */
  readonly causes: readonly { readonly code: string; readonly cause: string; readonly checks: readonly CheckId[] }[];
  /** Where the rules the checks cite are written: a rule `R3` is at `<rulesPage>#r3`. */
  readonly rulesPage: string;
  readonly totals: { readonly passed: number; readonly failed: number; readonly skipped: number };
  /** Requests sent, time spent waiting on rate-limit windows, and 429s received. */
  readonly pacing: { readonly requests: number; readonly waitedMs: number; readonly rateLimited: number };
  /** True when no check failed and at least one passed: a run that checked nothing is no pass. */
  readonly ok: boolean;
}
