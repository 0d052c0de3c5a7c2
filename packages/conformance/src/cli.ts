#!/usr/bin/env node
/**
 * `commflow-conformance`: checks an implementation of the CommFlow API against its contract.
 *
 * @module
 */
import { main } from './cli/main.js';

main(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const shown = error instanceof Error ? (error.stack ?? String(error)) : String(error);
    process.stderr.write(`commflow-conformance: ${shown}\n`);
    process.exitCode = 1;
  },
);
