// The whole test suite: what `npx -y pnpm@10 test` and CI run. Any failing step fails the run.
// pnpm runs this with node_modules/.bin first on PATH, so `node` here is the pinned Node 24.
//
// The steps run as a graph, COMMFLOW_CI_JOBS at a time (4 by default: on two cores, most steps
// wait on a child process, the network or a browser for much of their time). A step lists the
// steps it needs; the rest start at once, longest chain first. The unit suite reads the packages'
// TypeScript sources (the `source` condition), but some of its tests start the built CLI, so it
// waits for the build, as do lint and typecheck (the examples compile against the packages' built
// declarations); the import layers and the generated documents need none.
// docs/performance.md ("CI time") has the times of each step.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSteps, timeTable } from './lib/step-runner.mjs';

const root = join(import.meta.dirname, '..');
const vitestJson = join(mkdtempSync(join(tmpdir(), 'commflow-vitest-')), 'vitest.json');

/** @type {import('./lib/step-runner.mjs').Step[]} */
const steps = [
  { name: 'build', run: 'pnpm run build' },
  {
    name: 'chromium',
    title: 'a system Chromium for the browser tests, the docs site and the example',
    run: 'bash scripts/ensure-chromium.sh',
  },
  {
    name: 'unit',
    title: 'unit and integration tests',
    needs: ['build', 'chromium'],
    run: `pnpm run test:unit --reporter=default --reporter=json --outputFile.json=${vitestJson}`,
  },
  {
    name: 'release',
    title:
      'release path: changeset publish to a local registry, npm install by name on Node 22.12 and 24, every consumer check (ESM, CommonJS, browser bundle, OpenTelemetry, TypeScript) and the conformance kit run from it, each planted fault caught (it builds its own copy on prepack)',
    run: 'bash scripts/release-check.sh',
  },
  // The examples compile against the packages' built declarations, as an app does, so both wait for
  // the build.
  { name: 'typecheck', needs: ['build'], run: 'pnpm run typecheck' },
  { name: 'lint', title: 'lint (eslint + prettier)', needs: ['build'], run: 'pnpm run lint' },
  {
    name: 'layers',
    title: 'layers of every package: no import circles, no upward import, each rule proven on a planted breach',
    run: 'pnpm run check:imports',
  },
  {
    name: 'generated',
    title: 'generated files are up to date (openapi.json, scenario.schema.json, control-openapi.json)',
    run: [
      'pnpm run openapi:check',
      'pnpm --filter @commflow/mock-server run scenario-schema:check',
      'pnpm --filter @commflow/mock-server run control-openapi:check',
    ].join(' && '),
  },
  {
    name: 'documents',
    title: 'the documents for generators: Redocly (recommended-strict), an openapi-typescript client',
    run: 'pnpm run lint:openapi && pnpm --filter @commflow/contract run check:generated-client',
  },
  { name: 'prism', title: 'Prism over the standalone mock', needs: ['build'], run: 'pnpm run prism-check' },
  ...[
    ['22.12.0', 'the engines floor'],
    ['latest', 'the newest Node'],
  ].map(([version, which]) => ({
    name: `node@${version}`,
    title: `the SDK suite on node@${version}, ${which}`,
    needs: ['build'],
    run: `pnpm --filter @commflow/sdk run test:node-matrix ${version}`,
  })),
  { name: 'examples', needs: ['build', 'chromium'], run: 'pnpm run examples' },
  {
    name: 'package',
    title: 'package checks (publint, attw, size-limit, the esbuild size of an app with { CommFlow })',
    needs: ['build'],
    run: "pnpm -r --filter './packages/*' --if-present run check:package",
  },
  {
    name: 'docs',
    title: 'docs build (typedoc, warnings are errors; every TypeScript block of the READMEs and docs/ compiles)',
    needs: ['build'],
    run: 'pnpm run docs',
  },
  {
    name: 'docs-site',
    title: 'docs site in headless Chromium (links, pages, search)',
    needs: ['docs', 'chromium'],
    run: 'pnpm run docs:check',
  },
  // After the unit suite, the heaviest step, so that it measures on a less loaded machine; its
  // ratios are CPU time taken in one run, so a busy machine slows both sides alike.
  {
    name: 'perf-guards',
    title:
      'performance ratio guards (mock / bare node:http, SDK / ky a call, SDK / zod import), each proven on a planted slowness',
    needs: ['build', 'unit'],
    run: 'pnpm run perf:guards',
  },
];

const jobs = Number(process.env.COMMFLOW_CI_JOBS ?? '4');
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(
    `COMMFLOW_CI_JOBS is a whole number of steps at once, 1 or more, not "${process.env.COMMFLOW_CI_JOBS ?? ''}"`,
  );
  process.exit(2);
}
console.log(`Node ${process.version}, ${String(steps.length)} steps, ${String(jobs)} at a time`);
const { ok, results, seconds } = await runSteps(steps, { jobs, cwd: root });
console.log(`\n${timeTable(results)}\n${ok ? 'all green' : 'FAILED'} in ${(seconds / 60).toFixed(1)} min`);
if (!ok) process.exit(1);
const vitest = JSON.parse(readFileSync(vitestJson, 'utf8'));
console.log(
  `vitest: ${String(vitest.numPassedTests)} passed, ${String(vitest.numFailedTests)} failed, ${String(vitest.numPendingTests + vitest.numTodoTests)} skipped`,
);
