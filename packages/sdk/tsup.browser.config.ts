import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import { options } from './tsup.config.js';

/**
 * The build for bundlers (`dist/browser/`, the `browser` export condition): the same entries, with
 * each loader of `core/` (`deferred.ts`, `deferred-messages.ts`) swapped for its `.browser.ts`
 * twin, so the parts Node loads on first use are static imports and an app's bundle is one graph
 * (docs/decisions.md, "One graph for bundlers"). Run after the main build (`npm run build`),
 * which cleans `dist/`.
 */
const staticDeferred: Plugin = {
  name: 'commflow-static-deferred',
  setup(build) {
    build.onResolve({ filter: /\/deferred(-messages)?\.js$/ }, (args) => ({
      path: resolve(args.resolveDir, args.path.replace(/\.js$/, '.browser.ts')),
    }));
  },
};

export default defineConfig({
  ...options,
  entry: { index: 'src/index.ts', webhooks: 'src/webhooks.ts', otel: 'src/otel.ts', validate: 'src/validate.ts' },
  outDir: 'dist/browser',
  dts: false,
  clean: false,
  esbuildPlugins: [staticDeferred],
});
