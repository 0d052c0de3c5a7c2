/**
 * Writes scenario.schema.json from the exported zod ScenarioSchema. `--check` fails when the
 * committed file is stale (CI and the tests run it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchemaText } from '../src/scenario/json-schema.js';

const target = fileURLToPath(new URL('../scenario.schema.json', import.meta.url));
const text = scenarioJsonSchemaText();
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== text) {
    process.stderr.write('scenario.schema.json is stale: run `pnpm --filter @commflow/mock-server scenario-schema`\n');
    process.exit(1);
  }
  process.stdout.write('scenario.schema.json is up to date\n');
} else {
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
}
