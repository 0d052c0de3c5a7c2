/**
 * What an override is, as given: what it matches and what it does instead of the operation. The
 * schema checks everything against the contract when the override is added, so that an override
 * that could never fire, or a stub the contract forbids, is refused at once with the paths that
 * break it, never left silently pending.
 */
import {
  ENGLISH_MESSAGES,
  ERROR_CATALOGUE,
  IdInput,
  OPERATION_LIST,
  operationErrors,
  successEnvelope,
  validationIssues,
  type OperationDefinition,
} from '@commflow/contract';
import * as z from 'zod';
import { exactlyOneOf } from '../lib/field-rules.js';
import { unknownNameMessage } from '../lib/closest-names.js';
import { ownField } from '../lib/json.js';

const METHOD = z
  .string()
  .regex(/^[A-Za-z]+$/)
  .transform((method) => method.toUpperCase());

/** What a fault does: stall for `delayMs` (real time), then drop the connection or answer an error status. */
export const OverrideFaultSchema = z.strictObject({
  status: z.int().min(400).max(599).optional(),
  code: z.string().min(1).max(100).optional().meta({ description: 'Default: the catalogue code of the status.' }),
  delayMs: z.int().min(0).max(60_000).optional(),
  drop: z.literal(true).optional().meta({ description: 'Close the connection without an answer.' }),
});

/** What a stub answers: a status, headers and a JSON body (the whole body, envelope included). */
export const OverrideRespondSchema = z.strictObject({
  status: z.int().min(200).max(599),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/), z.string()).optional(),
  body: z.unknown().optional(),
});

const MatchFields = {
  tenantId: z
    .optional(IdInput)
    .transform((id) => id?.toLowerCase())
    .meta({ description: 'Only requests for this tenant (X-Tenant-Id).' }),
  operationId: z.string().min(1).max(100).optional().meta({ description: 'An operation id, such as ai.agents.get.' }),
  method: METHOD.optional(),
  path: z.string().startsWith('/').max(2000).optional().meta({
    description: 'A path template of the contract (/api/v1/contacts/{id}) or a concrete path it matches.',
  }),
  query: z.record(z.string(), z.string()).optional().meta({ description: 'Query parameters the request must have.' }),
  body: z.record(z.string(), z.unknown()).optional().meta({ description: 'A subset the JSON body must contain.' }),
  times: z.int().min(1).max(1_000_000).optional().meta({ description: 'How many times it fires. Default: always.' }),
  after: z.int().min(0).max(1_000_000).default(0).meta({ description: 'Matching requests let through first.' }),
};

interface MatchIssue {
  issue: { path: string[]; message: string };
}
interface Matched {
  ops: OperationDefinition[];
  concretePath: string | null;
}

/** The operations an override's `operationId`, `method` and `path` name, or an issue. */
export function operationsOf(match: {
  operationId?: string | undefined;
  method?: string | undefined;
  path?: string | undefined;
}): Matched | MatchIssue {
  const { operationId, method, path } = match;
  let named: readonly OperationDefinition[] = OPERATION_LIST;
  if (operationId !== undefined) {
    named = OPERATION_LIST.filter((op) => op.id === operationId);
    if (named.length === 0) {
      const message = unknownNameMessage(
        'operation id',
        operationId,
        OPERATION_LIST.map((op) => op.id),
      );
      return { issue: { path: ['operationId'], message } };
    }
  }
  const found = byRoute(named, method, path);
  if ('issue' in found || found.ops.length > 0) return found;
  // Nothing left: say why from what the method and path name on their own.
  const routed = byRoute(OPERATION_LIST, method, path);
  const [op] = named;
  if (operationId !== undefined && op !== undefined && !('issue' in routed) && routed.ops.length > 0) {
    return { issue: disagreement(op, method, path, routed.ops) };
  }
  if (path !== undefined) {
    // A path that other methods have: name them, the likelier slip is the method.
    const anyMethod = method === undefined ? undefined : byRoute(OPERATION_LIST, undefined, path);
    const others = anyMethod === undefined || 'issue' in anyMethod ? [] : anyMethod.ops;
    const has =
      others.length === 0 ? '' : `; it has ${others.map((other) => `${other.method} (${other.id})`).join(', ')}`;
    return {
      issue: {
        path: ['path'],
        message: `no operation${method === undefined ? '' : ` for ${method}`} has the path ${path}${has || '; use a template of the contract, such as /api/v1/contacts/{id}'}`,
      },
    };
  }
  return { issue: { path: ['method'], message: `no operation has the method ${method ?? ''}` } };
}

