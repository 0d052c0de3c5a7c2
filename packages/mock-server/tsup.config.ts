import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'adapters/msw': 'src/surfaces/adapters/msw.ts',
    'adapters/node': 'src/surfaces/adapters/node.ts',
    'testing/vitest': 'src/surfaces/testing/vitest.ts',
    'testing/matchers': 'src/surfaces/testing/matchers-entry.ts',
    'testing/jest': 'src/surfaces/testing/jest.ts',
    remote: 'src/surfaces/remote/index.ts',
    playwright: 'src/surfaces/playwright/index.ts',
    cli: 'src/cli.ts',
  },
  format: ['esm'],
  // src/cli.ts starts with a #!/usr/bin/env node line, which esbuild keeps in dist/cli.js.
  dts: {
    entry: {
      index: 'src/index.ts',
      'adapters/msw': 'src/surfaces/adapters/msw.ts',
      'adapters/node': 'src/surfaces/adapters/node.ts',
      'testing/vitest': 'src/surfaces/testing/vitest.ts',
      'testing/matchers': 'src/surfaces/testing/matchers-entry.ts',
      'testing/jest': 'src/surfaces/testing/jest.ts',
      remote: 'src/surfaces/remote/index.ts',
      playwright: 'src/surfaces/playwright/index.ts',
    },
  },
  clean: true,
  sourcemap: true,
  target: 'es2023',
  // The core uses node:crypto for key hashes; every entry targets Node.
  platform: 'node',
  treeshake: true,
  external: [
    'msw',
    'vitest',
    'expect',
    '@playwright/test',
    '@commflow/sdk',
    '@commflow/contract',
    'zod',
    '@hono/node-server',
  ],
});
