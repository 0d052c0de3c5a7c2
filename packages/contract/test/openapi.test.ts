import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, HEADER_BY_CODE, OPERATION_LIST, createOpenApiDocument, isAssumed } from '../src/index.js';

const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as ReturnType<
  typeof createOpenApiDocument
>;
const doc = createOpenApiDocument();

interface OperationObject {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; 'x-assumed'?: boolean }[];
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown>; 'x-assumed'?: boolean }>;
  requestBody?: { 'x-assumed'?: boolean };
  [extension: `x-${string}`]: unknown;
}

function operationObject(method: string, path: string): OperationObject {
  const item = doc.paths[path];
  const op = item?.[method.toLowerCase()] as OperationObject | undefined;
  if (!op) throw new Error(`missing ${method} ${path}`);
  return op;
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

    for (const status of op.successStatus) {
      expect(Object.keys(described.responses[String(status)]?.headers ?? {})).toEqual([
        'X-Request-Id',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
      ]);
    }
    const errorStatuses = new Set(Object.values(ERROR_CATALOGUE).map((entry) => String(entry.status)));
    for (const status of errorStatuses) {
      expect(described.responses[status]?.$ref).toBe(`#/components/responses/Error${status}`);
    }

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

  it('describes every catalogue code under its status with the error schema', () => {
    const responses = doc.components.responses as Record<string, { 'x-error-codes': string[] }>;
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(responses[`Error${entry.status}`]?.['x-error-codes']).toContain(code);
    }
  });

  it('has schemas that a JSON Schema 2020-12 validator compiles', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('e164', /^\+[1-9]\d{6,14}$/);
    ajv.addSchema({ $id: 'doc', components: doc.components });
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
