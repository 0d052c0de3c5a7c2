/**
 * The README's CLI reference and check table follow the code: a flag or a check added without
 * its row fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP } from '../src/cli/main.js';
import { CHECKS } from '../src/index.js';

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