/**
 * The operations of `ops` that `method` and `path` (a template, else a concrete path) name: none
 * when none does, an issue when the path cannot be one.
 */
function byRoute(
  ops: readonly OperationDefinition[],
  method: string | undefined,
  path: string | undefined,
): Matched | MatchIssue {
  const withMethod = method === undefined ? [...ops] : ops.filter((op) => op.method === method);
  if (path === undefined) return { ops: withMethod, concretePath: null };
  // A wildcard is no path parameter: a path with one would only match a client sending `*` itself.
  if (path.includes('*')) {
    return {
      issue: {
        path: ['path'],
        message: `wildcards are not supported in ${path}: write a path parameter as {id}, or name the operation by operationId`,
      },
    };
  }
  const byTemplate = withMethod.filter((op) => op.path === path);
  if (byTemplate.length > 0) return { ops: byTemplate, concretePath: null };
  return { ops: withMethod.filter((op) => templatePattern(op.path).test(path)), concretePath: path };
}

/**
 * The issue of an operation id that names another operation than its method and path: where the
 * two disagree, and which operations each names.
 */
function disagreement(
  op: OperationDefinition,
  method: string | undefined,
  path: string | undefined,
  routed: readonly OperationDefinition[],
): { path: string[]; message: string } {
  const is = `${op.id} is ${op.method} ${op.path}`;
  if (path === undefined) {
    return { path: ['method'], message: `the operation id and the method disagree: ${is}, not ${method ?? ''}` };
  }
  const route = `${method === undefined ? '' : `${method} `}${path}`;
  const names = routed.map((other) => other.id);
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(' or ');
  return {
    path: ['path'],
    message: `the operation id and the ${method === undefined ? 'path' : 'method and path'} disagree: ${route} is ${shown}, but ${is}; give one of them, or make them name the same operation`,
  };
}

/** The field names of an operation's query or body object schema; none when it takes no such part. */
function fieldsOf(schema: OperationDefinition['query'] | OperationDefinition['body']): string[] {
  return schema instanceof z.core.$ZodObject ? Object.keys(schema._zod.def.shape) : [];
}

/**
 * The keys of a query or body subset that no operation the override matches takes. A request
 * with such a key is refused before any override sees it, so the override could never fire.
 */
function subsetIssues(
  ops: readonly OperationDefinition[],
  input: { query?: Record<string, unknown> | undefined; body?: Record<string, unknown> | undefined },
): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  for (const part of ['query', 'body'] as const) {
    const subset = input[part];
    if (subset === undefined) continue;
    const known = new Set(ops.flatMap((op) => fieldsOf(op[part])));
    const what = part === 'query' ? 'query parameter' : 'body field';
    for (const key of Object.keys(subset)) {
      if (known.has(key)) continue;
      const takes = known.size === 0 ? `none takes a ${part}` : `they take ${[...known].sort().join(', ')}`;
      issues.push({ path: [part, key], message: `no operation it matches has the ${what} ${key}: ${takes}` });
    }
  }
  return issues;
}

const patterns = new Map<string, RegExp>();
/** A template's path as a pattern: each `{param}` one segment. */
function templatePattern(template: string): RegExp {
  let pattern = patterns.get(template);
  if (pattern === undefined) {
    const source = template.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : escape(segment)));
    pattern = new RegExp(`^${source.join('/')}$`);
    patterns.set(template, pattern);
  }
  return pattern;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The issues of a stub's answer for one operation: its status, and its body against the contract. */
function stubIssues(op: OperationDefinition, respond: z.output<typeof OverrideRespondSchema>) {
  const at = (...rest: (string | number)[]) => ['respond', ...rest.map(String)];
  const issues: { path: string[]; message: string }[] = [];
  const success = op.successStatus.some((status) => status === respond.status);
  if (success) {
    // `meta` is the mock's to fill: the request id, the clock's time and (paged) a last page.
    const body = stubBody(op, respond.body, 'req_stub', '2026-01-01T00:00:00.000Z');
    const schema = successEnvelope(op.response, op.pagination !== 'none');
    const parsed = schema.safeParse(body, ENGLISH_MESSAGES);
    if (!parsed.success) {
      for (const issue of validationIssues(['respond', 'body'], parsed.error.issues)) issues.push(issue);
    }
    return issues;
  }
  const answerable = operationErrors(op).filter((error) => error.status === respond.status);
  if (answerable.length === 0) {
    issues.push({
      path: at('status'),
      message: `${op.id} answers ${[...op.successStatus, ...new Set(operationErrors(op).map((e) => e.status))].join(', ')}, never ${respond.status}`,
    });
    return issues;
  }
  const error = ownField(respond.body, 'error');
  const code = ownField(error, 'code');
  const codes = answerable.map((e) => e.code);
  if (!codes.some((known) => known === code)) {
    issues.push({
      path: at('body', 'error', 'code'),
      message: `${op.id} answers ${respond.status} with ${codes.join(' or ')}`,
    });
  }
  if (typeof ownField(error, 'message') !== 'string')
    issues.push({ path: at('body', 'error', 'message'), message: 'a message is required' });
  if (ownField(respond.body, 'success') !== false) {
    issues.push({ path: at('body', 'success'), message: 'an error answer has success: false' });
  }
  return issues;
}

