/**
 * The safety checks in front of the console and the control surface of a server on the network.
 * The API routes never pass through here: their behaviour and speed do not change.
 */
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../service/api-error.js';
import { JSON_TYPE } from '../../service/pipeline/validate.js';
import { consoleAsset, consoleFileOf } from '../../serve/console/assets.js';
import { controlErrorResponse } from '../../serve/control/http.js';
import { matchControlRoute } from '../../control-api/paths.js';
import { bodyLimitOf, CONTROL_ROUTES } from '../../control-api/table.js';
import { JSON_TYPE_REQUIRED } from '../../control-api/route.js';
import { malformedError } from '../../lib/malformed-request.js';

/**
 * Who may reach the console and `/__mock` of a server.
 *
 * @example
 * ```ts
 * const safety: ControlSafety = { allowedHosts: ['mock.internal'], controlToken: 'a-long-random-string' };
 * ```
 */
export interface ControlSafety {
  /** Host names accepted in the `Host` header beside the loopback ones (`localhost`, `127.0.0.1`, `[::1]`). */
  allowedHosts?: readonly string[];
  /** When set, every control request carries `Authorization: Bearer <token>`. */
  controlToken?: string;
}

/** The host name of a `Host` header, without its port or brackets, in lower case. */
export function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return value.slice(1, end === -1 ? undefined : end);
  }
  // A bare IPv6 address (as given to --allowed-host) has no port to strip.
  const colon = value.lastIndexOf(':');
  return colon === -1 || value.indexOf(':') !== colon ? value : value.slice(0, colon);
}

/** Whether a host name or address only reaches this machine. */
export function isLoopback(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '::ffff:127.0.0.1'
  );
}

const refuse = (status: number, code: string, message: string) => ApiError.custom(status, code, message);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a path belongs to the control surface (or the console's assets under it). */
export function isControlPath(pathname: string): boolean {
  return pathname === '/__mock' || pathname.startsWith('/__mock/');
}

/** Whether a request for `/` wants the console page rather than the API's answer. */
export function wantsConsolePage(pathname: string, accept: string | null | undefined): boolean {
  return pathname === '/' && (accept?.includes('text/html') ?? false);
}

/**
 * A DELETE without a body needs no JSON type: the type rule stops a page on another site from
 * sending a "simple" cross-site request (a form POST) that skips the CORS preflight, and a DELETE
 * is never simple: a browser always preflights it, and the mock answers no preflight. So
 * `curl -X DELETE …/__mock/webhooks/{id}` works as typed; a DELETE with a body stays JSON-only.
 */
function isBodilessDelete(request: Request): boolean {
  if (request.method !== 'DELETE') return false;
  const length = request.headers.get('content-length');
  return (length === null || length === '0') && request.headers.get('transfer-encoding') === null;
}

/** The first refusal a request earns, or `undefined` when it may go on. */
function refusal(
  request: Request,
  url: URL,
  safety: ControlSafety,
  allowed: ReadonlySet<string>,
): ApiError | undefined {
  const host = request.headers.get('host') ?? url.host;
  const hostname = hostnameOf(host);
  if (!isLoopback(hostname) && !allowed.has(hostname)) {
    return refuse(
      403,
      'HOST_NOT_ALLOWED',
      `The console and control surface answer only to loopback hosts; start the mock with --allowed-host ${hostname} to accept this one.`,
    );
  }
  // A page on another origin must not drive the mock, even with a simple request.
  const fetchSite = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  if (
    (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
    (origin !== null && origin !== `http://${host}` && origin !== `https://${host}`)
  ) {
    return refuse(403, 'CROSS_ORIGIN_REFUSED', 'Cross-origin requests to the control surface are refused.');
  }
  const isAsset = request.method === 'GET' && consoleFileOf(url.pathname) !== undefined;
  if (safety.controlToken !== undefined && !isAsset) {
    const header = request.headers.get('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!sameSecret(given, safety.controlToken)) {
      return refuse(401, 'CONTROL_TOKEN_REQUIRED', 'Send the control token as "Authorization: Bearer <token>".');
    }
  }
  const malformed = malformedError(request);
  if (malformed !== undefined) return malformed;
  // A path or method no route has is answered 404 or 405 by the surface, before any body is read.
  const match = matchControlRoute(request.method, url.pathname);
  if (match.kind !== 'route') return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const type = request.headers.get('content-type');
    if ((type === null || !JSON_TYPE.test(type)) && !isBodilessDelete(request)) {
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', JSON_TYPE_REQUIRED);
    }
    const limit = bodyLimitOf(CONTROL_ROUTES[match.id]);
    if (Number(request.headers.get('content-length') ?? '0') > limit) {
      return new ApiError('PAYLOAD_TOO_LARGE', `The body is over ${limit} bytes.`);
    }
  }
  return undefined;
}

/** What the gate hands requests to: a mock (structurally), never imported here. */
export interface GatedMock {
  handle(request: Request): Promise<Response>;
  handleApi(request: Request): Promise<Response>;
  readonly clock: { iso(): string };
}

/**
 * The handler of the guarded routes (the console page at `/`, its assets and `/__mock`): checks
 * the request, then serves the console or hands it to the mock's control surface.
 */
export function createControlGate(mock: GatedMock, safety: ControlSafety): (request: Request) => Promise<Response> {
  const allowed = new Set((safety.allowedHosts ?? []).map((host) => hostnameOf(host)));
  return async (request) => {
    const url = new URL(request.url);
    if (!isControlPath(url.pathname) && !wantsConsolePage(url.pathname, request.headers.get('accept'))) {
      return mock.handleApi(request);
    }
    const refused = refusal(request, url, safety, allowed);
    if (refused !== undefined) return controlErrorResponse(mock.clock, request, refused);
    const file = request.method === 'GET' ? consoleFileOf(url.pathname) : undefined;
    if (file !== undefined) {
      const asset = await consoleAsset(file);
      if (asset !== undefined) return asset;
    }
    return mock.handle(request);
  };
}
