// What importing a module runs: `node --cpu-prof` on a fresh process that imports it and exits,
// repeated, the samples summed by where the code lives (self time) and by function.
// Usage: node tools/import-profile.mjs <specifier or path> [--runs=N] [--top=N]
// (issue 36: the SDK's import, before and after; docs/performance.md "What the SDK's import runs").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, top: { type: 'string', default: '15' } },
});
const [target] = positionals;
if (target === undefined) {
  process.stderr.write('usage: node tools/import-profile.mjs <specifier or path> [--runs=N] [--top=N]\n');
  process.exit(2);
}
const specifier = existsSync(target) ? pathToFileURL(resolve(target)).href : target;
const runs = Number(values.runs);
const top = Number(values.top);

/** Where a function's code lives: a package, a file of ours, Node's module loader, or V8. */
function place(url, name) {
  if (url === '') return name.startsWith('(') ? name : `${name} (native)`;
  if (url.startsWith('node:internal/modules')) return 'Node: module loader (resolve, read, compile, link)';
  if (url.startsWith('node:')) return 'Node: other internals (bootstrap…)';
  const pkg = url.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (pkg) return pkg[1] === 'zod' ? 'zod (its own code)' : pkg[1];
  const ours = url.match(/packages\/([^/]+)\/(.*)$/);
  return ours ? `@commflow/${ours[1]} (its own code)` : url;
}

const dir = mkdtempSync(join(tmpdir(), 'import-profile-'));
const byPlace = new Map();
const byFunction = new Map();
let total = 0;
try {
  for (let run = 0; run < runs; run++) {
    const out = join(dir, String(run));
    const result = spawnSync(
      process.execPath,
      [
        '--cpu-prof',
        '--cpu-prof-interval=50',
        `--cpu-prof-dir=${out}`,
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(specifier)});`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (result.status !== 0) throw new Error(`importing ${specifier} failed: ${result.stderr}`);
    const file = readdirSync(out).find((name) => name.endsWith('.cpuprofile'));
    const profile = JSON.parse(readFileSync(join(out, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    for (const id of profile.samples) {
      const { url, functionName, lineNumber } = nodes.get(id);
      const name = functionName || '(anonymous)';
      total++;
      const where = place(url, name);
      byPlace.set(where, (byPlace.get(where) ?? 0) + 1);
      const key =
        url === '' ? name : `${name} (${url.replace(/^.*\/(node_modules|packages)\//, '')}:${lineNumber + 1})`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const table = (title, map) =>
  [`| ${title} | self time |`, '| --- | --- |']
    .concat(
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, count]) => `| ${name} | ${((100 * count) / total).toFixed(1)} % |`),
    )
    .join('\n');
process.stdout.write(
  `import of ${target}: ${runs} processes, ${total} samples of 50 µs\n\n${table('where', byPlace)}\n\n${table('function', byFunction)}\n`,
);
