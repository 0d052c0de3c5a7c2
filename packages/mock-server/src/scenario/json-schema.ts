import * as z from 'zod';
import { ScenarioSchema } from './schema.js';

/**
 * The JSON Schema (draft 2020-12) of a scenario file, as the text of scenario.schema.json.
 * Input form: fields with defaults are optional, as a scenario author writes them.
 *
 * @example
 * ```ts
 * writeFileSync('scenario.schema.json', scenarioJsonSchemaText());
 * ```
 */
export function scenarioJsonSchemaText(): string {
  const schema = z.toJSONSchema(ScenarioSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ ...schema, $id: 'https://commflow.dev/schemas/mock-scenario.json' }, null, 2)}\n`;
}
