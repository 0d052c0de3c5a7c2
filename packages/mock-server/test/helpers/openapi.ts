import { readFileSync } from 'node:fs';
import { OPERATION_LIST } from '@commflow/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const document = JSON.parse(readFileSync(new URL('../../../contract/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('e164', /^\+[1-9]\d{6,14}$/);
ajv.addSchema(document, 'openapi');

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const templates = OPERATION_LIST.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/**
 * Validates a response body against the generated OpenAPI document (not zod), so that drift
 * between the mock and openapi.json shows. Returns the errors, empty when it conforms.
 */
export function openApiErrors(method: string, pathname: string, status: number, body: unknown): string[] {
  const match = templates.find((entry) => entry.op.method === method && entry.pattern.test(pathname));
  const path = match?.op.path;
  const responses = path === undefined ? undefined : document.paths[path]?.[method.toLowerCase()]?.responses;
  const response = responses?.[String(status)];
  let ref: string;
  if (response === undefined) {
    // Unknown routes and other methods answer with the shared error responses.
    if (status < 400) return [`no documented response ${status} for ${method} ${pathname}`];
    ref = `openapi#/components/responses/Error${status}/content/application~1json/schema`;
  } else if (response.$ref !== undefined) {
    ref = `openapi${response.$ref}/content/application~1json/schema`;
  } else {
    ref = `openapi#/paths/${escape(path ?? '')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  }
  const validate = ajv.getSchema(ref);
  if (validate === undefined) return [`no schema at ${ref}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
