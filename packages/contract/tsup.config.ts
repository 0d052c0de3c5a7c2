import { defineConfig } from 'tsup';

// Unbundled: one output module per source module, so that with `sideEffects: false` an app's
// bundler drops the modules it never imports (the OpenAPI generator, event schemas…).
export default defineConfig({
  entry: ['src/**/*.ts'],
  bundle: false,
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2023',
  platform: 'neutral',
});
