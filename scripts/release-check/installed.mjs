// Run by scripts/release-check.sh in the plain npm project, after `npm install` by name from the
// local registry: checks each @commflow package as npm placed it (its published manifest and
// files), and with `--imports <file>` writes a TypeScript module that imports every public subpath
// of the packages an app installs, for tsc to compile. Exits 1 with one line per problem.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The packages an app installs by name; the contract comes with them as their dependency. */
const APP_PACKAGES = ['@commflow/sdk', '@commflow/mock-server', '@commflow/conformance'];
const PACKAGES = [...APP_PACKAGES, '@commflow/contract'];
/** What npm and the registry's page show, and what provenance checks (`repository`). */
const METADATA = ['description', 'license', 'homepage', 'bugs', 'repository', 'keywords', 'engines'];

const problems = [];
const manifests = new Map();
for (const name of PACKAGES) {
  const dir = join('node_modules', name);
  const file = join(dir, 'package.json');
  if (!existsSync(file)) {
    problems.push(`${name} is not installed`);
    continue;
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifests.set(name, manifest);
  const label = `${name}@${manifest.version} from the registry`;
  for (const field of METADATA) {
    if (manifest[field] === undefined || manifest[field] === '' || manifest[field]?.length === 0) {
      problems.push(`${label} has no "${field}"`);
    }
  }
  const directory = `packages/${name.slice('@commflow/'.length)}`;
  if (manifest.repository?.directory !== directory) {
    problems.push(`${label}: repository.directory is ${manifest.repository?.directory}, not ${directory}`);
  }
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
      if (range.startsWith('workspace:')) problems.push(`${label}: ${field} has ${dependency}@${range}`);
    }
  }
  const missing = [...targets(manifest)].filter(([target]) => !existsSync(join(dir, target)));
  if (missing.length > 0) {
    const [[target, where]] = missing;
    problems.push(
      `${label} lacks ${target.replace(/^\.\//, '')}, the target of ${where}, and ${missing.length - 1} more ` +
        'files its exports or bin name: its "files" must ship them',
    );
  }
}

const repositories = new Set([...manifests.values()].map((manifest) => manifest.repository?.url));
if (repositories.size > 1) problems.push(`the packages name different repositories: ${[...repositories].join(', ')}`);

if (problems.length > 0) {
  for (const problem of problems) console.error(`release check: ${problem}`);
  process.exit(1);
}

const importsAt = process.argv.indexOf('--imports');
if (importsAt !== -1) writeFileSync(process.argv[importsAt + 1], importsModule());
console.log(
  `release check: ${[...manifests].map(([name, { version }]) => `${name}@${version}`).join(', ')}: ` +
    'manifests complete, every export and bin present',
);

/** Every file a manifest points at: [target, where it is named]. */
function* targets(manifest) {
  const bins = typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  for (const [command, target] of Object.entries(bins)) yield [target, `bin "${command}"`];
  for (const [subpath, value] of Object.entries(manifest.exports ?? {})) {
    for (const [target, condition] of leaves(value)) yield [target, `exports "${subpath}"${condition}`];
  }
}

/** The file targets of one `exports` value, with their conditions. */
function* leaves(value, condition = '') {
  if (typeof value === 'string') yield [value, condition];
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) yield* leaves(inner, `${condition} (${key})`);
  }
}

/** `import * as` of every public subpath, JSON documents with an import attribute. */
function importsModule() {
  const lines = ['// Written by scripts/release-check/installed.mjs: every public subpath, as an app imports it.'];
  const bindings = [];
  for (const name of APP_PACKAGES) {
    for (const subpath of Object.keys(manifests.get(name).exports)) {
      if (subpath === './package.json') continue;
      const specifier = name + subpath.slice(1);
      const binding = `m${bindings.length}`;
      bindings.push(binding);
      lines.push(
        subpath.endsWith('.json')
          ? `import ${binding} from '${specifier}' with { type: 'json' };`
          : `import * as ${binding} from '${specifier}';`,
      );
    }
  }
  lines.push(`export const modules = [${bindings.join(', ')}];`, '');
  return lines.join('\n');
}
