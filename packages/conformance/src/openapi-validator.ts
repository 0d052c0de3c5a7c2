/**
 * Validates answers against the contract's `openapi.json` (the published document, not the zod
 * schemas it was generated from), with ajv's JSON Schema 2020-12 validator: the body against the
 * response's schema, and the presence of every header the response marks `required`.
 */
import { createRequire } from 'node:module';
import type { OpenApiDocument } from '@commflow/contract';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface ResponseObject {
  $ref?: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}

/** The contract's published OpenAPI document, as installed beside this package. */
export const contractDocument = createRequire(import.meta.url)('@commflow/contract/openapi.json') as OpenApiDocument;

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** A validator of responses against one OpenAPI document. */
export class OpenApiValidator {
  readonly #ajv: Ajv2020;
  readonly #document: OpenApiDocument;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument = contractDocument) {
    this.#document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.#ajv);
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
    const operation = this.#document.paths[template]?.[lower] as Operation | undefined;
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
      node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    return node as ResponseObject;
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
