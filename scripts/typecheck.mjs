// The packages' half of `typecheck`: every package's TypeScript in one program
// (scripts/lib/packages-program.mjs says why and how); the examples' half runs tsc in each.
import ts from 'typescript';
import { formatDiagnostics, PackagesConfigError, packagesProgramConfig } from './lib/packages-program.mjs';

let config;
try {
  config = packagesProgramConfig();
} catch (error) {
  if (!(error instanceof PackagesConfigError)) throw error;
  console.error(`typecheck: ${error.message}`);
  process.exit(1);
}
const program = ts.createProgram({ rootNames: config.rootNames, options: config.options });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  console.error(formatDiagnostics(diagnostics));
  console.error(`typecheck: ${String(diagnostics.length)} error(s) in the packages`);
  process.exit(1);
}
console.log(
  `typecheck: ${String(config.names.length)} packages (${config.names.join(', ')}), ${String(config.rootNames.length)} files, one program: no errors`,
);
