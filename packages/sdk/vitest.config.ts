import { readFileSync } from 'node:fs';
import { defineProject } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string };

export default defineProject({
  // The version in the X-CommFlow-Client header, as the build sets it (tsup.config.ts).
  define: { __COMMFLOW_SDK_VERSION__: JSON.stringify(version) },
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'sdk',
    include: ['test/**/*.test.ts'],
    // Files share one module graph per worker: no file of this package mocks a module for good or
    // leaves a global changed (Vitest undoes any stubbed global or variable after each test), and
    // evaluating the sources once per worker rather than once per file was a quarter of the time.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    // Generous, so that a loaded machine never fails a test on time (spawns and fuzz set more).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `globalThis.gc`, for the test that the pagination walks let go of the pages they moved past.
    execArgv: ['--expose-gc'],
    // Type tests (expectTypeOf, @ts-expect-error) are checked by tsc, not run.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
