// The kit's module graph has no cycles, type-only imports included, and its layers point one way
// (docs/architecture.md draws them): the HTTP side (the session, the OpenAPI validator, the
// pacer) at the bottom; the checks on the session; the run composing the checks; the command line
// on top. The report and its formats are data about a run, and never send anything.
import { noCircular, options } from '../../dependency-cruiser.base.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    noCircular(),
    {
      name: 'leaves-stand-alone',
      severity: 'error',
      comment:
        'The options, the rules page, the pacer and the OpenAPI validator are leaves: they import the contract and packages, no module of the kit.',
      from: { path: '^src/(options|rules|pacer|openapi-validator)\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'session-on-the-http-side',
      severity: 'error',
      comment:
        'The session (and the target probe built on it) sends requests and validates answers: it imports the validator and the pacer, never a check, the run, the options, the report or the command line.',
      from: { path: '^src/(session|target)\\.ts$' },
      to: { path: '^src/', pathNot: '^src/(session|openapi-validator|pacer)\\.ts$' },
    },
    {
      name: 'checks-use-the-session',
      severity: 'error',
      comment:
        'A check sends through the session and reads the contract document through the validator module; it never imports the run, the options, the target probe, the report, the formats or the command line (the run hands it its options).',
      from: { path: '^src/checks/' },
      to: { path: '^src/', pathNot: '^src/(checks/|session\\.ts$|openapi-validator\\.ts$)' },
    },
    {
      name: 'report-is-data',
      severity: 'error',
      comment:
        "The report's types and its formats (text, JSON, JUnit) describe a finished run: they import the checks' definitions (types), each other and the rules page, never the session, the run, the options or the command line.",
      from: { path: '^src/(report|format)\\.ts$' },
      to: { path: '^src/', pathNot: '^src/((report|format|rules)\\.ts|checks/(index|context)\\.ts)$' },
    },
    {
      name: 'cli-on-top',
      severity: 'error',
      comment:
        'Only the bin entry (cli.ts) imports cli/ (argv, the environment, stdout, files); the library entry (index.ts) and everything below never do.',
      from: { path: '^src/', pathNot: '^src/(cli\\.ts$|cli/)' },
      to: { path: '^src/cli/' },
    },
  ],
  options,
};

/**
 * One planted import per rule: adding `import type {} from '<to, relative to from>';` at the top
 * of `from` breaks that rule (and no other).
 */
export const proofs = [
  // access.ts imports context.ts: the planted edge closes a circle inside checks/.
  { rule: 'no-circular', from: 'src/checks/context.ts', to: 'src/checks/access.ts' },
  { rule: 'leaves-stand-alone', from: 'src/rules.ts', to: 'src/options.ts' },
  { rule: 'session-on-the-http-side', from: 'src/session.ts', to: 'src/options.ts' },
  { rule: 'checks-use-the-session', from: 'src/checks/routing.ts', to: 'src/options.ts' },
  { rule: 'report-is-data', from: 'src/format.ts', to: 'src/options.ts' },
  // Every other module is below cli/main.ts (it reaches them), so only the library entry can
  // import it without also closing a circle.
  { rule: 'cli-on-top', from: 'src/index.ts', to: 'src/cli/main.ts' },
];
