import { defineProject, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The tests the mutation run (`stryker.config.json`) executes: the package's suite without the
 * files that spawn processes or drive a browser. Stryker activates a mutant inside the test
 * process; a spawned `commflow-mock` or a console page in Chromium runs its own copy of the code,
 * so such tests cannot see the mutant, yet would cost most of the run's time (each would run for
 * every static mutant). Files that mix in-process tests with a spawn are left out whole: vitest
 * can only drop files here, and Stryker sets the test-name filter itself.
 */
export const SPAWNING_TESTS = [
  // The standalone CLI: spawned as a child process.
  'test/cli.test.ts',
  'test/cli-signals.test.ts',
  'test/state-file.test.ts',
  'test/snapshot/across-processes.test.ts',
  'test/history-limits-cli.test.ts',
  'test/webhooks/standalone.test.ts',
  // `npx -y pnpm@10 run start` at the repository's root, which Stryker's sandbox (a copy of this
  // package) does not have: it fails there, and the spawned chain could not see a mutant anyway.
  'test/start-script.test.ts',
  // Mixed files: each holds a describe block that spawns the CLI.
  'test/adapters.test.ts',
  'test/first-hour.test.ts',
  // The web console, in Chromium.
  'test/**/*.browser.test.ts',
  // Two of its tests serve the built console (dist/console), which a fresh clone does not have;
  // the rest pin the control surface's gate, not the service core.
  'test/console-control.test.ts',
  // They build a busy world in beforeAll, through the API. Stryker can only tie code run inside a
  // test to that test; whatever runs in a beforeAll counts as "static", and each static mutant
  // re-runs the whole suite (64 % of the mutants, 96 % of the time, with these files in). They
  // pin the snapshot's round trip; restore-checks.test.ts pins restore's checks for this run,
  // on a world built in each test.
  'test/snapshot/bad-input.test.ts',
  'test/snapshot/round-trip.test.ts',
  // Builds a world of 100,000 records: a load test that exercises no rule the others miss.
  'test/big-world.test.ts',
];

export default mergeConfig(
  base,
  defineProject({
    test: { exclude: ['**/node_modules/**', ...SPAWNING_TESTS] },
  }),
);
