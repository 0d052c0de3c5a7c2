/** `GET /__mock`: the control surface's own index, made from the route table. */
import { CONTROL_ROUTE_LIST } from './table.js';

/**
 * The index `GET /__mock` answers: every route with its id and what it does, and where the
 * reference is.
 *
 * @example
 * ```ts
 * controlIndex('http://127.0.0.1:4010').routes[0]?.route; // 'GET http://127.0.0.1:4010/__mock'
 * ```
 */
export function controlIndex(origin: string): {
  routes: { id: string; route: string; does: string }[];
  openapi: string;
  reference: string;
} {
  return {
    routes: CONTROL_ROUTE_LIST.map((route) => ({
      id: route.id,
      route: `${route.method} ${origin}${route.path}`,
      does: route.summary,
    })),
    openapi: `${origin}/__mock/openapi.json`,
    reference:
      'The CLI and control surface reference: docs/guides/cli.md in the repository, the "Control surface" section of @commflow/mock-server\'s README (node_modules/@commflow/mock-server/README.md), or the documentation site.',
  };
}
