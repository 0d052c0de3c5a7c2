import type { OperationRequest } from '@commflow/contract';
import { Email, IdempotencyKey, IdInput } from '@commflow/contract/primitives';
import type { Options } from 'ky';
import * as z from 'zod/mini';
import { ValidationError } from './errors.js';
import type { HeaderList } from './headers.js';
import { DEFER_MESSAGES, InvalidArguments } from './invalid-arguments.js';
import type { CallInput, RequestOptions } from './option-checks.js';
import type { OperationPlan } from './plan.js';
import type { ClientState } from './state.js';
import { ownedHeaderIssues } from './owned-headers.js';
import { fetchWith } from './transport.js';
import { CLIENT_HEADER, clientHeaderValue } from '../internal/identity.js';
import { uuidv4 } from '../internal/uuid.js';

function isEmpty(record: Readonly<Record<string, unknown>>): boolean {
  for (const _ in record) return false;
  return true;
}

// Where each checked value was, as the path of its issues begins (hoisted: a call allocates none).
const AT_BODY = ['body'];
const AT_PATH = ['path'];
const AT_QUERY = ['query'];
const AT_TENANT = ['options', 'tenantId'];
const AT_USER = ['options', 'userEmail'];
const AT_IDEMPOTENCY_KEY = ['options', 'idempotencyKey'];

// Messages are written in English, whatever zod locale the app configured (or none: zod/mini
// carries no messages), by describe() when the call fails: a valid call never loads them.
function check<T>(operation: string, where: readonly string[], schema: z.core.$ZodType<T>, value: unknown): T {
  const result = z.safeParse(schema, value, DEFER_MESSAGES);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- described by execute before the call rejects
  if (!result.success) throw new InvalidArguments(operation, where, result.error.issues);
  return result.data;
}

/** Fills a split path template (see {@link OperationPlan.pathParts}) with URI-encoded values. */
function fillPath(parts: readonly string[], params: Readonly<Record<string, unknown>>): string {
  let path = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    path += encodeURIComponent(String(params[parts[i] ?? ''])) + (parts[i + 1] ?? '');
  }
  return path;
}

/** A query string (without `?`) from an encoded query; `undefined` values are left out. */
function queryString(encoded: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const name in encoded) {
    const value = encoded[name];
    if (value !== undefined) params.append(name, value);
  }
  return params.toString();
}

/** What one call sends on every attempt. */
export interface Prepared {
  /** The absolute URL, query included: ky gets it as is (no prefix or searchParams merging). */
  readonly url: string;
  /** The path without the query, for the debug log (a query may hold search terms). */
  readonly path: string;
  /** ky's options: only the keys this call needs, since ky merges every key on every call. */
  readonly init: Options;
  /** The headers the call sends (hooks get a `Headers` of them per attempt). */
  readonly headers: HeaderList;
  readonly tenantId: string;
}

/** Validates the arguments and builds everything an attempt sends. */
export function prepare(
  state: ClientState,
  op: OperationRequest,
  plan: OperationPlan,
  input: CallInput,
  options: RequestOptions,
  timeout: number,
): Prepared {
  if (options.headers) {
    const owned = ownedHeaderIssues(options.headers);
    if (owned) throw new ValidationError(op.id, owned);
  }
  const tenantId = options.tenantId === undefined ? state.tenantId : check(op.id, AT_TENANT, IdInput, options.tenantId);
  const userEmail = options.userEmail === undefined ? state.userEmail : check(op.id, AT_USER, Email, options.userEmail);
  if (plan.userScoped && userEmail === undefined) {
    throw new ValidationError(op.id, [
      {
        path: ['options', 'userEmail'],
        message: `${op.id} acts on behalf of a user: set userEmail on the client, use client.withUser(email), or pass { userEmail } with the call`,
      },
    ]);
  }

  let path: string = op.path;
  if (plan.pathParts && op.pathParams) {
    path = fillPath(plan.pathParts, check(op.id, AT_PATH, op.pathParams, input.path ?? {}));
  }
  let search = '';
  const { query } = input;
  if (op.query && !(plan.emptyQuery !== undefined && (query === undefined || isEmpty(query)))) {
    const encoded = z.safeEncode(op.query, query ?? {}, DEFER_MESSAGES);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- described by execute before the call rejects
    if (!encoded.success) throw new InvalidArguments(op.id, AT_QUERY, encoded.error.issues);
    search = queryString(encoded.data);
  }
  let body: string | undefined;
  if (op.body) body = JSON.stringify(check(op.id, AT_BODY, op.body, input.body));

  // Names in lower case, set on the request by the call's fetch (see fetchWith). A call with nothing
  // of its own sends the client's prepared list as is.
  let headers: HeaderList;
  if (
    options.headers === undefined &&
    options.tenantId === undefined &&
    options.userEmail === undefined &&
    body === undefined &&
    !plan.idempotent
  ) {
    headers = (plan.userScoped ? state.userHeaders : undefined) ?? state.baseHeaders;
  } else {
    const own: Record<string, string> = { ...state.headers };
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) own[name.toLowerCase()] = value;
    own.accept = 'application/json';
    own.authorization = `Bearer ${state.apiKey}`;
    own['x-tenant-id'] = tenantId;
    own[CLIENT_HEADER] = clientHeaderValue();
    if (userEmail !== undefined && plan.userScoped) own['x-user-email'] = userEmail;
    if (body !== undefined) own['content-type'] = 'application/json';
    if (plan.idempotent) {
      // Made once per call: every retry of this call sends the same key, so the service acts once.
      const given = options.idempotencyKey;
      own['idempotency-key'] = given === undefined ? uuidv4() : check(op.id, AT_IDEMPOTENCY_KEY, IdempotencyKey, given);
    }
    headers = Object.entries(own);
  }

  // The instance already holds the method's default (GET) and the client's timeout.
  const init: Options = { fetch: fetchWith(state, headers) };
  if (plan.method !== 'GET') init.method = plan.method;
  if (body !== undefined) init.body = body;
  if (timeout !== state.timeout) init.timeout = timeout;
  if (options.signal) init.signal = options.signal;
  return { url: search ? `${state.baseUrl}${path}?${search}` : state.baseUrl + path, path, init, headers, tenantId };
}
