/**
 * Where the rules the checks cite are written: the rules page of the docs (`docs/rules.md` in
 * the repository), shipped in this package as `RULES.md`. Each rule has a stable anchor.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The anchor of a rule on the rules page: `R1.3` is `r1-3`.
 *
 * @example
 * ```ts
 * ruleAnchor('R6.2'); // 'r6-2'
 * ```
 */
export function ruleAnchor(rule: string): string {
  return rule.toLowerCase().replace('.', '-');
}

/**
 * The rules page as a path a reader can open: the copy in the installed package (`RULES.md`),
 * else, run from the repository's sources, `docs/rules.md`.
 */
function locateRulesPage(): string {
  const candidates = [new URL('../RULES.md', import.meta.url), new URL('../../../docs/rules.md', import.meta.url)];
  const found = candidates.find((candidate) => candidate.protocol === 'file:' && existsSync(candidate));
  return found === undefined ? '@commflow/conformance/RULES.md' : fileURLToPath(found);
}

/**
 * The rules page the checks cite, as a path; a rule is at `RULES_PAGE#<anchor>` ({@link ruleAnchor}).
 *
 * @example
 * ```ts
 * console.log(`${RULES_PAGE}#${ruleAnchor('R1.3')}`); // …/RULES.md#r1-3
 * ```
 */
export const RULES_PAGE: string = locateRulesPage();

/**
 * Links to the rules a check cites, on the rules page.
 *
 * @example
 * ```ts
 * ruleLinks(['R1.3', 'R4.3']); // ['…/RULES.md#r1-3', '…/RULES.md#r4-3']
 * ```
 */
export function ruleLinks(rules: readonly string[]): string[] {
  return rules.map((rule) => `${RULES_PAGE}#${ruleAnchor(rule)}`);
}
