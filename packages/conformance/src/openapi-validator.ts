/**
 * Validates answers against the contract's `openapi.json` (the published document, not the zod
 * schemas it was generated from), with ajv's JSON Schema 2020-12 validator: the body against the
 * response's schema, and the presence of every header the response marks `required`.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
// ajv-formats is CommonJS: under ESM its default import is `module.exports`, whose `default` is the plugin.
import ajvFormats from 'ajv-formats';
import * as z from 'zod/mini';

/** What the kit reads of a response object: a reference, or its headers and content. */
const ResponseObject = z.object({
  $ref: z.optional(z.string()),
  headers: z.optional(z.record(z.string(), z.object({ required: z.optional(z.boolean()) }))),
  content: z.optional(z.record(z.string(), z.unknown())),
});
type ResponseObject = z.infer<typeof ResponseObject>;

/** What the kit reads of an operation of the document: its parameters and its responses. */
const DocumentedOperation = z.object({
  parameters: z.optional(z.array(z.object({ name: z.string(), in: z.string(), required: z.optional(z.boolean()) }))),
  responses: z.record(z.string(), ResponseObject),
});

/**
 * An OpenAPI document as the kit reads it: path items by path, operations by method; every other
 * member kept as it is, for ajv to resolve references in.
 */
const DocumentShape = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
type DocumentShape = z.infer<typeof DocumentShape>;

/** A JSON object, to walk a JSON pointer through. */
const JsonObject = z.record(z.string(), z.unknown());

/** The contract's published OpenAPI document, as installed beside this package. */
export const contractDocument: DocumentShape = DocumentShape.parse(
  createRequire(import.meta.url)('@commflow/contract/openapi.json'),
);

/** The operation a document describes for `method` on the path template `template`, if any. */
export function documentedOperation(
  document: DocumentShape,
  method: string,
  template: string,
): z.infer<typeof DocumentedOperation> | undefined {
  const operation = document.paths[template]?.[method.toLowerCase()];
  return operation === undefined ? undefined : DocumentedOperation.parse(operation);
}

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** A validator of responses against one OpenAPI document. */
export class OpenApiValidator {
  readonly #ajv: Ajv2020;
  readonly #document: DocumentShape;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: DocumentShape = contractDocument) {
    this.#document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    ajvFormats.default(this.#ajv);
    // The contract's own format for phone numbers (rule R30: `^\+[1-9]\d{6,14}$`).
    this.#ajv.addFormat('e164', /^\+[1-9]\d{6,14}$/);
    this.#ajv.addSchema(document, 'openapi');
  }

  /**
   * What is wrong with an answer to `method` on the path template `template`: an empty list
   * when the status is documented, every required header is present and the body matches.
   */
  problems(method: string, template: string, status: number, headers: Headers, body: unknown): string[] {
    const lower = method.toLowerCase();
    const operation = documentedOperation(this.#document, method, template);
    if (operation === undefined) return [`openapi.json documents no ${method} ${template}`];
    let response = operation.responses[String(status)];
    if (response === undefined) return [`openapi.json documents no ${status} answer to ${method} ${template}`];
    let pointer = `openapi#/paths/${escape(template)}/${lower}/responses/${status}`;
    if (response.$ref !== undefined) {
      pointer = `openapi${response.$ref}`;
      response = this.#resolve(response.$ref);
    }
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required === true && !headers.has(name)) problems.push(`the required header ${name} is missing`);
    }
    if (response.content?.['application/json'] !== undefined) {
      const validate = this.#schema(`${pointer}/content/application~1json/schema`);
      if (!validate(body)) {
        for (const error of validate.errors ?? []) {
          problems.push(
            `body${error.instancePath === '' ? '' : ` ${error.instancePath}`} ${error.message ?? 'is invalid'}`,
          );
        }
      }
    }
    return problems;
  }

  #resolve(ref: string): ResponseObject {
    let node: unknown = this.#document;
    for (const part of ref.replace(/^#\//, '').split('/')) {
      const object = JsonObject.safeParse(node);
      node = object.success ? object.data[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    }
    return ResponseObject.parse(node);
  }

  #schema(ref: string): ValidateFunction {
    let validate = this.#compiled.get(ref);
    if (validate === undefined) {
      validate = this.#ajv.getSchema(ref);
      if (validate === undefined) throw new Error(`openapi.json has no schema at ${ref}`);
      this.#compiled.set(ref, validate);
    }
    return validate;
  }
}
