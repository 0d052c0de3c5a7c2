import { defineConfig } from 'tsup';

export default defineConfig({
  // The request core is an entry of its own only for a stable file name: size-limit counts the
  // chunks a call loads (index + engine) apart from webhook signing, which no call loads.
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks.ts',
    otel: 'src/otel.ts',
    engine: 'src/core/engine.ts',
    throttle: 'src/core/throttle.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', webhooks: 'src/webhooks.ts', otel: 'src/otel.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2023',
  platform: 'neutral',
  treeshake: true,
});
