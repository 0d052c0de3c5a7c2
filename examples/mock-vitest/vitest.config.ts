import { defineConfig } from 'vitest/config';

// The workspace packages from their TypeScript sources, as the other examples run them.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { include: ['test/**/*.test.ts'] },
});
