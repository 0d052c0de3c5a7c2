import { defineConfig } from 'vitest/config';

// The workspace packages from their TypeScript sources, as the other examples run them.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  // The matchers registered in every test file; the files take their typed `expect` from the module.
  test: { include: ['test/**/*.test.ts'], setupFiles: ['@commflow/mock-server/vitest'] },
});
