/**
 * Builds the web console into dist/console: the Preact app bundled and minified by esbuild, its
 * page and stylesheet copied. Fails when the gzipped total passes the 60 KB budget.
 * Run by `build`; `--check-size` only prints the sizes.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const SOURCE = new URL('../src/surfaces/console/app/', import.meta.url);
const OUT = new URL('../dist/console/', import.meta.url);
/** The console's whole weight over the wire, gzipped. */
const BUDGET_BYTES = 60 * 1024;

/** Builds the console into `dist/console`; answers the gzipped size of each file. */
export async function buildConsole(): Promise<Record<string, number>> {
  await mkdir(OUT, { recursive: true });
  await build({
    entryPoints: [new URL('main.tsx', SOURCE).pathname],
    outfile: new URL('app.js', OUT).pathname,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    conditions: ['source'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  await copyFile(new URL('index.html', SOURCE), new URL('index.html', OUT));
  await copyFile(new URL('app.css', SOURCE), new URL('app.css', OUT));
  const sizes: Record<string, number> = {};
  for (const name of ['index.html', 'app.js', 'app.css']) {
    sizes[name] = gzipSync(await readFile(new URL(name, OUT))).byteLength;
  }
  return sizes;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const sizes = await buildConsole();
  const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
  const shown = Object.entries(sizes)
    .map(([name, size]) => `${name} ${(size / 1024).toFixed(1)} KB`)
    .join(', ');
  process.stdout.write(`console: ${shown}; ${(total / 1024).toFixed(1)} KB gzipped (budget 60 KB)\n`);
  if (total > BUDGET_BYTES) {
    process.stderr.write('console: over the 60 KB gzipped budget\n');
    process.exit(1);
  }
}
