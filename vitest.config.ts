import { defineConfig } from 'vitest/config';

// One project per package; each resolves workspace packages to their TypeScript sources through
// the "source" export condition, so tests never need a build first.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
    // A file per core (Vitest's default leaves one core free: one file at a time on two cores).
    // Most of the slow files wait on a child process, a socket or a browser, so two at a time
    // nearly halve the suite here; docs/performance.md ("CI time") has the figures.
    maxWorkers: '100%',
  },
});