/**
 * The fields of an override as given, each checked on its own: what {@link OverrideInputSchema}
 * checks before it looks at the contract, and the shape a snapshot's overrides keep.
 *
 * @example
 * ```ts
 * OverrideFieldsSchema.extend({ id: z.string() });
 * ```
 */
export const OverrideFieldsSchema = z.strictObject({
  ...MatchFields,
  fault: OverrideFaultSchema.optional(),
  respond: OverrideRespondSchema.optional(),
  unchecked: z.boolean().default(false).meta({ description: 'Accept a stub the contract would refuse.' }),
});

/**
 * An override as given: what it matches (any mix of a tenant, an operation id or a method and
 * path, a query and a body subset) and exactly one effect, `fault` or `respond`. A stub is checked
 * against the contract for every operation it can answer; `unchecked: true` lets a stub through
 * that breaks it (and the journal marks every answer it gives).
 *
 * @example
 * ```ts
 * OverrideInputSchema.parse({ operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
 * ```
 */
export const OverrideInputSchema = OverrideFieldsSchema.superRefine((input, context) => {
  const add = (issue: { path: string[]; message: string }): void => {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  };
  if ((input.fault === undefined) === (input.respond === undefined)) {
    add({ path: ['fault'], message: 'give exactly one of fault and respond' });
    return;
  }
  const found = operationsOf(input);
  if ('issue' in found) {
    add(found.issue);
    return;
  }
  for (const issue of subsetIssues(found.ops, input)) add(issue);
  if (input.respond === undefined || input.unchecked) return;
  // The first operation whose contract the stub breaks names the issues.
  for (const op of found.ops) {
    const issues = stubIssues(op, input.respond);
    if (issues.length > 0) {
      for (const issue of issues) add({ ...issue, message: `${issue.message} (${op.id})` });
      return;
    }
  }
}).meta(exactlyOneOf('fault', 'respond'));

/**
 * An override as given to `POST /__mock/overrides` or `mock.overrides.add`.
 *
 * @example
 * ```ts
 * const override: OverrideInput = { tenantId, method: 'GET', path: '/api/v1/contacts', fault: { status: 503 } };
 * ```
 */
export type OverrideInput = z.input<typeof OverrideInputSchema>;
/**
 * An override as checked: defaults filled, the method upper-cased, the tenant id lower-cased.
 *
 * @example
 * ```ts
 * const checked: CheckedOverride = OverrideInputSchema.parse({ operationId: 'users.list', fault: {} });
 * ```
 */
export type CheckedOverride = z.output<typeof OverrideInputSchema>;

/** A last page's pagination, for a stub of a paged list that gives none. */
const LAST_PAGE = { limit: 50, offset: 0, hasMore: false, nextCursor: null };

/**
 * A stub's body as answered: an object body's `meta` gets the request's id and time (and, for a
 * paged list without one, a last page's `pagination`), the rest stays as given.
 */
export function stubBody(op: OperationDefinition, body: unknown, requestId: string, timestamp: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const given = ownField(body, 'meta');
  const meta: Record<string, unknown> = typeof given === 'object' && given !== null ? { ...given } : {};
  meta.requestId = requestId;
  meta.timestamp = timestamp;
  if (op.pagination !== 'none' && ownField(body, 'success') === true) meta.pagination ??= LAST_PAGE;
  return { ...body, meta };
}

/** The catalogue code of a status, for faults given without a code. */
export function codeForStatus(status: number): string {
  const entry = Object.entries(ERROR_CATALOGUE).find(([, value]) => value.status === status);
  return entry?.[0] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
}
