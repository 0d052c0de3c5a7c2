import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CreateCalendarEventBody,
  DateTimeInput,
  Email,
  EMAIL_PATTERN,
  IdInput,
  OPERATION_LIST,
  createOpenApiDocument,
} from '../src/index.js';
import { asciiDigits } from '../src/openapi/json-schema.js';

const doc = createOpenApiDocument();

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
  example?: unknown;
}
interface Link {
  operationId: string;
  parameters?: Record<string, string>;
  requestBody?: unknown;
}
interface MediaType {
  schema: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': MediaType } };
  responses: Record<string, { content?: { 'application/json'?: MediaType }; links?: Record<string, Link> }>;
}

const operationsInDoc: { path: string; method: string; op: Operation }[] = Object.entries(doc.paths).flatMap(
  ([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op: op as Operation })),
);
const byId = new Map(operationsInDoc.map((entry) => [entry.op.operationId, entry]));
const registryEntries = operationsInDoc.filter((entry) => OPERATION_LIST.some((op) => op.id === entry.op.operationId));

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addFormat('e164', /^\+[1-9][0-9]{6,14}$/);
ajv.addSchema(structuredClone(doc), 'doc');
const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
/** ajv's errors for `value` against the schema at `pointer` in the document. */
function errorsAt(pointer: string, value: unknown): string[] {
  const validate = ajv.getSchema(`doc#${pointer}`);
  if (validate === undefined) return [`no schema at ${pointer}`];
  return validate(value)
    ? []
    : (validate.errors ?? []).map((error) => `${pointer}${error.instancePath} ${error.message}`);
}

/** Every `pattern` of the document, with the `format` beside it. */
function patterns(node: unknown, found: { pattern: string; format: string | undefined }[] = []) {
  if (Array.isArray(node)) for (const item of node) patterns(item, found);
  else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') {
      found.push({ pattern: record.pattern, format: record.format as string | undefined });
    }
    for (const value of Object.values(record)) patterns(value, found);
  }
  return found;
}

