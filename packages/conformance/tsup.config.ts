import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  // src/cli.ts starts with a #!/usr/bin/env node line, which esbuild keeps in dist/cli.js.
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2023',
  platform: 'node',
  treeshake: true,
  external: ['@commflow/contract', 'ajv', 'ajv-formats'],
});
