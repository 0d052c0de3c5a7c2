/**
 * The control surface over HTTP, under `/__mock`: every request is matched against the route
 * table, its path, query and body are checked by the route's schemas (a part the route does not
 * take is refused), and its handler answers in the service's envelope. A route that is not in the
 * table cannot be served.
 */
import { HEADERS, RequestId, type Pagination } from '@commflow/contract';
import { ApiError, invalid, parseInput } from '../../service/api-error.js';
import { newId } from '../../lib/ids.js';
import { parseJsonBytes } from '../../lib/json.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import { matchControlRoute } from '../../control-api/paths.js';
import type { ControlRouteSpec } from '../../control-api/route.js';
import { bodyLimitOf, CONTROL_ROUTES } from '../../control-api/table.js';
import { readBody } from '../../service/pipeline/validate.js';
import { clientClosedResponse, isClientClosed } from '../../service/pipeline/client-closed.js';
import { CONTROL_HANDLERS } from './handlers.js';
import { mockClock } from '../../runtime/clock.js';

function envelope(
  requestId: string,
  now: string,
  status: number,
  payload: object,
  pagination?: Pagination,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const meta = pagination === undefined ? { requestId, timestamp: now } : { requestId, timestamp: now, pagination };
  return new Response(JSON.stringify({ ...payload, meta }), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', [HEADERS.requestId]: requestId },
  });
}

/** An empty JSON object: what clients that always send JSON send for "nothing". */
function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** The body as JSON (`undefined` when there is none), read up to the route's limit. */
async function readJsonBody(request: Request, route: ControlRouteSpec): Promise<unknown> {
  const bytes = await readBody(request, bodyLimitOf(route));
  if (bytes.byteLength === 0) return undefined;
  const parsed = parseJsonBytes(bytes);
  if (!parsed.ok) {
    if (route.body === undefined) throw invalid(['body'], `${route.method} ${route.path} takes no body`);
    throw new ApiError('INVALID_JSON', parsed.message);
  }
  return parsed.value;
}

/** The request's path, query and body, checked by the route's schemas: anything it does not take is refused. */
async function readInput(route: ControlRouteSpec, rawParams: Record<string, string>, url: URL, request: Request) {
  const params = route.params === undefined ? undefined : parseInput(route.params, rawParams, ['path']);
  const rawQuery = Object.fromEntries(url.searchParams);
  let query: unknown;
  if (route.query !== undefined) query = parseInput(route.query, rawQuery, ['query']);
  else {
    const [name] = Object.keys(rawQuery);
    if (name !== undefined) throw invalid(['query', name], `${route.method} ${route.path} takes no query parameters`);
  }
  const value = await readJsonBody(request, route);
  let body: unknown;
  if (route.body !== undefined) body = parseInput(route.body, value, ['body']);
  else if (value !== undefined && !isEmptyObject(value)) {
    throw invalid(['body'], `${route.method} ${route.path} takes no body`);
  }
  return { params, query, body };
}

type LooseHandler = (
  runtime: MockRuntime,
  input: { params: unknown; query: unknown; body: unknown; request: Request; origin: string },
) =>
  | Promise<{ data: unknown; pagination?: Pagination } | Response>
  | { data: unknown; pagination?: Pagination }
  | Response;

async function dispatch(runtime: MockRuntime, request: Request, url: URL): Promise<Response> {
  const match = matchControlRoute(request.method, url.pathname);
  if (match.kind === 'not-found')
    throw new ApiError('NOT_FOUND', `No control route ${request.method} ${url.pathname}.`);
  if (match.kind === 'method-not-allowed') {
    const allow = match.allow.join(', ');
    throw new ApiError(
      'METHOD_NOT_ALLOWED',
      `${request.method} is not allowed on ${url.pathname}. Allowed: ${allow}.`,
      undefined,
      { Allow: allow },
    );
  }
  const route: ControlRouteSpec = CONTROL_ROUTES[match.id];
  const input = await readInput(route, match.params, url, request);
  // The table's types tie each id to its handler; here the id is only known at run time.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- readInput checked the input with this route's own schemas, those its handler's input type is inferred from
  const handler = CONTROL_HANDLERS[match.id] as unknown as LooseHandler;
  const reply = await handler(runtime, { ...input, request, origin: url.origin });
  if (reply instanceof Response) return reply;
  const requestId = controlRequestId(request);
  if (route.answer === 'json') {
    return new Response(JSON.stringify(reply.data), {
      status: route.status,
      headers: { 'content-type': 'application/json; charset=utf-8', [HEADERS.requestId]: requestId },
    });
  }
  return envelope(
    requestId,
    mockClock(runtime).iso(),
    route.status,
    { success: true, data: reply.data },
    reply.pagination,
  );
}

/**
 * The control surface over HTTP, under `/__mock`, for suites in other languages. JSON in and
 * out, inputs validated by the route table, errors in the service's error envelope.
 */
export async function controlSurface(runtime: MockRuntime, request: Request, url: URL): Promise<Response> {
  try {
    return await dispatch(runtime, request, url);
  } catch (error) {
    if (!(error instanceof ApiError) && isClientClosed(error, request))
      return clientClosedResponse(controlRequestId(request));
    return controlErrorResponse(mockClock(runtime), request, error);
  }
}

function controlRequestId(request: Request): string {
  const sent = request.headers.get(HEADERS.requestId);
  return sent !== null && RequestId.safeParse(sent).success ? sent : `req_${newId()}`;
}

/** A control-surface error in the service's error envelope (a non-`ApiError` is a 400). */
export function controlErrorResponse(clock: { iso(): string }, request: Request, error: unknown): Response {
  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError('VALIDATION_ERROR', error instanceof Error ? error.message : String(error));
  const payload: Record<string, unknown> = { code: apiError.code, message: apiError.message };
  if (apiError.details !== undefined) payload.details = apiError.details;
  return envelope(
    controlRequestId(request),
    clock.iso(),
    apiError.status,
    { success: false, error: payload },
    undefined,
    apiError.headers,
  );
}
