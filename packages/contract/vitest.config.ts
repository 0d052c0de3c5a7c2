import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the "source" export condition.
// `ssr.resolve.conditions` replaces vitest's defaults, so they are listed again.
export default defineProject({
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'contract',
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
  },
});
