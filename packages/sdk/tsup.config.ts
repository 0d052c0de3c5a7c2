import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string };

/** The default build (Node and every runtime without the `browser` condition). */
export const options: Options = {
  // The request core is an entry of its own only for a stable file name: size-limit counts the
  // chunks a call loads (index + engine) apart from webhook signing, which no call loads.
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks.ts',
    otel: 'src/otel.ts',
    engine: 'src/core/engine.ts',
    validate: 'src/validate.ts',
  },
  format: ['esm'],
  dts: {
    entry: { index: 'src/index.ts', webhooks: 'src/webhooks.ts', otel: 'src/otel.ts', validate: 'src/validate.ts' },
  },
  clean: true,
  sourcemap: true,
  target: 'es2023',
  platform: 'neutral',
  treeshake: true,
  // The version in the X-CommFlow-Client header (src/internal/identity.ts).
  define: { __COMMFLOW_SDK_VERSION__: JSON.stringify(version) },
};

export default defineConfig(options);
