import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ERROR_CATALOGUE,
  Fax,
  HEADER_BY_CODE,
  OPERATION_LIST,
  UpdatePresenceBody,
  createOpenApiDocument,
  isAssumed,
  operationErrors,
} from '../src/index.js';

const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as ReturnType<
  typeof createOpenApiDocument
>;
const doc = createOpenApiDocument();

interface OperationObject {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; 'x-assumed'?: boolean }[];
  responses: Record<
    string,
    { $ref?: string; headers?: Record<string, unknown>; 'x-assumed'?: boolean; 'x-error-codes'?: string[] }
  >;
  requestBody?: { 'x-assumed'?: boolean };
  [extension: `x-${string}`]: unknown;
}

function operationObject(method: string, path: string): OperationObject {
  const item = doc.paths[path];
  const op = item?.[method.toLowerCase()] as OperationObject | undefined;
  if (!op) throw new Error(`missing ${method} ${path}`);
  return op;
}

let sharedAjv: Ajv2020 | undefined;
/** An ajv holding the whole document under the id `doc`. */
function ajvForDoc(): Ajv2020 {
  if (sharedAjv === undefined) {
    sharedAjv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(sharedAjv);
    sharedAjv.addFormat('e164', /^\+[1-9]\d{6,14}$/);
    sharedAjv.addSchema(structuredClone(doc), 'doc');
  }
  return sharedAjv;
}

/** Validates a response body against the schema of `path` `method` `status` in the document. */
function validatorFor(path: string, method: string, status: string) {
  const pointer = `/paths/${path.replaceAll('/', '~1')}/${method}/responses/${status}/content/application~1json/schema`;
  const validate = ajvForDoc().getSchema(`doc#${pointer}`);
  if (validate === undefined) throw new Error(`no schema at ${pointer}`);
  return (body: unknown) => validate(body) === true;
}

/** The error codes a response's schema admits: the `code` constants of its error objects. */
function codesOf(response: unknown): string[] {
  const schema = (response as { content?: Record<string, { schema: { properties: { error: unknown } } }> }).content?.[
    'application/json'
  ]?.schema;
  if (schema === undefined) return [];
  const error = schema.properties.error as { $ref?: string; oneOf?: { $ref: string }[] };
  const refs = error.oneOf ?? [error as { $ref: string }];
  const schemas = doc.components.schemas as Record<string, { properties: { code: { const: string } } }>;
  return refs.map(({ $ref }) => schemas[$ref.split('/').at(-1) ?? '']?.properties.code.const ?? '');
}

