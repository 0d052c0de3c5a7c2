/**
 * Calls one control route over HTTP, by its id in the route table: the path, method, inputs and
 * answer all come from the table, so a remote handle never writes a path or a shape itself.
 */
import {
  ErrorEnvelope,
  HEADERS,
  MAX_PAGE_LIMIT,
  Pagination,
  validationIssues,
  type ValidationIssue,
} from '@commflow/contract';
import * as z from 'zod';
import { unknownKeyMessage, unknownNameMessage } from '../../control-api/closest-names.js';
import { controlPath } from '../../control-api/paths.js';
import type { ControlRouteSpec } from '../../control-api/route.js';
import { CONTROL_ROUTES, type ControlInput, type ControlOutput, type ControlRouteId } from '../../control-api/table.js';
import { checkInput } from '../../lib/input-issues.js';
import { ControlError } from './control-error.js';

/**
 * How a remote handle reaches the mock.
 *
 * @example
 * ```ts
 * const options: ConnectOptions = { controlToken: process.env.COMMFLOW_CONTROL_TOKEN };
 * ```
 */
export interface ConnectOptions {
  /**
   * The control token of a mock started beyond loopback (`commflow-mock --control-token …`, or
   * the one it printed): sent as `Authorization: Bearer <token>` on every control call.
   */
  controlToken?: string | undefined;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/**
 * The body a route takes, from the table.
 *
 * @example
 * ```ts
 * const body: BodyOf<'advanceClock'> = { ms: 1000 };
 * ```
 */
export type BodyOf<Id extends ControlRouteId> = ControlInput<Id> extends { body?: infer Body } ? Body : never;

/**
 * The query a route takes, from the table.
 *
 * @example
 * ```ts
 * const query: QueryOf<'events'> = { type: 'sms.sent' };
 * ```
 */
export type QueryOf<Id extends ControlRouteId> = ControlInput<Id> extends { query?: infer Query } ? Query : never;

/** The success envelope around a route's `data` (checked by the route's output schema after). */
const SuccessEnvelope = z.object({
  success: z.literal(true),
  data: z.unknown(),
  meta: z.object({ pagination: z.optional(Pagination) }).optional(),
});

/** `error.details` of a `VALIDATION_ERROR`: each bad field, as the contract's `ValidationIssue`. */
const IssuesSchema = z.array(z.object({ path: z.array(z.string()), message: z.string() }));

/** The most pages one list call walks: the journal's cap over the smallest page, with room. */
const MAX_PAGES = 1_000;

/** `data` checked by route `id`'s output schema, typed by the route. */
function parseOutput<Id extends ControlRouteId>(id: Id, data: unknown): z.ZodSafeParseResult<ControlOutput<Id>> {
  const schema: z.ZodType = CONTROL_ROUTES[id].output;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the value was just parsed by `CONTROL_ROUTES[id].output`, whose output `ControlOutput<Id>` is by definition; TypeScript widens a generic index into the table to every route's schema, so it cannot follow that
  return schema.safeParse(data) as z.ZodSafeParseResult<ControlOutput<Id>>;
}

/** The parts a route's input may have. */
const PARTS = ['params', 'query', 'body'];

/**
 * A route's input, its parts read from any route's shape. Plain JavaScript can pass anything: no
 * input is an empty one, and what is not an object of those parts is refused naming what was meant.
 */
function partsOf(input: unknown): { params: unknown; query: unknown; body: unknown } {
  if (input === undefined || input === null) return { params: undefined, query: undefined, body: undefined };
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw refused([{ path: ['input'], message: 'must be an object with params, query or body, as the route takes' }]);
  }
  const unknown = Object.keys(input).filter((key) => !PARTS.includes(key));
  if (unknown.length > 0) {
    throw refused(unknown.map((key) => ({ path: ['input', key], message: unknownKeyMessage(key, PARTS) })));
  }
  return {
    params: 'params' in input ? input.params : undefined,
    query: 'query' in input ? input.query : undefined,
    body: 'body' in input ? input.body : undefined,
  };
}

/** The routes by id, for ids that come from plain JavaScript unchecked. */
const ROUTES = new Map<string, ControlRouteSpec>(Object.entries(CONTROL_ROUTES));

/**
 * The route of `id`; an id the table lacks (from plain JavaScript, or a typo under a cast) is
 * refused naming the closest ones, before anything is sent.
 */
function routeOf(id: string): ControlRouteSpec {
  const route = ROUTES.get(id);
  if (route !== undefined) return route;
  throw new ControlError({
    code: 'UNKNOWN_ROUTE',
    status: 0,
    message: `${unknownNameMessage('control route id', id, ROUTES.keys())}: nothing was sent`,
  });
}

/** The string values of a checked path or query input (a route's schemas take nothing else there). */
function textEntries(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string, string][] = [];
  for (const [name, item] of Object.entries(value)) {
    // Query values are strings, numbers and booleans (the table's query schemas coerce them back).
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
      entries.push([name, String(item)]);
    }
  }
  return entries;
}

/**
 * A typed call of every control route of one mock.
 *
 * @example
 * ```ts
 * const caller = new ControlCaller('http://127.0.0.1:4010', {});
 * const { tenant } = await caller.call('tenants.create', { body: { from: DEMO_TENANTS.sandbox } });
 * ```
 */
