/**
 * The CommFlow conformance kit: checks any implementation of the service (the mock, a sandbox
 * tenant of the real service) against the behaviour rules of the contract, and reports each
 * check with the rule it verifies. The `commflow-conformance` command is a thin wrapper around
 * {@link runConformance}.
 *
 * @module
 */
export { ConformanceUsageError, type ConformanceOptions } from './options.js';
export type { CheckId, CheckInfo, CheckResult, ConformanceReport, PlanEntry } from './report.js';
export type { Effect, Requirement } from './checks/context.js';
export { CHECKS, MARKER_PREFIX, planConformance, runConformance, type ConformanceProgress } from './run.js';
export { formatPlan, formatResult, formatSummary, toJUnitXml } from './format.js';
export { PACING_RESERVE } from './pacer.js';
export { ConformanceTargetError } from './target.js';
export { RULES_PAGE, ruleAnchor, ruleLinks } from './rules.js';
