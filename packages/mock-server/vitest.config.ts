import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'mock-server',
    include: ['test/**/*.test.ts'],
    // Generous, so that a loaded machine never fails a test on time (spawns and fuzz set more).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