export class ControlCaller {
  readonly #baseUrl: string;
  readonly #token: string | undefined;
  readonly #fetch: typeof fetch;

  constructor(baseUrl: string, options: ConnectOptions) {
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
    this.#token = options.controlToken;
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * Calls route `id` with its inputs, checked first by the route's own schemas (a bad input is
   * refused here, as the mock would refuse it), and answers its `data`, checked by the route's
   * output schema.
   *
   * @throws ControlError with the mock's code, status and issues; `UNEXPECTED_ANSWER` when the
   *   answer does not fit the route table (another version of the mock, or not a mock);
   *   `UNKNOWN_ROUTE`, naming the closest ids, for an id the table lacks (nothing is sent).
   */
  async call<Id extends ControlRouteId>(id: Id, input: ControlInput<Id>): Promise<ControlOutput<Id>> {
    routeOf(id);
    return this.#output(id, (await this.#send(id, partsOf(input))).data);
  }

  /** Every item of a paged route's list (`items` picks it from one page), page after page. */
  async all<Id extends ControlRouteId, Item>(
    id: Id,
    input: ControlInput<Id>,
    items: (page: ControlOutput<Id>) => readonly Item[],
  ): Promise<Item[]> {
    const all: Item[] = [];
    routeOf(id);
    const parts = partsOf(input);
    const base = typeof parts.query === 'object' && parts.query !== null ? parts.query : {};
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = { ...base, limit: MAX_PAGE_LIMIT, ...(cursor === undefined ? {} : { cursor }) };
      const answer = await this.#send(id, { ...parts, query });
      all.push(...items(this.#output(id, answer.data)));
      const next = answer.meta?.pagination;
      if (next?.hasMore !== true || typeof next.nextCursor !== 'string') return all;
      cursor = next.nextCursor;
    }
    return all;
  }

  /** `data` checked by route `id`'s output schema. */
  #output<Id extends ControlRouteId>(id: Id, data: unknown): ControlOutput<Id> {
    const route = routeOf(id);
    const parsed = parseOutput(id, data);
    if (parsed.success) return parsed.data;
    throw new ControlError({
      code: 'UNEXPECTED_ANSWER',
      status: 200,
      message: `${route.method} ${route.path} answered data that does not fit the route table: is ${this.#baseUrl} a CommFlow mock of this version?`,
      issues: validationIssues(['data'], parsed.error.issues),
    });
  }

  async #send(id: ControlRouteId, input: { params: unknown; query: unknown; body: unknown }) {
    const route = routeOf(id);
    const { params, query, body } = input;
    check(route.params, params, 'path');
    check(route.query, query, 'query');
    if (route.body !== undefined) check(route.body, body, 'body');
    const url = new URL(this.#baseUrl + controlPath(id, Object.fromEntries(textEntries(params))));
    for (const [name, value] of textEntries(query)) url.searchParams.set(name, value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (route.method !== 'GET') headers['content-type'] = 'application/json';
    if (this.#token !== undefined) headers.authorization = `Bearer ${this.#token}`;
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: route.method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new ControlError(
        {
          code: 'UNREACHABLE',
          status: 0,
          message: `${route.method} ${url.pathname}: the mock at ${this.#baseUrl} cannot be reached (${error instanceof Error ? error.message : String(error)})`,
        },
        { cause: error },
      );
    }
    const requestId = response.headers.get(HEADERS.requestId) ?? undefined;
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ControlError({
        code: 'NOT_JSON',
        status: response.status,
        message: `${route.method} ${url.pathname} answered ${String(response.status)} with a body that is not JSON: is ${this.#baseUrl} a CommFlow mock with its control surface on?`,
        ...(requestId === undefined ? {} : { requestId }),
      });
    }
    const failed = ErrorEnvelope.safeParse(json);
    const envelope = SuccessEnvelope.safeParse(json);
    if (!response.ok || failed.success || (route.answer !== 'json' && !envelope.success)) {
      const error = failed.success ? failed.data.error : undefined;
      const issues = IssuesSchema.safeParse(error?.details);
      throw new ControlError({
        code: error?.code ?? (response.ok ? 'UNEXPECTED_ANSWER' : 'HTTP_ERROR'),
        status: response.status,
        message: `${route.method} ${url.pathname}: ${error?.message ?? `answered ${String(response.status)}`}`,
        issues: issues.success ? issues.data : [],
        ...(requestId === undefined ? {} : { requestId }),
      });
    }
    // A route answered as plain JSON (the OpenAPI document) is its own data.
    return route.answer === 'json' || !envelope.success ? { data: json, meta: undefined } : envelope.data;
  }
}

/** An input checked by its route's schema: a bad one is the mock's `VALIDATION_ERROR`, before any request. */
function check(schema: z.ZodType | undefined, value: unknown, where: string): void {
  if (schema === undefined) return;
  const checked = checkInput(schema, value ?? (where === 'body' ? undefined : {}), [where]);
  if (!checked.success) throw refused(checked.issues);
}

/** The `VALIDATION_ERROR` of an input refused before any request, its message naming the first issue. */
function refused(issues: ValidationIssue[]): ControlError {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${String(issues.length - 1)} more)` : '';
  return new ControlError({
    code: 'VALIDATION_ERROR',
    status: 400,
    message: first === undefined ? 'The input is invalid.' : `Invalid ${first.path.join('.')}: ${first.message}${more}`,
    issues,
  });
}
