/**
 * The version prefix every path starts with.
 *
 * @example
 * ```ts
 * `${API_PREFIX}/contacts`; // '/api/v1/contacts'
 * ```
 */
export const API_PREFIX = '/api/v1';

/**
 * Where the OpenAPI document is served, with no key and no tenant.
 *
 * @example
 * ```ts
 * await fetch(new URL(OPENAPI_PATH, baseUrl));
 * ```
 */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

const PARAM = /\{(\w+)\}/g;

/**
 * The names of a path template's parameters, in order.
 *
 * @example
 * ```ts
 * pathParamNames('/api/v1/ai/agents/{id}'); // ['id']
 * ```
 */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(PARAM)].map((match) => match[1] ?? '');
}

/**
 * Fills a path template with URI-encoded values.
 *
 * @throws TypeError when a parameter is missing.
 * @example
 * ```ts
 * expandPath('/api/v1/ai/agents/{id}', { id: agentId }); // '/api/v1/ai/agents/3f1c…'
 * ```
 */
export function expandPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}
