/** Control paths, both ways: a request's path to its route, and a route's template to a path. */
import type { ControlMethod } from './route.js';
import { CONTROL_ROUTE_LIST, CONTROL_ROUTES, type ControlRouteId } from './table.js';

/**
 * What a method and path reach: a route with its raw path parameters, a path whose routes take
 * other methods (answered 405 with `Allow`), or nothing (404).
 *
 * @example
 * ```ts
 * const match: ControlMatch = matchControlRoute('TRACE', '/__mock/clock'); // method-not-allowed
 * ```
 */
export type ControlMatch =
  | { kind: 'route'; id: ControlRouteId; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

interface Compiled {
  id: ControlRouteId;
  method: ControlMethod;
  pattern: RegExp;
  names: string[];
}

const NAME = /\{([A-Za-z]+)\}/g;

// Literal segments are matched before parameters: `/__mock/journal/stream` is not a request id.
const COMPILED: Compiled[] = CONTROL_ROUTE_LIST.map((route) => {
  const names = [...route.path.matchAll(NAME)].map((match) => match[1] ?? '');
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(NAME, '([^/]+)');
  return { id: route.id, method: route.method, pattern: new RegExp(`^${source}$`), names };
}).sort((a, b) => a.names.length - b.names.length);

/**
 * The route a method and path reach; a trailing slash is ignored, parameters are decoded.
 *
 * @example
 * ```ts
 * matchControlRoute('POST', '/__mock/tenants'); // { kind: 'route', id: 'tenants.create', params: {} }
 * ```
 */
export function matchControlRoute(method: string, pathname: string): ControlMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const allow = new Set<string>();
  let matchedPattern: RegExp | undefined;
  for (const route of COMPILED) {
    if (matchedPattern !== undefined && route.pattern.source !== matchedPattern.source) continue;
    const match = route.pattern.exec(path);
    if (match === null) continue;
    matchedPattern = route.pattern;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = safeDecode(match[i + 1] ?? '');
      });
      return { kind: 'route', id: route.id, params };
    }
    allow.add(route.method);
  }
  if (allow.size === 0) return { kind: 'not-found' };
  if (allow.has('GET')) allow.add('HEAD');
  return { kind: 'method-not-allowed', allow: [...allow].sort() };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A route's path with its parameters filled in, each encoded.
 *
 * @example
 * ```ts
 * controlPath('tenants.get', { id: tenantId }); // '/__mock/tenants/…'
 * ```
 */
export function controlPath(id: ControlRouteId, params: Readonly<Record<string, string>> = {}): string {
  return CONTROL_ROUTES[id].path.replace(NAME, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${id} needs the path parameter "${name}"`);
    return encodeURIComponent(value);
  });
}
