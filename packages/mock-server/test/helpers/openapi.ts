import { readFileSync } from 'node:fs';
import { OPERATION_LIST } from '@commflow/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const document = JSON.parse(readFileSync(new URL('../../../contract/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
  components: { schemas: Record<string, { properties?: { code?: { const?: string } } }> };
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

/** The error object schema of each catalogue code, by code. */
const errorObjects = new Map(
  Object.entries(document.components.schemas).flatMap(([name, schema]) => {
    const code = schema.properties?.code?.const;
    return code === undefined ? [] : [[code, `openapi#/components/schemas/${name}`] as const];
  }),
);

/**
 * The error envelope outside any operation's responses (unknown routes, other methods, injected
 * faults): a catalogue code's error object, or, for an injected code, any `{ code, message }`.
 */
const envelopes = new Map<string | undefined, ReturnType<typeof ajv.compile>>();
function envelopeErrors(body: unknown): string[] {
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  const errorRef = typeof code === 'string' ? errorObjects.get(code) : undefined;
  let validate = envelopes.get(errorRef);
  if (validate === undefined) {
    validate = ajv.compile({
      type: 'object',
      properties: {
        success: { const: false },
        error: errorRef === undefined ? { type: 'object', required: ['code', 'message'] } : { $ref: errorRef },
        meta: { $ref: 'openapi#/components/schemas/ResponseMeta' },
      },
      required: ['success', 'error', 'meta'],
      additionalProperties: false,
    });
    envelopes.set(errorRef, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/**
 * Validates a response body against the generated OpenAPI document (not zod), so that drift
 * between the mock and openapi.json shows. Returns the errors, empty when it conforms.
 * `injected`: the response is an injected fault, whose status and code may be outside the contract.
 */
export function openApiErrors(
  method: string,
  pathname: string,
  status: number,
  body: unknown,
  injected = false,
): string[] {
  if (injected) return envelopeErrors(body);
  // HEAD answers what GET would, without the body (RFC 9110 §9.3.2).
  const documentedAs = method === 'HEAD' ? 'GET' : method;
  const match = templates.find((entry) => entry.op.method === documentedAs && entry.pattern.test(pathname));
  const path = match?.op.path;
  const responses = path === undefined ? undefined : document.paths[path]?.[documentedAs.toLowerCase()]?.responses;
  const response = responses?.[String(status)];
  if (method === 'HEAD') {
    if (body !== undefined) return [`HEAD ${pathname} answered with a body`];
    return response === undefined && status < 400 ? [`no documented response ${status} for HEAD ${pathname}`] : [];
  }
  let ref: string;
  if (response === undefined) {
    // Unknown routes and other methods: no operation describes them.
    if (status < 400) return [`no documented response ${status} for ${method} ${pathname}`];
    return envelopeErrors(body);
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
