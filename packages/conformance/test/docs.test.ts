/**
 * The README's CLI reference and check table follow the code: a flag or a check added without
 * its row fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP } from '../src/cli/main.js';
import { CHECKS, RULES_PAGE, ruleAnchor } from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const guide = readFileSync(new URL('../../../docs/guides/conformance.md', import.meta.url), 'utf8');
const flags = [...new Set([...HELP.matchAll(/^\s+(--[a-z][a-z-]*)/gm)].map((match) => match[1] ?? ''))];

describe('the README', () => {
  it('has a row for every flag of --help', () => {
    expect(flags.length).toBeGreaterThan(10);
    for (const flag of flags) expect(readme).toMatch(new RegExp(`^\\| \`${flag}[\\s\`]`, 'm'));
  });

  it('has a row for every check', () => {
    for (const check of CHECKS)
      expect(readme).toMatch(new RegExp(`^\\| \`${check.id.replace('.', '\\.')}\` +\\|`, 'm'));
  });
});

describe('the guide', () => {
  it('has the title the docs site lists, and names the environment variables of the keys', () => {
    expect(guide).toMatch(
      /^---\ntitle: Is the mock faithful\? Run the conformance kit against your sandbox\ngroup: Guides\n---\n/,
    );
    for (const name of ['COMMFLOW_API_KEY', 'COMMFLOW_OTHER_API_KEY', 'COMMFLOW_RESTRICTED_API_KEY']) {
      expect(HELP).toContain(name);
      expect(guide).toContain(name);
    }
  });
});

describe('the rules page', () => {
  const rulesPage = readFileSync(new URL('../../../docs/rules.md', import.meta.url), 'utf8');
  const anchors = new Set([...rulesPage.matchAll(/^### (R\d+)\n\n\*\*/gm)].map((match) => ruleAnchor(match[1] ?? '')));

  it('has one heading per rule, its number alone, so its anchor is stable (R3 at #r3)', () => {
    // Headings of the number alone: R1, R2… in order, each with its title in bold below.
    const numbers = [...rulesPage.matchAll(/^### (R\d+)$/gm)].map((match) => match[1]);
    expect(numbers.length).toBeGreaterThan(30);
    expect(numbers).toEqual(numbers.map((_, index) => `R${String(index + 1)}`));
    expect(anchors.size).toBe(numbers.length);
  });

  it('holds every rule a check cites, and every link into it from the docs lands on an anchor', () => {
    for (const check of CHECKS) for (const rule of check.rules) expect(anchors).toContain(ruleAnchor(rule));
    for (const page of [
      '../../../docs/decisions.md',
      '../../../docs/guides/conformance.md',
      '../README.md',
      '../../../docs/rules.md',
    ]) {
      const text = readFileSync(new URL(page, import.meta.url), 'utf8');
      for (const [, anchor] of text.matchAll(/(?:rules\.md|RULES\.md|^)#(r\d+)\)/gm)) expect(anchors).toContain(anchor);
      for (const [, anchor] of text.matchAll(/\]\(#(r\d+)\)/g)) expect(anchors).toContain(anchor);
    }
  });

  it('is what the kit cites, and no document that ships nowhere', () => {
    expect(RULES_PAGE).toMatch(/(docs\/rules|RULES)\.md$/);
    expect(readme).not.toMatch(/service-api\.md|decisions\.md §/);
    expect(guide).not.toMatch(/service-api\.md|decisions\.md §/);
  });
});
