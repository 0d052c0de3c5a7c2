/** What one control route is, as data: the table's row type, and the errors the surface answers. */
import type * as z from 'zod';

/**
 * The methods control routes use.
 *
 * @example
 * ```ts
 * const method: ControlMethod = CONTROL_ROUTES.reset.method; // 'POST'
 * ```
 */
export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route answers: `envelope` is the service's `{ success, data, meta }`; the others are the
 * few routes a browser or a tool reads as they are.
 *
 * @example
 * ```ts
 * const kind: ControlAnswerKind = CONTROL_ROUTES.journalStream.answer; // 'event-stream'
 * ```
 */
export type ControlAnswerKind = 'envelope' | 'json' | 'event-stream' | 'html';

/**
 * Every error code the control surface answers, with its status. The catalogue's codes keep
 * their meaning; the last five belong to the control surface alone.
 *
 * @example
 * ```ts
 * CONTROL_ERRORS.METHOD_NOT_ALLOWED.status; // 405
 * ```
 */
export const CONTROL_ERRORS = {
  VALIDATION_ERROR: { status: 400, meaning: 'A path, query or body value is invalid; `details` names each.' },
  INVALID_JSON: { status: 400, meaning: 'The body is not JSON.' },
  INVALID_CURSOR: { status: 400, meaning: 'The cursor is malformed or was issued for other filters.' },
  CONTROL_TOKEN_REQUIRED: { status: 401, meaning: 'The server has a control token and the request lacks it.' },
  HOST_NOT_ALLOWED: { status: 403, meaning: 'The Host is neither loopback nor an allowed host.' },
  CROSS_ORIGIN_REFUSED: { status: 403, meaning: 'A request from another origin.' },
  NOT_FOUND: { status: 404, meaning: 'No route has the path, or the id names nothing.' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path has no route for the method; `Allow` lists those it has.' },
  INVALID_CALL_TRANSITION: { status: 409, meaning: 'The call’s state does not allow the action.' },
  WEBHOOK_EXISTS: { status: 409, meaning: 'A subscription with that id exists.' },
  WEBHOOK_DISABLED: { status: 409, meaning: 'The subscription is disabled; enable it to replay.' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body is over the route’s limit.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    meaning:
      'A POST, PUT or PATCH (with or without a body), or a DELETE with a body, sent without `Content-Type: application/json`.',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

/**
 * What a state-changing control request lacking the JSON type is told (the 415's message), and
 * what the document says on every such route: the type is required even with no body, so that a
 * page on another site cannot drive the mock with a simple cross-site request.
 *
 * @example
 * ```ts
 * JSON_TYPE_REQUIRED; // 'State-changing control requests need Content-Type: application/json…'
 * ```
 */
export const JSON_TYPE_REQUIRED =
  "State-changing control requests need Content-Type: application/json, even with no body (curl -H 'content-type: application/json'); a DELETE without a body needs none.";

/**
 * A code the control surface answers.
 *
 * @example
 * ```ts
 * const code: ControlErrorCode = 'NOT_FOUND';
 * ```
 */
export type ControlErrorCode = keyof typeof CONTROL_ERRORS;

/**
 * One control route. Absent `params`, `query` or `body` means the route takes none: a query
 * parameter or a body it does not take is refused (400, nothing changed). A body schema that
 * accepts `undefined` makes the body optional.
 *
 * @example
 * ```ts
 * const route: ControlRouteSpec = CONTROL_ROUTES['clock.advance'];
 * ```
 */
export interface ControlRouteSpec {
  readonly method: ControlMethod;
  /** The path template, `{name}` for a path parameter. */
  readonly path: `/__mock${string}`;
  /** What it does, in a few words (the index and the reference show it). */
  readonly summary: string;
  readonly description?: string;
  /** The group the reference lists it under. */
  readonly tag: ControlTag;
  readonly params?: z.ZodType<Record<string, unknown>>;
  readonly query?: z.ZodType<Record<string, unknown>>;
  readonly body?: z.ZodType;
  /** Bytes a body may have, when not the service's 1 MiB. */
  readonly bodyLimit?: number;
  /** The status of success. */
  readonly status: 200 | 201 | 202;
  /** The `data` of a successful answer (for `json`, the whole body). */
  readonly output: z.ZodType;
  /** Whether the answer's `meta` carries the API's `pagination`. */
  readonly paged?: boolean;
  readonly answer?: ControlAnswerKind;
  /** The errors this route answers beyond those every route can (derived from its inputs). */
  readonly errors?: readonly ControlErrorCode[];
}

/**
 * The groups of the reference, in its order.
 *
 * @example
 * ```ts
 * CONTROL_TAGS.Tenants; // 'Tenants on demand, their clocks and their records.'
 * ```
 */
export const CONTROL_TAGS = {
  World: 'The whole world: reset, scenarios, snapshots, the clock and faults.',
  Overrides:
    'Faults and stubs aimed at some requests: per tenant, by operation or path template, contract-checked, counted.',
  Tenants: 'Tenants on demand, their clocks and their records.',
  'API keys': 'Keys created, listed and revoked at run time.',
  Journal: 'The requests received and the events recorded.',
  Outside: 'What the world outside the service does: calls, the carrier, inbound SMS.',
  Webhooks: 'Subscriptions and deliveries.',
  Console: 'What the browser console reads.',
} as const;

/**
 * A group of control routes.
 *
 * @example
 * ```ts
 * const tag: ControlTag = 'Tenants';
 * ```
 */
export type ControlTag = keyof typeof CONTROL_TAGS;

/**
 * Declares one control route: the spec as written, its literal types kept, so the table's
 * inferred input and output types stay exact.
 *
 * @example
 * ```ts
 * const memory = route({ method: 'GET', path: '/__mock/memory', tag: 'World', summary: 'the heap', status: 200, output: z.object({}) });
 * ```
 */
export const route = <const R extends ControlRouteSpec>(spec: R): R => spec;
