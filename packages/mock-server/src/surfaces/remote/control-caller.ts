/**
 * Calls one control route over HTTP, by its id in the route table: the path, method, inputs and
 * answer all come from the table, so a remote handle never writes a path or a shape itself.
 */
import { HEADERS, MAX_PAGE_LIMIT, validationIssues } from '@commflow/contract';
import type * as z from 'zod';
import { controlPath } from '../../control-api/paths.js';
import type { ControlRouteSpec } from '../../control-api/route.js';
import { CONTROL_ROUTES, type ControlInput, type ControlOutput, type ControlRouteId } from '../../control-api/table.js';
import { ControlError, type ControlIssue } from './control-error.js';

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

/** What a paged route's answer carries in `meta.pagination`. */
interface PageMeta {
  hasMore?: boolean;
  nextCursor?: string | null;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: { code?: string; message?: string; details?: readonly ControlIssue[] };
  meta?: { pagination?: PageMeta };
}

/** The most pages one list call walks: the journal's cap over the smallest page, with room. */
const MAX_PAGES = 1_000;

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
   * refused here, as the mock would refuse it), and answers its `data`.
   *
   * @throws ControlError with the mock's code, status and issues.
   */
  async call<Id extends ControlRouteId>(id: Id, input: ControlInput<Id>): Promise<ControlOutput<Id>> {
    return (await this.#send(id, input)).data as ControlOutput<Id>;
  }

  /** Every item of a paged route's list `field`, page after page. */
  async all<Id extends ControlRouteId>(id: Id, input: ControlInput<Id>, field: string): Promise<unknown[]> {
    const items: unknown[] = [];
    const base = input as { query?: Record<string, unknown> };
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = { ...base.query, limit: MAX_PAGE_LIMIT, ...(cursor === undefined ? {} : { cursor }) };
      const answer = await this.#send(id, { ...input, query });
      items.push(...((answer.data as Record<string, unknown[]>)[field] ?? []));
      const next = answer.meta?.pagination;
      if (next?.hasMore !== true || typeof next.nextCursor !== 'string') return items;
      cursor = next.nextCursor;
    }
    return items;
  }

  async #send(id: ControlRouteId, input: unknown): Promise<Envelope> {
    const route: ControlRouteSpec = CONTROL_ROUTES[id];
    const { params, query, body } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
    check(route.params, params, 'path');
    check(route.query, query, 'query');
    if (route.body !== undefined) check(route.body, body, 'body');
    const url = new URL(this.#baseUrl + controlPath(id, (params ?? {}) as Record<string, string>));
    for (const [name, value] of Object.entries(
      (query ?? {}) as Record<string, string | number | boolean | undefined>,
    )) {
      // Query values are strings, numbers and booleans (the table's query schemas coerce them back).
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
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
          message: `${route.method} ${url.pathname}: the mock at ${this.#baseUrl} cannot be reached (${(error as Error).message})`,
        },
        { cause: error },
      );
    }
    const requestId = response.headers.get(HEADERS.requestId) ?? undefined;
    const text = await response.text();
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      throw new ControlError({
        code: 'NOT_JSON',
        status: response.status,
        message: `${route.method} ${url.pathname} answered ${String(response.status)} with a body that is not JSON: is ${this.#baseUrl} a CommFlow mock with its control surface on?`,
        ...(requestId === undefined ? {} : { requestId }),
      });
    }
    if (!response.ok || envelope.success === false) {
      const error = envelope.error ?? {};
      throw new ControlError({
        code: error.code ?? 'HTTP_ERROR',
        status: response.status,
        message: `${route.method} ${url.pathname}: ${error.message ?? `answered ${String(response.status)}`}`,
        issues: error.details ?? [],
        ...(requestId === undefined ? {} : { requestId }),
      });
    }
    // A route answered as plain JSON (the OpenAPI document) is its own data.
    return route.answer === 'json' ? { data: envelope } : envelope;
  }
}

/** An input checked by its route's schema: a bad one is the mock's `VALIDATION_ERROR`, before any request. */
function check(schema: z.ZodType | undefined, value: unknown, where: string): void {
  if (schema === undefined) return;
  const parsed = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (parsed.success) return;
  const issues = validationIssues([where], parsed.error.issues);
  const first = issues[0];
  throw new ControlError({
    code: 'VALIDATION_ERROR',
    status: 400,
    message: first === undefined ? 'The input is invalid.' : `Invalid ${first.path.join('.')}: ${first.message}`,
    issues,
  });
}
