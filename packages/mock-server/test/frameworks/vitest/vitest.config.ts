/** The vitest run of test/frameworks/vitest-unawaited.test.ts: this folder's files, on the package's sources. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { include: ['*.check.ts'], testTimeout: 30_000 },
});
