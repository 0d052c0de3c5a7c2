// Mutation testing of the mock's service core, state, webhooks and snapshot:
// `npx -y pnpm@10 run mutation` at the root. Hours on 2 cores for the whole scope, so it is not
// part of CI: measure one part at a time with `-- --ignoreStatic --mutate '<globs>'` (the parts,
// their commands and durations are in docs/performance.md). Reports: reports/mutation/
// (mutation.json for tools, mutation.html to browse the survivors), git-ignored.
// For a quicker rerun after changing tests only, add `-- --incremental`: it reuses the results of
// mutants whose code and covering tests did not change (it cannot see changes outside the mutated
// files and the tests, so a figure to publish comes from a full run).

/** @type {Record<string, unknown>} StrykerJS options (https://stryker-mutator.io/docs/stryker-js/configuration/). */
const config = {
  packageManager: 'pnpm',
  testRunner: 'vitest',
  // pnpm keeps each package's dependencies to itself, so Stryker's default plugin glob (next to
  // @stryker-mutator/core) finds no runner: name the vitest runner by its path.
  plugins: ['./node_modules/@stryker-mutator/vitest-runner/dist/src/index.js'],
  vitest: {
    // The package's vitest.config.ts (the "source" export condition, so no build is needed)
    // without the tests that cannot see a mutant; the reasons are listed in that file.
    configFile: 'vitest.mutation.config.ts',
    // Per-test coverage picks the tests of each mutant; "related" would narrow by import graph only.
    related: false,
  },
  coverageAnalysis: 'perTest',
  // The pipeline steps, the domain modules and the list queries (the service's rules); since
  // issue 25 also the state's stores, the webhook machinery and the snapshot's take and restore.
  // Not the router tables, the rest of the simulation or the surfaces, which other suites pin.
  // `--ignoreStatic` leaves out the mutants of module-level code (the zod schemas, mostly): each
  // would rerun the whole suite.
  mutate: [
    'src/service/pipeline/**/*.ts',
    'src/service/domains/**/*.ts',
    'src/service/query/**/*.ts',
    'src/state/**/*.ts',
    'src/sim/webhooks/**/*.ts',
    'src/runtime/snapshot/**/*.ts',
  ],
  // Stryker copies the package to .stryker-tmp/sandbox-*/. The tests' OpenAPI helper reads
  // ../contract/openapi.json relative to the package, so the sandbox's parent needs that link;
  // and the control surface's OpenAPI tour serves the built console (dist/console), which a
  // fresh clone lacks: the dry run failed without it.
  buildCommand:
    "node -e require('node:fs').existsSync('../contract')||require('node:fs').symlinkSync('../../contract','../contract');import('./scripts/build-console.ts').then((m)=>m.buildConsole())",
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  // Generous: the machine may be busy, and a mutant that only runs slowly must not count as a timeout.
  timeoutMS: 20_000,
  timeoutFactor: 3,
  // The targets of issue 21: 85 % overall, 90 % the moonshot. Reported, never failing the command.
  thresholds: { high: 90, low: 85, break: null },
};

export default config;
