/**
 * Checks a control-surface answer against control-openapi.json (with ajv, not zod), so that the
 * surface and its document cannot drift: an undocumented route or status, a missing header or a
 * body off its schema is a failure.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Operation {
  operationId: string;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
const document = JSON.parse(readFileSync(new URL('../../control-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('e164', /^\+[1-9]\d{6,14}$/);
ajv.addSchema(document, 'control');

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
// Literal paths first: `/__mock/journal/stream` is not a request id.
const templates = Object.keys(document.paths)
  .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`) }))
  .sort((a, b) => (a.path.match(/\{/g) ?? []).length - (b.path.match(/\{/g) ?? []).length);

const validate = (ref: string, body: unknown): string[] => {
  const check = ajv.getSchema(ref);
  if (check === undefined) return [`no schema at ${ref}`];
  if (check(body)) return [];
  return (check.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
};
const ERROR_ENVELOPE = 'control#/components/schemas/ControlError';

/** The operation a method and path reach in the document, if any. */
export function documentedOperation(method: string, pathname: string): Operation | undefined {
  const path = templates.find((entry) => entry.pattern.test(pathname.replace(/\/+$/, '') || '/'))?.path;
  return path === undefined ? undefined : document.paths[path]?.[method.toLowerCase()];
}

/**
 * The ways an answer departs from the document; empty when it conforms. `body` is the parsed
 * JSON (undefined for another type).
 */
export function controlOpenApiErrors(
  method: string,
  pathname: string,
  status: number,
  headers: Headers,
  body: unknown,
): string[] {
  const path = templates.find((entry) => entry.pattern.test(pathname.replace(/\/+$/, '')))?.path;
  if (path === undefined) return status === 404 ? validate(ERROR_ENVELOPE, body) : [`undocumented path, ${status}`];
  const lookup = method === 'HEAD' ? 'get' : method.toLowerCase();
  const operation = document.paths[path]?.[lookup];
  if (operation === undefined) {
    if (status !== 405) return [`undocumented method on ${path}, answered ${status}`];
    const allow = (headers.get('allow') ?? '').split(', ');
    const expected = Object.keys(document.paths[path] ?? {}).map((m) => m.toUpperCase());
    if (expected.includes('GET')) expected.push('HEAD');
    if (allow.sort().join() !== expected.sort().join())
      return [`Allow is "${allow.join(', ')}", not "${expected.join(', ')}"`];
    return validate(ERROR_ENVELOPE, body);
  }
  const response = operation.responses[String(status)];
  if (response === undefined) return [`${operation.operationId}: undocumented status ${status}`];
  if (method === 'HEAD') return [];
  const type = (headers.get('content-type') ?? '').split(';')[0] ?? '';
  if (response.$ref !== undefined) {
    const name = response.$ref.split('/').pop() ?? '';
    return validate(`control#/components/responses/${escape(name)}/content/application~1json/schema`, body);
  }
  if (response.content?.[type] === undefined) return [`${operation.operationId}: ${status} answered as "${type}"`];
  if (type !== 'application/json') return [];
  return validate(
    `control#/paths/${escape(path)}/${lookup}/responses/${status}/content/application~1json/schema`,
    body,
  );
}
