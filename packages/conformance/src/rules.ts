/**
 * Where the rules the checks cite are written: the rules page of the docs (`docs/rules.md` in
 * the repository), shipped in this package as `RULES.md`. Each rule has a stable anchor.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The anchor of a rule on the rules page: `R23` is `r23`, the anchor of its heading there (on the
 * docs site and on GitHub alike).
 *
 * @example
 * ```ts
 * ruleAnchor('R23'); // 'r23'
 * ```
 */
export function ruleAnchor(rule: string): string {
  return rule.toLowerCase();
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
 * console.log(`${RULES_PAGE}#${ruleAnchor('R3')}`); // …/RULES.md#r3
 * ```
 */
export const RULES_PAGE: string = locateRulesPage();

/**
 * Links to the rules a check cites, on the rules page.
 *
 * @example
 * ```ts
 * ruleLinks(['R3', 'R16']); // ['…/RULES.md#r3', '…/RULES.md#r16']
 * ```
 */
export function ruleLinks(rules: readonly string[]): string[] {
  return rules.map((rule) => `${RULES_PAGE}#${ruleAnchor(rule)}`);
}
