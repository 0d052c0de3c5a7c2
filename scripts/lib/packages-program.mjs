// One TypeScript program over every package's files (sources, tests, benches, scripts), as their
// own tsconfigs list them: what `typecheck` checks. The packages
// resolve one another's sources (the `source` condition), so a program per package made the
// contract four times, the SDK three and the mock twice; one program makes each file once
// (docs/performance.md, "CI time"). The packages' tsconfigs stay the source of truth: a package
// whose compiler options differ from the others' (beyond its rootDir and its JSX settings, which
// touch only .tsx files) is refused by name rather than checked with options it did not ask for.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..', '..');
// Options that a package may set apart: where it roots its files, and how its .tsx compiles.
const OWN = new Set(['rootDir', 'configFilePath', 'jsx', 'jsxImportSource', 'pathsBasePath']);

/** Prints TypeScript's diagnostics as tsc does. */
export function formatDiagnostics(diagnostics) {
  return ts.formatDiagnosticsWithColorAndContext(diagnostics, {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  });
}

/** A mistake in the packages' tsconfigs that one program cannot honour. */
export class PackagesConfigError extends Error {}

/**
 * The packages' files and the compiler options they agree on.
 * @returns {{ names: string[], rootNames: string[], options: import('typescript').CompilerOptions }}
 */
export function packagesProgramConfig() {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic(diagnostic) {
      throw new PackagesConfigError(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const packagesDir = join(root, 'packages');
  const configs = readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const path = join(packagesDir, entry.name, 'tsconfig.json');
      const parsed = ts.getParsedCommandLineOfConfigFile(path, {}, host);
      if (parsed === undefined) throw new PackagesConfigError(`${path} could not be read`);
      return { name: entry.name, parsed };
    });
  const errors = configs.flatMap(({ parsed }) => parsed.errors);
  if (errors.length > 0) throw new PackagesConfigError(formatDiagnostics(errors));

  const shared = (options) => Object.entries(options).filter(([key]) => !OWN.has(key));
  const [first, ...others] = configs;
  for (const other of others) {
    const keys = new Set([...shared(first.parsed.options), ...shared(other.parsed.options)].map(([key]) => key));
    const differ = [...keys].filter(
      (key) => JSON.stringify(first.parsed.options[key]) !== JSON.stringify(other.parsed.options[key]),
    );
    if (differ.length > 0) {
      throw new PackagesConfigError(
        `packages/${other.name}/tsconfig.json sets ${differ.join(', ')} apart from packages/${first.name}/tsconfig.json; ` +
          'one program reads every package, so their compiler options must agree',
      );
    }
  }
  const jsx = configs.filter(({ parsed }) => parsed.options.jsx !== undefined);
  const jsxKinds = new Set(jsx.map(({ parsed }) => `${String(parsed.options.jsx)} ${parsed.options.jsxImportSource}`));
  if (jsxKinds.size > 1) {
    throw new PackagesConfigError(`${jsx.map(({ name }) => `packages/${name}`).join(' and ')} compile JSX differently`);
  }

  const options = { ...first.parsed.options };
  delete options.rootDir;
  delete options.configFilePath;
  if (jsx[0] !== undefined) {
    options.jsx = jsx[0].parsed.options.jsx;
    options.jsxImportSource = jsx[0].parsed.options.jsxImportSource;
  }
  return {
    names: configs.map(({ name }) => name),
    rootNames: [...new Set(configs.flatMap(({ parsed }) => parsed.fileNames))],
    options,
  };
}
