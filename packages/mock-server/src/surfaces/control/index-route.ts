/**
 * `GET /__mock`: the control surface's own index, so a person who lands there (the console links
 * it) sees every route and where the reference is, instead of a 404. The docs check holds this
 * list and `docs/guides/cli.md` to each other.
 */

/** Every control route, with what it does in a few words. */
export const CONTROL_ROUTES: readonly (readonly [route: string, does: string])[] = [
  ['GET /__mock', 'this index'],
  ['POST /__mock/reset', 'back to the loaded scenario'],
  ['PUT /__mock/scenario', 'load another scenario (or "demo")'],
  ['GET /__mock/snapshot', 'the whole world as versioned JSON'],
  ['PUT /__mock/snapshot', 'restore a snapshot'],
  ['GET /__mock/export', 'the world as a scenario file'],
  ['GET /__mock/tenants', 'every tenant, with its origin and clock'],
  ['POST /__mock/tenants', 'a tenant on demand, with a key of its own'],
  ['GET /__mock/tenants/{id}', 'one tenant'],
  ['POST /__mock/tenants/{id}/reset', 'one tenant back as created'],
  ['DELETE /__mock/tenants/{id}', 'remove one tenant'],
  ['GET /__mock/tenants/{id}/clock', "a tenant's clock"],
  ['POST /__mock/tenants/{id}/clock/advance', "move one tenant's clock"],
  ['GET /__mock/api-keys', 'keys by hint, never a secret'],
  ['POST /__mock/api-keys', 'create a key (its secret shown once)'],
  ['POST /__mock/api-keys/{id}/revoke', 'revoke a key'],
  ['GET /__mock/journal', 'the requests received, with what was sent and answered; filtered, in pages'],
  ['GET /__mock/journal/{requestId}', 'one request, by the X-Request-Id it was answered with'],
  ['GET /__mock/tenants/{id}/records', 'how many records a tenant holds, per resource'],
  ['GET /__mock/tenants/{id}/records/{resource}', "a tenant's records of one resource, searched (q) and in pages"],
  ['GET /__mock/journal/stream', 'the journal as server-sent events'],
  ['GET /__mock/events', 'the events recorded'],
  ['GET /__mock/calls', 'the click-to-dial calls'],
  ['POST /__mock/calls/{id}/{action}', 'drive a call by hand'],
  ['GET /__mock/carrier', 'what reached the carrier'],
  ['PUT /__mock/carrier', 'accept or reject live sends'],
  ['POST /__mock/sms/inbound', 'deliver an inbound SMS'],
  ['GET /__mock/clock', "the mock clock's time"],
  ['POST /__mock/clock/advance', 'move every clock forward'],
  ['POST /__mock/faults', 'make the next matching requests stall or fail'],
  ['GET /__mock/webhooks', 'webhook subscriptions'],
  ['POST /__mock/webhooks', 'subscribe (its secret shown once)'],
  ['GET /__mock/webhooks/{id}', 'one subscription'],
  ['PATCH /__mock/webhooks/{id}', 'enable or disable it'],
  ['DELETE /__mock/webhooks/{id}', 'delete it'],
  ['POST /__mock/webhooks/{id}/rotate-secret', 'rotate its secret'],
  ['GET /__mock/deliveries', 'webhook deliveries with every attempt'],
  ['GET /__mock/deliveries/{id}', 'one delivery'],
  ['POST /__mock/deliveries/{id}/replay', 'send it again'],
  ['GET /__mock/deliveries/{id}/request', 'its request, signed'],
  ['GET /__mock/catalogue', 'the names the console offers'],
  ['GET /__mock/memory', "the process's heap"],
  ['GET /__mock/console', 'the console (a browser at / gets it too)'],
];

/** The index `GET /__mock` answers. */
export function controlIndex(origin: string): { routes: { route: string; does: string }[]; reference: string } {
  return {
    routes: CONTROL_ROUTES.map(([route, does]) => ({ route: route.replace(' /', ` ${origin}/`), does })),
    reference:
      'The CLI and control surface reference: docs/guides/cli.md in the repository, the "Control surface" section of @commflow/mock-server\'s README (node_modules/@commflow/mock-server/README.md), or the documentation site.',
  };
}
