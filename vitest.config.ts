import { defineConfig } from 'vitest/config';

// One project per package; each resolves workspace packages to their TypeScript sources through
// the "source" export condition, so tests never need a build first.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
  },
});
