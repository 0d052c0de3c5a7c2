/**
 * One Node story: every package of the repository says Node >= 22.12.0, and every runtime
 * dependency of the SDK accepts that floor, so an install on Node 22.12 prints no EBADENGINE
 * warning and `npm install --engine-strict` succeeds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FLOOR = [22, 12, 0] as const;
const root = new URL('../../../', import.meta.url);

function manifest(url: URL): { engines?: { node?: string }; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(url, 'utf8')) as { engines?: { node?: string } };
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** Whether a Node version satisfies a range of `>=x.y.z`, `^x.y.z` and `||` (what engines fields here use). */
function satisfies(version: readonly number[], range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const match = /^(>=|\^)?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(comparator);
        if (!match) throw new Error(`unsupported range "${range}"`);
        const bound = [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)];
        if (match[1] === '^') return version[0] === bound[0] && compare(version, bound) >= 0;
        return compare(version, bound) >= 0;
      }),
  );
}

describe('Node >= 22.12', () => {
  it('is the engines range of every package', () => {
    const packages = readdirSync(new URL('packages/', root));
    for (const name of packages) {
      expect([name, manifest(new URL(`packages/${name}/package.json`, root)).engines?.node]).toEqual([
        name,
        '>=22.12.0',
      ]);
    }
  });

  it('satisfies the engines of every runtime dependency of the SDK (no EBADENGINE on Node 22.12)', () => {
    const { dependencies = {} } = manifest(new URL('../package.json', import.meta.url));
    for (const name of Object.keys(dependencies)) {
      // The installed manifest (ky exports no ./package.json subpath to resolve).
      const range = manifest(new URL(`../node_modules/${name}/package.json`, import.meta.url)).engines?.node;
      if (range !== undefined) expect([name, satisfies(FLOOR, range)]).toEqual([name, true]);
    }
    // The check itself: Node 20 does not satisfy ky 2's range, which made installs warn before.
    expect(satisfies([20, 19, 0], '>=22')).toBe(false);
  });
});
