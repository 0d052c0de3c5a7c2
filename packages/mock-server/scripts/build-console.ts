/**
 * Builds the web console into dist/console: the Preact app bundled and minified by esbuild, its
 * page and stylesheet copied. Fails when the gzipped total passes the 60 KB budget.
 * Run by `build`; `--check-size` only prints the sizes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const SOURCE = new URL('../src/surfaces/console/app/', import.meta.url);
const OUT = new URL('../dist/console/', import.meta.url);
/** The console's whole weight over the wire, gzipped. */
const BUDGET_BYTES = 60 * 1024;

/**
 * Writes through a temporary file and a rename: the test files that rebuild the console run in
 * parallel with others that serve it, and a reader must never see a file half written.
 */
async function writeAtomically(name: string, contents: Uint8Array | string): Promise<void> {
  const temporary = new URL(`.${name}.${randomUUID()}.tmp`, OUT);
  await writeFile(temporary, contents);
  await rename(temporary, new URL(name, OUT));
}

/** Builds the console into `dist/console`; answers the gzipped size of each file. */
export async function buildConsole(): Promise<Record<string, number>> {
  await mkdir(OUT, { recursive: true });
  const bundled = await build({
    write: false,
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
  const [script] = bundled.outputFiles;
  if (script === undefined) throw new Error('esbuild wrote no console script');
  await writeAtomically('app.js', script.contents);
  for (const name of ['index.html', 'app.css']) await writeAtomically(name, await readFile(new URL(name, SOURCE)));
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
