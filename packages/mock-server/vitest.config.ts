import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'mock-server',
    include: ['test/**/*.test.ts'],
    // Every control answer in the suite is checked against control-openapi.json.
    setupFiles: ['test/helpers/control-conformance.ts'],
    // Generous, so that a loaded machine never fails a test on time (spawns and fuzz set more).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