describe('openapi.json', () => {
  it('is what the registry generates (run `pnpm openapi` after changing the contract)', () => {
    expect(committed).toEqual(doc);
  });

  it('is a valid OpenAPI 3.1 document, by an independent validator', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('has version 1.1.0 and every path under /api/v1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.0');
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/api\/v1\//);
  });

  it('declares the X-API-Key and bearer security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
  });

  it.each(OPERATION_LIST.map((op) => [op.id, op] as const))('describes %s completely', (_id, op) => {
    const described = operationObject(op.method, op.path);
    expect(described.operationId).toBe(op.id);

    const headers = described.parameters.filter((param) => param.in === 'header');
    expect(headers.map((param) => param.name)).toEqual(op.headers.map((code) => HEADER_BY_CODE[code]));
    for (const header of headers) {
      expect(header.required).toBe(header.name === 'X-Tenant-Id' || header.name === 'X-User-Email');
    }

    const idempotent = op.headers.includes('I');
    for (const status of op.successStatus) {
      expect(Object.keys(described.responses[String(status)]?.headers ?? {})).toEqual([
        'X-Request-Id',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        ...(idempotent ? ['Idempotent-Replayed'] : []),
      ]);
    }

    // Each error status lists exactly the operation's codes for it, as an enum the schema enforces.
    const errors = operationErrors(op);
    const statuses = new Set([400, 401, 403, 404, 409, 429, ...errors.map((error) => error.status)]);
    const declared = Object.keys(described.responses).filter((status) => Number(status) >= 400);
    expect(declared).toEqual([...statuses].sort((a, b) => a - b).map(String));
    for (const status of statuses) {
      const response = described.responses[String(status)];
      const codes = errors.filter((error) => error.status === status).map((error) => error.code);
      expect(response?.['x-error-codes'], `${status}`).toEqual(codes);
      expect(codesOf(response), `${status}`).toEqual(codes);
      const headers = Object.keys(response?.headers ?? {});
      expect(headers.includes('Retry-After')).toBe(status === 429);
      expect(headers.includes('RateLimit-Limit')).toBe(status !== 401);
      expect(headers.includes('Allow')).toBe(false);
    }
    expect(errors.every((error) => error.code !== 'METHOD_NOT_ALLOWED')).toBe(true);

    expect(described['x-permission']).toBe(op.gating.permission);
    expect(described['x-module']).toBe(op.gating.module);
    expect(described['x-capability']).toBe(op.gating.capability);
    expect(described['x-events']).toEqual(op.events);
    expect(described['x-assumed'] === true).toBe(isAssumed(op, 'operationId') || isAssumed(op, 'gating'));
    if (op.body) expect(described.requestBody?.['x-assumed'] === true).toBe(isAssumed(op, 'body'));
  });

  it('marks the chat.messages.list parameters that decisions.md added as assumed', () => {
    const params = operationObject('GET', '/api/v1/chat/messages').parameters;
    const assumed = params.filter((param) => param['x-assumed']).map((param) => param.name);
    expect(assumed).toEqual(['limit', 'cursor']);
  });

  it('gives every catalogue code an error object whose code is a constant', () => {
    const schemas = doc.components.schemas as Record<string, { properties?: { code?: { const?: string } } }>;
    const constants = Object.values(schemas).flatMap((schema) => schema.properties?.code?.const ?? []);
    expect(constants.sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it('rejects a misspelt error code and checks details per code', () => {
    const click2dial = validatorFor('/api/v1/click2dial', 'post', '409');
    const body = (code: string) => ({
      success: false,
      error: { code, message: 'No extension.' },
      meta: { requestId: 'req-1', timestamp: '2026-11-21T22:38:59.000Z' },
    });
    expect(click2dial(body('NO_EXTENSION'))).toBe(true);
    expect(click2dial(body('NO_EXTENSON'))).toBe(false);
    expect(click2dial(body('NOT_FOUND'))).toBe(false);

    const invalid = validatorFor('/api/v1/contacts', 'post', '400');
    const validation = (details: unknown) => ({
      ...body('VALIDATION_ERROR'),
      error: { code: 'VALIDATION_ERROR', message: 'Invalid body.firstName', details },
    });
    expect(invalid(validation([{ path: ['body', 'firstName'], message: 'Too short' }]))).toBe(true);
    expect(invalid(validation({ firstName: 'Too short' }))).toBe(false);
    expect(invalid(validation(undefined))).toBe(false);

    const limited = validatorFor('/api/v1/users', 'get', '429');
    const rateLimited = (details: unknown) => ({
      ...body('RATE_LIMITED'),
      error: { code: 'RATE_LIMITED', message: 'Slow down.', details },
    });
    expect(limited(rateLimited({ retryAfterSeconds: 12 }))).toBe(true);
    expect(limited(rateLimited({ retryAfter: 12 }))).toBe(false);
  });

  it('describes a status the spec lists but the operation never answers without a body', () => {
    const response = operationObject('GET', '/api/v1/users').responses['409'] as Record<string, unknown>;
    expect(response['x-error-codes']).toEqual([]);
    expect(response.content).toBeUndefined();
  });

  it('declares Idempotent-Replayed only where a stored result can be replayed', () => {
    const click2dial = operationObject('POST', '/api/v1/click2dial').responses;
    const replayed = (status: string) => Object.keys(click2dial[status]?.headers ?? {}).includes('Idempotent-Replayed');
    expect(['200', '400', '404', '409'].map(replayed)).toEqual([true, true, true, true]);
    expect(['401', '403', '413', '415', '429', '500'].map(replayed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const quote = operationObject('POST', '/api/v1/pricing/quote').responses;
    expect(Object.keys(quote['200']?.headers ?? {})).not.toContain('Idempotent-Replayed');
  });

  it('types the openapi.json route, which the document itself satisfies, and declares its 400 and its 405 with Allow', () => {
    const route = doc.paths['/api/v1/openapi.json']?.get as OperationObject;
    expect(Object.keys(route.responses)).toEqual(['200', '400', '405']);
    // Answered before any key check: no RateLimit-*.
    expect(Object.keys(route.responses['405']?.headers ?? {})).toEqual(['X-Request-Id', 'Allow']);
    expect(Object.keys(route.responses['400']?.headers ?? {})).toEqual(['X-Request-Id']);
    expect(validatorFor('/api/v1/openapi.json', 'get', '200')(structuredClone(doc))).toBe(true);
    expect(validatorFor('/api/v1/openapi.json', 'get', '200')({ openapi: '3.1.0' })).toBe(false);
  });

  it('keeps response enums open and request enums closed, in the document and in zod alike', () => {
    const fax = {
      id: '3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31',
      type: 'archive',
      from: '+14155550100',
      to: '+14155550101',
      pages: 1,
      status: 'shredded',
      createdAt: '2026-11-21T22:38:59.000Z',
    };
    expect(ajvForDoc().getSchema('doc#/components/schemas/Fax')?.(fax)).toBe(true);
    expect(z.safeParse(Fax, fax).success).toBe(true);
    const update = { status: 'lunch', message: '' };
    expect(ajvForDoc().getSchema('doc#/components/schemas/UpdatePresenceBody')?.(update)).toBe(false);
    expect(z.safeParse(UpdatePresenceBody, update).success).toBe(false);
  });

  it('has schemas that a JSON Schema 2020-12 validator compiles', () => {
    const ajv = ajvForDoc();
    for (const name of Object.keys(doc.components.schemas ?? {})) {
      expect(() => ajv.getSchema(`doc#/components/schemas/${name}`), name).not.toThrow();
    }
    const contact = ajv.getSchema('doc#/components/schemas/Contact');
    const now = '2026-11-21T22:38:59.000Z';
    const valid = {
      id: '3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31',
      firstName: 'Ann',
      lastName: '',
      phoneMobile: null,
      createdAt: now,
      updatedAt: now,
    };
    expect(contact?.(valid)).toBe(true);
    expect(contact?.({ ...valid, phoneMobile: '555' })).toBe(false);
  });
});
