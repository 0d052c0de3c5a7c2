import {
  ENGLISH_MESSAGES,
  HEADER_BY_CODE,
  headersSchema,
  MAX_BODY_BYTES,
  validationIssues,
  type OperationDefinition,
  type ValidationIssue,
} from '@commflow/contract';
import * as z from 'zod';
import { ApiError, validationError } from '../api-error.js';
import { parseJsonBytes } from '../../lib/json.js';
import { ClientClosedError } from './client-closed.js';
import { BoundedMemo } from './memo.js';
import type { RequestContext, Step } from './context.js';

const headerSchemas = new WeakMap<OperationDefinition, ReturnType<typeof headersSchema>>();
const headerSchemaOf = (op: OperationDefinition) => {
  let schema = headerSchemas.get(op);
  if (schema === undefined) {
    schema = headersSchema(op.headers);
    // Stryker disable next-line CallExpression: a memo of a pure schema builder; building it again only costs time
    headerSchemas.set(op, schema);
  }
  return schema;
};

/**
 * Header and query checks already passed, per operation and values. The schemas are pure, so a
 * combination that passed once passes again: a client repeating a request skips zod. Only
 * successes are kept (errors are built afresh), and no key is ever a secret: the API key is not
 * among an operation's validated headers.
 */
const passedHeaders = new BoundedMemo<string, true>(4096);
const decodedQueries = new BoundedMemo<string, Readonly<Record<string, unknown>>>(4096);

export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/** Reads at most 1 MiB of body; more is 413, whatever Content-Length claims. The control surface reads through it too. */
export async function readBody(request: Request, limit: number = MAX_BODY_BYTES): Promise<Uint8Array> {
  // Stryker disable next-line StringLiteral: Number('') is 0 as well
  const declared = Number(request.headers.get('content-length') ?? '0');
  const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', `The body is over ${limit} bytes.`);
  if (declared > limit) throw tooLarge();
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // The body stream only breaks when the client goes away mid-request: a 499, not a 500.
      throw new ClientClosedError(error);
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const [only] = chunks;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut that saves copying a body that came in one chunk
  if (chunks.length === 1 && only !== undefined) return only;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Parses the JSON body of an operation that takes one: 415, 413 and `INVALID_JSON` come from here. */
async function parseBody(context: RequestContext): Promise<unknown> {
  const bytes = await readBody(context.request);
  if (bytes.byteLength === 0) return undefined;
  context.rawBodyBytes = bytes;
  const type = context.request.headers.get('content-type');
  if (type === null || !JSON_TYPE.test(type)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const parsed = parseJsonBytes(bytes);
  if (!parsed.ok) throw new ApiError('INVALID_JSON', parsed.message);
  return parsed.value;
}

/** The query as a plain record; a parameter given twice is an issue, not a silent pick. */
function queryRecord(url: URL, issues: ValidationIssue[]): Record<string, string> {
  // A map, not an object: a parameter named `__proto__` is a key like any other.
  const record = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (record.has(name)) issues.push({ path: ['query', name], message: 'Given more than once' });
    record.set(name, value);
  }
  return Object.fromEntries(record);
}

/**
 * Validates headers, path parameters, query and body against the operation's contract schemas,
 * reporting every issue at once. Nothing has changed state yet, so a 400 leaves no trace.
 */
export const validateRequest: Step = (context) => {
  const op = context.op;
  if (op === undefined) return;
  const issues: ValidationIssue[] = [];

  const headerValues: Record<string, string> = {};
  let headerMemoKey = op.id;
  for (const code of op.headers) {
    const name = HEADER_BY_CODE[code];
    const value = context.request.headers.get(name);
    // Length-prefixed, so that no value can imitate another combination.
    headerMemoKey += value === null ? '\n-' : `\n${value.length}:${value}`;
    if (value !== null) headerValues[name] = value;
  }
  if (passedHeaders.get(headerMemoKey) === undefined) {
    const headers = headerSchemaOf(op).safeParse(headerValues, ENGLISH_MESSAGES);
    // Stryker disable next-line BooleanLiteral: any stored value marks the combination as passed
    if (headers.success) passedHeaders.set(headerMemoKey, true);
    else issues.push(...validationIssues('header', headers.error.issues));
  }

  let params: Readonly<Record<string, unknown>> = {};
  if (op.pathParams !== undefined) {
    const parsed = op.pathParams.safeParse(context.rawPathParams, ENGLISH_MESSAGES);
    if (parsed.success) params = parsed.data;
    else issues.push(...validationIssues('path', parsed.error.issues));
  }

  let query: Readonly<Record<string, unknown>> = {};
  const queryMemoKey = `${op.id}\n${context.url.search}`;
  const decoded = decodedQueries.get(queryMemoKey);
  if (decoded !== undefined) {
    // A fresh copy: the operation gets its own object, as from zod.
    query = { ...decoded };
  } else {
    const queryIssues: ValidationIssue[] = [];
    const rawQuery = queryRecord(context.url, queryIssues);
    if (op.query !== undefined) {
      const parsed = z.safeDecode(op.query, rawQuery, ENGLISH_MESSAGES);
      if (parsed.success) {
        query = parsed.data;
        if (queryIssues.length === 0) decodedQueries.set(queryMemoKey, { ...parsed.data });
      } else queryIssues.push(...validationIssues('query', parsed.error.issues));
    } else {
      for (const name of Object.keys(rawQuery))
        queryIssues.push({ path: ['query', name], message: 'Unrecognized key' });
    }
    issues.push(...queryIssues);
  }

  if (op.body === undefined) {
    // No body to read: stay synchronous.
    if (issues.length > 0) throw validationError(issues);
    context.input = { params, query, body: undefined };
    context.validated = true;
    return;
  }
  return validateBody(context, op.body, issues).then((body) => {
    context.input = { params, query, body };
    // Stryker disable next-line BooleanLiteral: the journal then shows the query and path as sent, which for every operation with a body are the decoded ones (uuids, no query)
    context.validated = true;
    return undefined;
  });
};

/** Reads, parses and validates the body, then throws every issue found so far, if any. */
async function validateBody(
  context: RequestContext,
  schema: NonNullable<OperationDefinition['body']>,
  issues: ValidationIssue[],
): Promise<unknown> {
  const raw = await parseBody(context);
  context.rawBody = raw;
  const parsed = schema.safeParse(raw, ENGLISH_MESSAGES);
  if (!parsed.success) issues.push(...validationIssues('body', parsed.error.issues));
  if (issues.length > 0) throw validationError(issues);
  return parsed.data;
}
