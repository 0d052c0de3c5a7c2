// The packages' half of `typecheck`: every package's TypeScript (sources, tests, benches, scripts)
// in one program. The packages resolve one another's sources (the `source` condition), so checking
// them one tsconfig at a time checked the contract four times, the SDK three and the mock twice;
// one program over the union of their files checks each file once, for 40% of the CPU
// (docs/performance.md, "CI time"). The packages' tsconfigs stay the source of truth: the files
// come from them, and a package whose compiler options differ from the others' (beyond its rootDir
// and its JSX settings, which touch only .tsx files) is refused by name rather than checked with
// options it did not ask for.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const packagesDir = join(root, 'packages');
// Options that a package may set apart: where it roots its files, and how its .tsx compiles.
const OWN = new Set(['rootDir', 'configFilePath', 'jsx', 'jsxImportSource', 'pathsBasePath']);

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic(diagnostic) {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};
const formatHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

const configs = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const path = join(packagesDir, entry.name, 'tsconfig.json');
    const parsed = ts.getParsedCommandLineOfConfigFile(path, {}, host);
    if (parsed === undefined) throw new Error(`${path} could not be read`);
    return { name: entry.name, path, parsed };
  });

const configErrors = configs.flatMap(({ parsed }) => parsed.errors);
if (configErrors.length > 0) {
  console.error(ts.formatDiagnosticsWithColorAndContext(configErrors, formatHost));
  process.exit(1);
}

const shared = (options) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(options)
        .filter(([key]) => !OWN.has(key))
        .sort(),
    ),
  );
const [first, ...others] = configs;
for (const other of others) {
  if (shared(other.parsed.options) !== shared(first.parsed.options)) {
    const keys = new Set([...Object.keys(first.parsed.options), ...Object.keys(other.parsed.options)]);
    const differ = [...keys].filter(
      (key) => !OWN.has(key) && JSON.stringify(first.parsed.options[key]) !== JSON.stringify(other.parsed.options[key]),
    );
    console.error(
      `typecheck: packages/${other.name}/tsconfig.json sets ${differ.join(', ')} apart from packages/${first.name}/tsconfig.json; ` +
        'one program checks every package, so their compiler options must agree (or check that package on its own).',
    );
    process.exit(1);
  }
}

const jsx = configs.filter(({ parsed }) => parsed.options.jsx !== undefined);
if (
  new Set(jsx.map(({ parsed }) => `${String(parsed.options.jsx)} ${parsed.options.jsxImportSource ?? ''}`)).size > 1
) {
  console.error(`typecheck: ${jsx.map(({ name }) => `packages/${name}`).join(' and ')} compile JSX differently`);
  process.exit(1);
}

const options = { ...first.parsed.options, ...(jsx[0] && { jsx: jsx[0].parsed.options.jsx }) };
if (jsx[0]?.parsed.options.jsxImportSource !== undefined)
  options.jsxImportSource = jsx[0].parsed.options.jsxImportSource;
delete options.rootDir;
delete options.configFilePath;

const rootNames = [...new Set(configs.flatMap(({ parsed }) => parsed.fileNames))];
const program = ts.createProgram({ rootNames, options });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  console.error(`typecheck: ${String(diagnostics.length)} error(s) in the packages`);
  process.exit(1);
}
console.log(
  `typecheck: ${String(configs.length)} packages (${configs.map(({ name }) => name).join(', ')}), ${String(rootNames.length)} files, one program: no errors`,
);
