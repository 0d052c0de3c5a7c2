import { defineConfig } from 'vitest/config';

// The workspace packages from their TypeScript sources, as the other examples run them.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // The matchers registered in every test file; the files take their typed `expect` from the module.
    setupFiles: ['@commflow/mock-server/vitest'],
    // Sized for a loaded CI machine, not a quiet laptop: a file's first test also loads the SDK's
    // first-call chunk, and it once took 5.2 s beside Chromium and other suites (vitest's default
    // is 5 s). A timeout only bounds a hang; it is no speed target.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
