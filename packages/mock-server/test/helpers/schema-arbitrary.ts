/**
 * fast-check arbitraries from the JSON Schema of an OpenAPI document: what a fuzzer's positive
 * phase (Schemathesis) generates, for the keywords our two documents use. Every value is checked
 * against the schema with ajv before it is used, so an approximation here costs a discarded
 * sample, never a request the document does not allow.
 */
import fc from 'fast-check';

/** A JSON Schema, as the documents write it. */
export type Schema = Record<string, unknown> | boolean;

/** The schema a `$ref` names in `root`. */
function resolve(root: unknown, ref: string): Schema {
  let current: unknown = root;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    current = (current as Record<string, unknown>)[key];
  }
  return current as Schema;
}

const HEX_DIGITS = '0123456789abcdefABCDEF';
const HEX = fc.integer({ min: 0, max: HEX_DIGITS.length - 1 }).map((index) => HEX_DIGITS.charAt(index));
const hex = (length: number) => fc.string({ unit: HEX, minLength: length, maxLength: length });
/** Any UUID in its textual form, whatever its version and variant: what `format: uuid` allows. */
const anyUuid = fc.tuple(hex(8), hex(4), hex(4), hex(4), hex(12)).map((parts) => parts.join('-'));
const dateTime = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString());

function stringOf(schema: Record<string, unknown>): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let text: fc.Arbitrary<string>;
  if (typeof schema.pattern === 'string') text = fc.stringMatching(new RegExp(schema.pattern));
  else if (schema.format === 'uuid') text = anyUuid;
  else if (schema.format === 'date-time') text = dateTime;
  else if (schema.format === 'date') text = dateTime.map((value) => value.slice(0, 10));
  else if (schema.format === 'e164') text = fc.stringMatching(/^\+[1-9][0-9]{6,14}$/);
  else if (schema.format === 'uri') text = fc.webUrl();
  else if (schema.format === 'starts_with') text = fc.string({ maxLength: 20 }).map((rest) => `/${rest}`);
  else text = fc.string({ minLength: min, maxLength: Math.min(max, min + 30) });
  return text.filter((value) => value.length >= min && value.length <= max);
}

function objectOf(schema: Record<string, unknown>, root: unknown, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const always = (schema.required ?? []) as string[];
  // `oneOf` of `required` (exactly one of some keys): pick one, leave the others out.
  const oneOf = schema.oneOf as { required?: string[] }[] | undefined;
  const exclusive = oneOf?.every((branch) => Array.isArray(branch.required)) === true ? oneOf : undefined;
  const choice = exclusive === undefined ? fc.constant(undefined) : fc.constantFrom(...exclusive);
  return choice.chain((picked) => {
    const left = new Set(exclusive?.flatMap((branch) => (branch === picked ? [] : (branch.required ?? []))));
    const required = new Set([...always, ...(picked?.required ?? [])]);
    const keys = Object.keys(properties).filter((key) => !left.has(key));
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const key of keys) model[key] = arbitraryOf(properties[key] ?? true, root, depth + 1);
    return fc.record(model, { requiredKeys: keys.filter((key) => required.has(key)) });
  });
}

/**
 * An arbitrary of values `schema` allows (resolving `$ref`s in `root`), bounded in depth: past
 * a few levels an open value is `null`.
 *
 * @example
 * ```ts
 * fc.sample(arbitraryOf({ type: 'string', format: 'uuid' }, document), 1);
 * ```
 */
export function arbitraryOf(schema: Schema, root: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true) return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  if (schema === false) return fc.constant(undefined);
  if (typeof schema.$ref === 'string') return arbitraryOf(resolve(root, schema.$ref), root, depth);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as Schema[] | undefined;
    if (branches !== undefined && schema.type === undefined && schema.properties === undefined) {
      return fc.oneof(...branches.map((branch) => arbitraryOf(branch, root, depth)));
    }
  }
  if (Array.isArray(schema.allOf)) return arbitraryOf(schema.allOf[0] as Schema, root, depth);
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const arbitraries = type.map((one): fc.Arbitrary<unknown> => {
    switch (one) {
      case 'string':
        return stringOf(schema);
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
        const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
        return one === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = arbitraryOf((schema.items ?? true) as Schema, root, depth + 1);
        const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const list = fc.array(items, { minLength: min, maxLength: Math.max(min, depth > 1 ? 1 : 3) });
        const contains = schema.contains as Schema | undefined;
        return contains === undefined
          ? list
          : // An item that also matches `contains`: an item, with what `contains` asks laid over it.
            fc
              .tuple(items, arbitraryOf(contains, root, depth + 1), list)
              .map(([item, over, rest]) => [
                item !== null && typeof item === 'object' && over !== null && typeof over === 'object'
                  ? { ...item, ...over }
                  : over,
                ...rest,
              ]);
      }
      case 'object':
        return schema.properties === undefined && depth > 2 ? fc.constant({}) : objectOf(schema, root, depth);
      default:
        return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
    }
  });
  return arbitraries.length === 1 ? (arbitraries[0] ?? fc.constant(null)) : fc.oneof(...arbitraries);
}
