import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'conformance',
    include: ['test/**/*.test.ts'],
    // Generous, so that a loaded machine never fails a test on time (spawns set more).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
