/**
 * Writes control-openapi.json, the OpenAPI document of the control surface, from its route table.
 * `--check` fails when the committed file is stale (CI runs it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { controlOpenApiDocument } from '../src/control-api/openapi.js';

const target = fileURLToPath(new URL('../control-openapi.json', import.meta.url));
const text = `${JSON.stringify(controlOpenApiDocument(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== text) {
    process.stderr.write(
      'control-openapi.json is stale: run `npx -y pnpm@10 --filter @commflow/mock-server run control-openapi`\n',
    );
    process.exit(1);
  }
  process.stdout.write('control-openapi.json is up to date\n');
} else {
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
}
