import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'conformance',
    include: ['test/**/*.test.ts'],
    // Files share one module graph per worker: no file of this package mocks a module for good or
    // leaves a global changed (Vitest undoes any stubbed global or variable after each test), and
    // evaluating the sources once per worker rather than once per file was a quarter of the time.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    // Generous, so that a loaded machine never fails a test on time (spawns set more).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
