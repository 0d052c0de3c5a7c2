// The size of an app that imports only `{ CommFlow }` and makes one call, bundled by esbuild as an
// app would bundle it (minified, ESM, for the browser) and gzipped at level 9: the figure of
// issue 28 and of docs/performance.md, which size-limit (Rolldown) does not give.
//
//   node scripts/bundle-app.mjs                  one file: esbuild inlines every dynamic import
//   node scripts/bundle-app.mjs --splitting      one file per chunk, each gzipped, summed
//   node scripts/bundle-app.mjs --limit 34.3     exits 1 when the total is over 34.3 kB
//   node scripts/bundle-app.mjs --analyze        what is inside, module by module
//
// esbuild's browser platform resolves the package's `browser` export condition, so this measures
// `dist/browser/` (one graph: docs/decisions.md, "One graph for bundlers"), which an app's
// bundler gets. kB are 1000 bytes, as size-limit counts them. Run after `npx -y pnpm@10 run build`: it bundles
// `dist/`, resolved through the package's exports as an app resolves it.
import { analyzeMetafile, build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const APP = `import { CommFlow } from '@commflow/sdk';
const client = new CommFlow({ apiKey: 'k', tenantId: 't' });
client.contacts.list().then(console.log);
`;

const args = process.argv.slice(2);
const splitting = args.includes('--splitting');
const limitAt = args.indexOf('--limit');
const limitKb = limitAt === -1 ? undefined : Number(args[limitAt + 1]);
if (limitKb !== undefined && !(limitKb > 0)) throw new TypeError('--limit takes a size in kB, such as 34.3');

const result = await build({
  // Resolved from the package's own folder, so `@commflow/sdk` is the package itself (its exports).
  stdin: { contents: APP, resolveDir: fileURLToPath(new URL('..', import.meta.url)), sourcefile: 'app.js' },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  splitting,
  outdir: 'out',
  write: false,
  metafile: true,
  logLevel: 'error',
});

let total = 0;
for (const file of result.outputFiles) {
  const size = gzipSync(file.contents, { level: 9 }).length;
  total += size;
  if (splitting) console.log(`  ${basename(file.path)}: ${(size / 1000).toFixed(2)} kB`);
}
const how = splitting ? `esbuild with splitting, ${result.outputFiles.length} chunks` : 'esbuild, one file';
const kb = total / 1000;
console.log(
  `{ CommFlow } and one call, ${how}: ${kb.toFixed(2)} kB min+gzip${limitKb ? ` (limit ${limitKb} kB)` : ''}`,
);
if (args.includes('--analyze')) console.log(await analyzeMetafile(result.metafile));
if (limitKb !== undefined && kb > limitKb) {
  console.error(`The app's bundle grew over its limit: ${kb.toFixed(2)} kB > ${limitKb} kB (docs/performance.md).`);
  process.exitCode = 1;
}
