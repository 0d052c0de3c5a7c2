/**
 * The wrong implementations the kit must catch: one divergence each from the contract, and the
 * checks it must make fail (with the reason they must give).
 */
import { HEADERS, OPENAPI_PATH, OPERATION_LIST, operations, type OperationId } from '@commflow/contract';
import { DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import type { CheckId } from '../../src/index.js';
import { rewriteJson, withRequest, type Rewrite } from './divergent-server.js';

/** The acting user of the runs (the demo's Ann, who has an extension). */
export const DEMO_USER = 'ann.lee@acme.test';

export interface Divergence {
  readonly name: string;
  /** The checks that must fail, each with a pattern its reason must match. */
  readonly fails: Partial<Record<CheckId, RegExp>>;
  readonly rewrite: Rewrite;
}

const pathOf = (request: Request) => new URL(request.url).pathname;
const is = (request: Request, id: OperationId) => {
  const op = operations[id];
  return request.method === op.method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathOf(request));
};
type Json = Record<string, unknown>;
const data = (body: Json) => body.data as Json;
const listed = (body: Json, key: string) => (data(body)[key] ?? []) as Json[];

/** Per-path memory for divergences that span pages. */
const lastItemByPath = new Map<string, Json>();

export const DIVERGENCES: readonly Divergence[] = [
  {
    name: 'a client X-Request-Id is not echoed',
    fails: { 'envelope.request-id': /was not echoed/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          headers: (headers) => {
            headers.delete(HEADERS.requestId);
          },
        }),
      ),
  },
  {
    name: 'meta.requestId differs from the X-Request-Id header',
    fails: { 'envelope.request-id': /meta\.requestId .* differs/ },
    rewrite: async (request, forward) =>
      rewriteJson(await forward(request), (body) => ({
        ...body,
        meta: { ...(body.meta as Json), requestId: 'req_elsewhere' },
      })),
  },
  {
    name: 'an X-Request-Id of 201 characters is echoed',
    fails: { 'envelope.request-id': /201 characters was echoed/ },
    rewrite: async (request, forward) => {
      const sent = request.headers.get(HEADERS.requestId);
      const response = await forward(request);
      if (sent === null || sent.length <= 200) return response;
      return rewriteJson(response, (body) => ({ ...body, meta: { ...(body.meta as Json), requestId: sent } })).then(
        (answer) => {
          answer.headers.set(HEADERS.requestId, sent);
          return answer;
        },
      );
    },
  },
  {
    name: 'no RateLimit headers',
    fails: { 'headers.rate-limit': /RateLimit-Limit/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      const headers = new Headers(response.headers);
      for (const name of [HEADERS.rateLimitLimit, HEADERS.rateLimitRemaining, HEADERS.rateLimitReset])
        headers.delete(name);
      return new Response(response.body, { status: response.status, headers });
    },
  },
  {
    name: 'RateLimit-Reset is a point in time, not delta seconds',
    fails: { 'headers.rate-limit': /not delta seconds/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      const headers = new Headers(response.headers);
      if (headers.has(HEADERS.rateLimitReset))
        headers.set(HEADERS.rateLimitReset, String(Math.floor(Date.now() / 1000) + 60));
      return new Response(response.body, { status: response.status, headers });
    },
  },
  {
    name: 'the window does not count requests',
    fails: { 'headers.rate-limit': /unchanged/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      const headers = new Headers(response.headers);
      if (headers.has(HEADERS.rateLimitRemaining)) {
        headers.set(HEADERS.rateLimitRemaining, '599');
        headers.set(HEADERS.rateLimitReset, '30');
      }
      return new Response(response.body, { status: response.status, headers });
    },
  },
  {
    name: 'openapi.json served with the wrong version',
    fails: { 'openapi.document': /info\.version is "1\.0\.0"/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (pathOf(request) !== OPENAPI_PATH) return response;
      return rewriteJson(response, (body) => ({ ...body, info: { ...(body.info as Json), version: '1.0.0' } }));
    },
  },
  {
    name: 'openapi.json needs a key',
    fails: { 'openapi.document': /without a key answered 401/ },
    rewrite: async (request, forward) => {
      if (pathOf(request) === OPENAPI_PATH && !request.headers.has(HEADERS.apiKey)) {
        return forward(
          new Request(new URL(operations['users.list'].path, request.url), {
            headers: { [HEADERS.tenantId]: DEMO_TENANTS.sandbox },
          }),
        );
      }
      return forward(request);
    },
  },
  {
    name: 'fax pages answered as a string',
    fails: { 'openapi.responses': /fax.*does not describe.*pages/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'fax.list') || response.status !== 200) return response;
      return rewriteJson(response, (body) => ({
        ...body,
        data: { faxes: listed(body, 'faxes').map((fax) => ({ ...fax, pages: String(fax.pages) })) },
      }));
    },
  },
  {
    name: 'the default page size is 20',
    fails: { 'pagination.limits': /meta\.pagination\.limit is 20, not 50/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          url: (url) => {
            const paged = OPERATION_LIST.some((op) => op.pagination !== 'none' && is(request, op.id as OperationId));
            if (paged && !url.searchParams.has('limit')) url.searchParams.set('limit', '20');
          },
        }),
      ),
  },
  {
    name: 'a limit over 100 is clamped, not refused',
    fails: { 'pagination.limits': /limit=101: expected VALIDATION_ERROR/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          url: (url) => {
            if (Number(url.searchParams.get('limit')) > 100) url.searchParams.set('limit', '100');
          },
        }),
      ),
  },
  {
    name: 'an item is repeated across cursor pages',
    fails: { 'pagination.cursor-walk': /came twice/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      const url = new URL(request.url);
      if (request.method !== 'GET' || response.status !== 200 || !url.searchParams.has('limit')) return response;
      const key = operations['contacts.list'].resultKey;
      if (!is(request, 'contacts.list')) return response;
      return rewriteJson(response, (body) => {
        const items = listed(body, key);
        const previous = url.searchParams.has('cursor') ? lastItemByPath.get(url.pathname) : undefined;
        const last = items.at(-1);
        if (last !== undefined) lastItemByPath.set(url.pathname, last);
        if (previous === undefined || items.length === 0) return body;
        return { ...body, data: { [key]: [previous, ...items.slice(0, -1)] } };
      });
    },
  },
  {
    name: 'a cursor page skips an item',
    fails: { 'pagination.cursor-walk': /gap|items before the last page/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'users.list') || !new URL(request.url).searchParams.has('cursor') || response.status !== 200) {
        return response;
      }
      return rewriteJson(response, (body) => ({ ...body, data: { users: listed(body, 'users').slice(1) } }));
    },
  },
  {
    name: 'any cursor is accepted',
    fails: { 'pagination.bad-cursor': /expected INVALID_CURSOR, got 200/ },
    rewrite: async (request, forward) => {
      const response = await forward(request.clone());
      if (response.status !== 400) return response;
      const body = (await response.clone().json()) as { error: { code: string } };
      if (body.error.code !== 'INVALID_CURSOR') return response;
      return forward(
        withRequest(request, {
          url: (url) => {
            url.searchParams.delete('cursor');
          },
        }),
      );
    },
  },
  {
    name: 'search is ignored',
    fails: { 'contacts.read-back': /does not contain it/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          url: (url) => {
            if (is(request, 'contacts.list')) url.searchParams.delete('search');
          },
        }),
      ),
  },
  {
    name: 'a created contact is never listed',
    fails: { 'contacts.read-back': /is not in contacts\.list/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'contacts.list') || response.status !== 200) return response;
      return rewriteJson(response, (body) => ({
        ...body,
        data: { contacts: listed(body, 'contacts').filter((contact) => contact.firstName !== 'Conformance') },
      }));
    },
  },
  {
    name: 'Idempotency-Key is ignored',
    fails: { 'idempotency.replay': /created another contact/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          headers: (headers) => {
            headers.delete(HEADERS.idempotencyKey);
          },
        }),
      ),
  },
  {
    name: 'a replay is not marked Idempotent-Replayed',
    fails: { 'idempotency.replay': /lacks Idempotent-Replayed/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      const headers = new Headers(response.headers);
      headers.delete(HEADERS.idempotentReplayed);
      return new Response(response.body, { status: response.status, headers });
    },
  },
  {
    name: "another tenant's agent is served",
    fails: { 'tenancy.isolation': /expected NOT_FOUND, got 200/ },
    rewrite: async (request, forward) => {
      const response = await forward(request.clone());
      if (!is(request, 'ai.agents.get') || response.status !== 404) return response;
      return forward(
        withRequest(request, {
          headers: (headers) => {
            headers.set(HEADERS.apiKey, DEMO_KEYS.live);
            headers.set(HEADERS.tenantId, DEMO_TENANTS.live);
          },
        }),
      );
    },
  },
  {
    name: "a 404 for another tenant's agent says it exists",
    fails: { 'tenancy.isolation': /reveals that the id exists/ },
    rewrite: async (request, forward) => {
      const response = await forward(request.clone());
      if (!is(request, 'ai.agents.get') || response.status !== 404) return response;
      const elsewhere = await forward(
        withRequest(request, {
          headers: (headers) => {
            headers.set(HEADERS.apiKey, DEMO_KEYS.live);
            headers.set(HEADERS.tenantId, DEMO_TENANTS.live);
          },
        }),
      );
      if (elsewhere.status !== 200) return response;
      return rewriteJson(response, (body) => ({
        ...body,
        error: { code: 'NOT_FOUND', message: 'The agent belongs to another tenant.' },
      }));
    },
  },
  {
    name: "another tenant's SMS conversation is served",
    fails: {
      'tenancy.isolation': /sms\.messages\.list of the other tenant's conversation .*expected NOT_FOUND, got 200/,
    },
    rewrite: async (request, forward) => {
      const response = await forward(request.clone());
      if (!is(request, 'sms.messages.list') || response.status !== 404) return response;
      return forward(
        withRequest(request, {
          headers: (headers) => {
            headers.set(HEADERS.apiKey, DEMO_KEYS.live);
            headers.set(HEADERS.tenantId, DEMO_TENANTS.live);
            headers.set(HEADERS.userEmail, 'grace@globex.test');
          },
        }),
      );
    },
  },
  {
    name: 'a tenant key reaches another tenant',
    fails: { 'tenancy.isolation': /expected TENANT_ACCESS_DENIED, got 200/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          headers: (headers) => {
            if (headers.get(HEADERS.apiKey) === DEMO_KEYS.sandbox) headers.set(HEADERS.apiKey, DEMO_KEYS.partner);
            if (headers.get(HEADERS.apiKey) === DEMO_KEYS.live) headers.set(HEADERS.apiKey, DEMO_KEYS.partner);
          },
        }),
      ),
  },
  {
    name: 'the restricted key is granted every permission',
    fails: { 'gating.permission-denied': /refused no read operation/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          headers: (headers) => {
            if (headers.get(HEADERS.apiKey) === DEMO_KEYS.usersOnly) headers.set(HEADERS.apiKey, DEMO_KEYS.sandbox);
          },
        }),
      ),
  },
  {
    name: 'the acting user is checked before the permission',
    fails: { 'gating.permission-denied': /expected PERMISSION_DENIED, got 400 VALIDATION_ERROR/ },
    rewrite: async (request, forward) => {
      const userScoped = (['sms.conversations', 'chat.conversations', 'calendar.list'] as const).some((id) =>
        is(request, id),
      );
      if (userScoped && !request.headers.has(HEADERS.userEmail)) {
        // As a service that validates the acting user first: the request answered as if the key were allowed.
        return forward(
          withRequest(request, {
            headers: (headers) => {
              headers.set(HEADERS.apiKey, DEMO_KEYS.sandbox);
            },
          }),
        );
      }
      return forward(request);
    },
  },
  {
    name: 'X-User-Email is ignored',
    fails: { 'acting-user.header': /expected VALIDATION_ERROR, got 200/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          headers: (headers) => {
            headers.set(HEADERS.userEmail, DEMO_USER);
          },
        }),
      ),
  },
  {
    name: 'an unknown X-User-Email is answered as a malformed one',
    fails: { 'acting-user.header': /expected UNKNOWN_USER, got 400 VALIDATION_ERROR/ },
    rewrite: (request, forward) =>
      forward(
        withRequest(request, {
          headers: (headers) => {
            if (headers.get(HEADERS.userEmail)?.startsWith('nobody-') === true)
              headers.set(HEADERS.userEmail, 'nobody');
          },
        }),
      ),
  },
  {
    name: 'a user without an extension is listed with one',
    fails: { 'voice.no-extension': /gives dan\.fox@acme\.test the extension 1999/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'users.list') || response.status !== 200) return response;
      return rewriteJson(response, (body) => ({
        ...body,
        data: { users: listed(body, 'users').map((user) => ({ ...user, extension: user.extension ?? '1999' })) },
      }));
    },
  },
  {
    name: 'click-to-dial rings a user without an extension',
    fails: { 'voice.no-extension': /expected NO_EXTENSION, got 200/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'voice.click2dial') || response.status !== 409) return response;
      return rewriteJson(
        response,
        (body) => ({ success: true, data: { callId: crypto.randomUUID(), status: 'initiated' }, meta: body.meta }),
        200,
      );
    },
  },
  {
    name: 'a sandbox SMS is sent for real',
    fails: { 'sms.sandbox-simulated': /simulated: false/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'sms.send') || response.status !== 200) return response;
      return rewriteJson(response, (body) => ({
        ...body,
        data: { message: { ...(data(body).message as Json), simulated: false } },
      }));
    },
  },
  {
    name: 'a chat started twice is new twice',
    fails: { 'chat.start-twice': /returned isNew: true/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (!is(request, 'chat.conversations.create') || response.status >= 400) return response;
      return rewriteJson(
        response,
        (body) => ({ ...body, data: { conversation: { ...(data(body).conversation as Json), isNew: true } } }),
        201,
      );
    },
  },
  {
    name: 'a GET on a path without one is 404, not 405',
    fails: { 'routing.not-found-and-method': /expected METHOD_NOT_ALLOWED, got 404 NOT_FOUND/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (response.status !== 405) return response;
      return rewriteJson(
        response,
        (body) => ({ ...body, error: { code: 'NOT_FOUND', message: `No route for ${pathOf(request)}.` } }),
        404,
      );
    },
  },
  {
    name: 'a 405 without the Allow header',
    fails: { 'routing.not-found-and-method': /the Allow header null lacks POST/ },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (response.status !== 405) return response;
      const headers = new Headers(response.headers);
      headers.delete(HEADERS.allow);
      return new Response(response.body, { status: response.status, headers });
    },
  },
  {
    name: 'an unknown route answers a bare 404, not the envelope',
    fails: {
      'routing.not-found-and-method': /an unknown route: answered 404 with a body that is not the error envelope/,
    },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (response.status !== 404 || !pathOf(request).includes('no-such-route')) return response;
      return rewriteJson(response, () => ({ message: 'Not Found' }));
    },
  },
  {
    name: 'a route at /api/v1/sms/messages',
    fails: {
      'routing.not-found-and-method':
        /sms\/messages, a route the spec says does not exist: expected NOT_FOUND, got 405 METHOD_NOT_ALLOWED/,
    },
    rewrite: async (request, forward) => {
      const response = await forward(request);
      if (pathOf(request) !== '/api/v1/sms/messages' || request.method !== 'GET') return response;
      const answer = await rewriteJson(
        response,
        (body) => ({
          ...body,
          error: { code: 'METHOD_NOT_ALLOWED', message: 'GET is not allowed on /api/v1/sms/messages.' },
        }),
        405,
      );
      answer.headers.set(HEADERS.allow, 'POST');
      return answer;
    },
  },
];
