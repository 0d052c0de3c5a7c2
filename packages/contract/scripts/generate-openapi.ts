/**
 * Writes openapi.json from the registry; with --check, fails when the committed file differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createOpenApiDocument } from '../src/openapi.js';

const target = new URL('../openapi.json', import.meta.url);
const fresh = `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== fresh) {
    console.error('packages/contract/openapi.json is out of date: run `pnpm openapi` and commit it.');
    process.exit(1);
  }
  console.log('openapi.json is up to date.');
} else {
  await writeFile(target, fresh);
  console.log('Wrote packages/contract/openapi.json');
}
