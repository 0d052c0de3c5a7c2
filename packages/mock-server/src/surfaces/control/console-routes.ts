/**
 * The control routes the console reads beside the older ones: keys by hint, tenants, the export,
 * and the live journal. Plain control routes, over the same HTTP API tests use.
 */
import { EVENT_TYPE_NAMES } from '@commflow/contract';
import { CALL_ACTIONS } from '../../service/domains/voice.js';
import { CAPABILITY_NAMES, MODULE_NAMES, PERMISSION_NAMES } from '../../service/gating-names.js';
import { listApiKeys, revokeApiKey } from '../../runtime/access.js';
import { demoKeysByTenant } from '../../runtime/demo-keys.js';
import { exportWorld } from '../../runtime/export.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import { tenantAheadMs } from '../../service/tenant-clock.js';
import { DELIVERY_STATUSES } from '../../state/webhooks/deliveries.js';

/** The journal as server-sent events: the entries kept so far, then each one as it arrives. */
export const JOURNAL_STREAM_PATH = '/__mock/journal/stream';

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * The names the console's forms offer, from the operation registry and the contract.
 *
 * @example
 * ```ts
 * const { data } = await (await fetch(`${url}/__mock/catalogue`)).json();
 * ```
 */
export const CATALOGUE = {
  permissions: PERMISSION_NAMES,
  modules: MODULE_NAMES,
  capabilities: CAPABILITY_NAMES,
  eventTypes: EVENT_TYPE_NAMES,
  callActions: CALL_ACTIONS,
  deliveryStatuses: DELIVERY_STATUSES,
};
/** What `GET /__mock/catalogue` answers. */
export type Catalogue = typeof CATALOGUE;
/** A tenant as `GET /__mock/tenants` lists it. */
export type TenantView = ReturnType<typeof tenantsOf>[number];

/** The routes of this module, or `undefined` for another path. */
export function consoleRoute(
  runtime: MockRuntime,
  method: string,
  path: string,
): { status: number; data: unknown } | undefined {
  switch (`${method} ${path}`) {
    case 'GET /__mock/api-keys':
      return { status: 200, data: { apiKeys: listApiKeys(runtime) } };
    case 'GET /__mock/tenants':
      return { status: 200, data: { tenants: tenantsOf(runtime) } };
    case 'GET /__mock/catalogue':
      // The console's forms offer these: never re-typed in the page.
      return { status: 200, data: CATALOGUE };
    case 'GET /__mock/export':
      return { status: 200, data: { scenario: exportWorld(runtime) } };
  }
  const revoke = /^\/__mock\/api-keys\/([^/]+)\/revoke$/.exec(path);
  if (revoke !== null && method === 'POST') {
    return { status: 200, data: { apiKey: revokeApiKey(runtime, decodeURIComponent(revoke[1] ?? '')) } };
  }
  return undefined;
}

/**
 * The tenants as they are now (the scenario's and those created at run time): mode, modules,
 * capabilities, numbers, users and how far each one's clock runs ahead (what the console lists).
 */
function tenantsOf(runtime: MockRuntime) {
  const { state } = runtime.world;
  const demoKeys = demoKeysByTenant(runtime);
  return [...state.tenants.values()].map((tenant) => ({
    id: tenant.id,
    name: tenant.name,
    mode: tenant.mode,
    origin: state.createdTenants.has(tenant.id) ? ('created' as const) : ('scenario' as const),
    aheadMs: tenantAheadMs(runtime.world, tenant.id),
    /** The demo scenario's public key for this tenant, while the demo runs. */
    demoKey: demoKeys.get(tenant.id) ?? null,
    modules: [...tenant.modules],
    capabilities: [...tenant.capabilities],
    smsNumbers: [...tenant.smsNumbers.keys()],
    users: [...tenant.users.values()].map((user) => ({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      extension: user.extension,
    })),
  }));
}

/**
 * `GET /__mock/journal/stream`: `text/event-stream`, one `data:` line of JSON per journal entry
 * (its summary: no request or response), starting with the entries already kept. A comment every 15 s keeps an idle stream open; the
 * subscription ends when the client goes away.
 */
export function journalStream(runtime: MockRuntime, request: Request): Response {
  const encoder = new TextEncoder();
  let stop = (): void => undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send('retry: 1000\n\n');
      // Summaries: the bodies stay on the server until an entry is opened.
      for (const record of runtime.world.state.journal.list()) send(`data: ${JSON.stringify(record.summary)}\n\n`);
      const off = runtime.world.state.journal.subscribe((record) => {
        send(`data: ${JSON.stringify(record.summary)}\n\n`);
      });
      const heartbeat = setInterval(() => {
        send(': keep-alive\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
      stop = () => {
        off();
        clearInterval(heartbeat);
      };
      request.signal.addEventListener('abort', () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' },
  });
}
