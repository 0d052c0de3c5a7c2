import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the "source" export condition.
// `ssr.resolve.conditions` replaces vitest's defaults, so they are listed again.
export default defineProject({
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'contract',
    include: ['test/**/*.test.ts'],
    // Generous, so that a loaded machine never fails a test on time (spawns and fuzz set more).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
