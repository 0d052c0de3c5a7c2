import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'mock-server',
    include: ['test/**/*.test.ts'],
    // The files of a worker share one module graph instead of importing the mock afresh each
    // (a third of the suite's CPU went there: docs/performance.md, "CI time"). No file keeps state
    // in a module between tests; shared-worker.ts puts the clock back after each file, and the
    // light-globals file puts back the globals it swaps.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
    setupFiles: [
      'test/helpers/shared-worker.ts',
      // A file fails when an answer of the service or the control surface departs from its document.
      'test/helpers/conformance.ts',
    ],
    // Generous, so that a loaded machine never fails a test on time (spawns and fuzz set more).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