describe('openapi.json for fuzzers and generators: examples', () => {
  it.each(registryEntries.map((entry) => [entry.op.operationId, entry] as const))(
    '%s has a request and a response example, each valid against the document',
    (_id, { path, method, op }) => {
      const base = `/paths/${escape(path)}/${method}`;
      const problems: string[] = [];
      op.parameters.forEach((parameter, index) => {
        if (parameter.required && parameter.example === undefined) problems.push(`${parameter.name} has no example`);
        if (parameter.example !== undefined) {
          problems.push(...errorsAt(`${base}/parameters/${index}/schema`, parameter.example));
        }
      });
      const body = op.requestBody?.content['application/json'];
      if (body !== undefined) {
        const values = Object.values(body.examples ?? {});
        if (values.length === 0) problems.push('the body has no example');
        for (const { value } of values) {
          problems.push(...errorsAt(`${base}/requestBody/content/application~1json/schema`, value));
        }
      }
      const successes = Object.keys(op.responses).filter((status) => status.startsWith('2'));
      expect(successes.length).toBeGreaterThan(0);
      for (const status of successes) {
        const values = Object.values(op.responses[status]?.content?.['application/json']?.examples ?? {});
        if (values.length === 0) problems.push(`${status} has no example`);
        for (const { value } of values) {
          problems.push(...errorsAt(`${base}/responses/${status}/content/application~1json/schema`, value));
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('openapi.json for fuzzers and generators: links', () => {
  const links = registryEntries.flatMap(({ op }) =>
    Object.entries(op.responses).flatMap(([status, response]) =>
      Object.values(response.links ?? {}).map((link) => ({ from: op.operationId, status, link })),
    ),
  );

  it('links the operations that create or list a resource to those that act on it', () => {
    const pairs = new Set(links.map(({ from, link }) => `${from} -> ${link.operationId}`));
    for (const expected of [
      'chat.conversations.create -> chat.messages.list',
      'chat.conversations -> chat.messages.list',
      'ai.agents.list -> ai.agents.get',
      'sms.conversations -> sms.messages.list',
      'sms.conversations -> sms.send',
      'contacts.create -> contacts.list',
      'calendar.create -> calendar.list',
    ]) {
      expect(pairs).toContain(expected);
    }
  });

  it('names, in every link, an operation of the document and parameters it has', () => {
    expect(links.length).toBeGreaterThan(0);
    for (const { from, link } of links) {
      const target = byId.get(link.operationId);
      expect(target, `${from} -> ${link.operationId}`).toBeDefined();
      for (const key of Object.keys(link.parameters ?? {})) {
        const [where, name] = key.split(/\.(.*)/s);
        const names = (target?.op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
        expect(names, `${from} -> ${link.operationId}: ${key}`).toContain(name);
      }
      if (link.requestBody !== undefined) expect(target?.op.requestBody).toBeDefined();
    }
  });

  it('carries the tenant and the acting user over to an operation that acts as the user', () => {
    const toMessages = links.find(
      ({ from, link }) => from === 'chat.conversations' && link.operationId === 'chat.messages.list',
    );
    expect(toMessages?.link.parameters).toMatchObject({
      'header.X-Tenant-Id': '$request.header.X-Tenant-Id',
      'header.X-User-Email': '$request.header.X-User-Email',
    });
  });
});

describe('openapi.json for fuzzers and generators: patterns', () => {
  const all = patterns(doc);

  it('has no pattern that only repeats its format (uuid, date-time, date)', () => {
    const repeated = all.filter(({ pattern, format }) => {
      if (format === undefined) return false;
      const zodPattern = [z.guid(), z.iso.datetime({ offset: true }), z.iso.datetime(), z.iso.date()]
        .map((schema) => z.toJSONSchema(schema) as { format?: string; pattern?: string })
        .find((json) => json.format === format)?.pattern;
      return zodPattern !== undefined && asciiDigits(zodPattern) === pattern;
    });
    expect(repeated).toEqual([]);
    expect(all.filter(({ format }) => format === 'date')).toEqual([]);
  });

  it('accepts every UUID as format: uuid does, whatever its version and variant digits', () => {
    for (const id of [
      'e3e70682-c209-4cac-629f-6fbed82c07cd',
      'E3E70682-C209-4CAC-629F-6FBED82C07CD',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      expect(IdInput.safeParse(id).success, id).toBe(true);
    }
    const ids = registryEntries.flatMap(({ op }) => op.parameters.filter((p) => p.in === 'path'));
    expect(ids.map((p) => p.schema)).toContainEqual({ type: 'string', format: 'uuid' });
  });

  it('states beside format: email the exact pattern the service takes, a subset of RFC 5321 mailboxes', () => {
    const emails = all.filter(({ format }) => format === 'email');
    expect(emails.length).toBeGreaterThan(0);
    expect(new Set(emails.map(({ pattern }) => pattern))).toEqual(new Set([asciiDigits(EMAIL_PATTERN.source)]));
    for (const address of ['a^b@example.com', "o'neil+x@mail.acme.test", 'x{y}|z~@a-b.example']) {
      expect(Email.safeParse(address).success, address).toBe(true);
      expect(errorsAt('/components/schemas/User/properties/email', address)).toEqual([]);
    }
    for (const address of ['"a b"@example.com', 'a@[127.0.0.1]', 'a..b@example.com', 'a@localhost', '.a@example.com']) {
      expect(Email.safeParse(address).success, address).toBe(false);
      expect(errorsAt('/components/schemas/User/properties/email', address), address).not.toEqual([]);
    }
  });

  it('writes ASCII digit classes, never \\d, which Python reads as any Unicode digit', () => {
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter(({ pattern }) => /\\[dD]/.test(pattern))).toEqual([]);
  });

  it('keeps the runtime validation of the formats whose patterns it dropped', () => {
    expect(IdInput.safeParse('3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e3').success).toBe(false);
    expect(Email.safeParse('ann.lee@').success).toBe(false);
    expect(DateTimeInput.safeParse('2026-13-01T09:00:00Z').success).toBe(false);
    expect(DateTimeInput.safeParse('2026-11-21T09:00:00+01:00').success).toBe(true);
  });

  it('rewrites \\d so that the pattern matches exactly what the JavaScript one does', () => {
    const sources = ['^\\d{2,6}$', '^\\+[1-9]\\d{6,14}$', '^[\\d-]+$', '^\\D\\d$', '^a\\\\d$', '^[\\]\\d]$'];
    const text = fc.string({ unit: fc.constantFrom('0', '7', '9', '+', '-', 'a', '\\', ']', 'd', '٣', '１') });
    fc.assert(
      fc.property(fc.constantFrom(...sources), text, (source, value) => {
        // The `u` flag keeps `\d` ASCII too, but reads the rewritten class as a class of code points.
        expect(new RegExp(asciiDigits(source), 'u').test(value)).toBe(new RegExp(source).test(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('openapi.json for fuzzers and generators: rules a schema cannot say', () => {
  it('states the two-key rule: X-API-Key and a Bearer token naming different keys are 401', () => {
    expect(doc.info.description).toMatch(/both with different keys is 401 `UNAUTHENTICATED`/);
    const bearer = (doc.components.securitySchemes as Record<string, { description: string }>).bearer;
    expect(bearer?.description).toMatch(/different keys are 401/);
  });

  it("states that a calendar event's endTime must be after its startTime", () => {
    const schemas = doc.components.schemas as Record<
      string,
      { description?: string; properties: Record<string, { description?: string }> }
    >;
    const body = schemas.CreateCalendarEventBody;
    expect(body?.description).toMatch(/`endTime` must be after `startTime`/);
    expect(body?.properties.endTime?.description).toMatch(/`endTime` must be after `startTime`, else 400/);
    const list = doc.paths['/api/v1/calendar']?.get as { parameters: { name: string; description: string }[] };
    expect(list.parameters.find((p) => p.name === 'endDate')?.description).toMatch(
      /`endDate` must be after `startDate`/,
    );
    expect(doc.info.description).toMatch(/`endTime` must be after `startTime`/);
    // And each operation's description says it, in one sentence.
    const create = doc.paths['/api/v1/calendar']?.post as { description?: string };
    expect(create.description).toBe('Rule: `endTime` must be after `startTime`, else 400 `VALIDATION_ERROR`.');
    expect((list as { description?: string }).description).toMatch(/^Rule: `endDate` must be after `startDate`/);
    // And the schema enforces it.
    const event = { title: 'x', startTime: '2026-11-23T09:00:00Z', endTime: '2026-11-23T09:00:00Z' };
    expect(CreateCalendarEventBody.safeParse(event).success).toBe(false);
  });

  it('says in the description of every list taking both cursor and offset that they exclude each other', () => {
    const both = registryEntries.filter(({ op }) =>
      ['cursor', 'offset'].every((name) => op.parameters.some((p) => p.in === 'query' && p.name === name)),
    );
    expect(both.length).toBeGreaterThan(0);
    for (const { op } of both) {
      expect((op as { description?: string }).description, op.operationId).toContain(
        'Rule: a `cursor` cannot be sent with a non-zero `offset`, else 400 `VALIDATION_ERROR`.',
      );
    }
  });
});
