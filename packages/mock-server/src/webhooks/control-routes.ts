import { ApiError, invalid } from '../service/api-error.js';
import { parseJsonBytes } from '../lib/json.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from './delivery.js';
import type { WebhookDispatcher } from './dispatcher.js';
import { parseInput } from '../service/api-error.js';
import { RotateWebhookSecretSchema } from './subscription-schemas.js';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function readJson(request: Request, optional: boolean): Promise<unknown> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) {
    if (optional) return {};
    throw invalid(['body'], 'a JSON body is required');
  }
  const parsed = parseJsonBytes(bytes);
  if (!parsed.ok) throw new ApiError('INVALID_JSON', parsed.message);
  return parsed.value;
}

function statusFilter(value: string | null): DeliveryStatus | undefined {
  if (value === null || value === '') return undefined;
  if ((DELIVERY_STATUSES as readonly string[]).includes(value)) return value as DeliveryStatus;
  throw invalid(['query', 'status'], `must be one of ${DELIVERY_STATUSES.join(', ')}`);
}

const optionalParam = (url: URL, name: string): string | undefined => url.searchParams.get(name) ?? undefined;

/**
 * Serves the webhook part of the control surface, or answers `undefined` when the path is not
 * one of its routes. Errors are thrown as `ApiError`s for the surface's error envelope.
 *
 * | Route | Answer |
 * | --- | --- |
 * | `POST /__mock/webhooks` `{ tenantId, url, events?, secret?, enabled?, id? }` | 201, the subscription with its `secret` (shown once) |
 * | `GET /__mock/webhooks?tenantId=` | 200 `{ data: [subscription] }`, secrets masked |
 * | `GET /__mock/webhooks/{id}` | 200, the subscription |
 * | `PATCH /__mock/webhooks/{id}` `{ enabled }` | 200, the subscription |
 * | `DELETE /__mock/webhooks/{id}` | 204 |
 * | `POST /__mock/webhooks/{id}/rotate-secret` `{ secret?, windowSeconds? }` | 200 `{ id, secret, previousSecretExpiresAt }` |
 * | `GET /__mock/deliveries?status=&subscriptionId=&eventId=&tenantId=&wait=true` | 200 `{ data: [delivery] }`; `wait` first waits for attempts in flight |
 * | `GET /__mock/deliveries/{id}` | 200, the delivery |
 * | `POST /__mock/deliveries/{id}/replay` | 202, the new linked delivery (`replayOf`) |
 *
 * @example
 * ```ts
 * const response = await handleWebhookControlRequest(mock.webhooks, request);
 * if (response !== undefined) return response;
 * ```
 */
export async function handleWebhookControlRequest(
  dispatcher: WebhookDispatcher,
  request: Request,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (segments[0] !== '__mock' || segments.length < 2 || segments.length > 4) return undefined;
  const [, collection, rawId, action] = segments;
  const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
  const method = request.method.toUpperCase();
  const store = dispatcher.subscriptions;

  if (collection === 'webhooks') {
    if (id === undefined) {
      if (method === 'POST') return json(201, store.create((await readJson(request, false)) as never, ['body']));
      if (method === 'GET') return json(200, { data: store.list({ tenantId: optionalParam(url, 'tenantId') }) });
    } else if (action === undefined) {
      if (method === 'GET') return json(200, store.get(id));
      if (method === 'DELETE') {
        store.delete(id);
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') {
        const body = await readJson(request, false);
        const enabled = typeof body === 'object' && body !== null ? (body as { enabled?: unknown }).enabled : undefined;
        if (typeof enabled !== 'boolean') throw invalid(['body', 'enabled'], 'must be true or false');
        return json(200, store.setEnabled(id, enabled));
      }
    } else if (action === 'rotate-secret' && method === 'POST') {
      const body = parseInput(RotateWebhookSecretSchema, await readJson(request, true), ['body']);
      return json(
        200,
        store.rotateSecret(id, {
          secret: body.secret,
          windowMs: body.windowSeconds === undefined ? undefined : body.windowSeconds * 1000,
        }),
      );
    }
  } else if (collection === 'deliveries') {
    if (id === undefined && method === 'GET') {
      const status = statusFilter(url.searchParams.get('status'));
      if (url.searchParams.get('wait') === 'true') await dispatcher.idle();
      return json(200, {
        data: dispatcher.deliveries({
          status,
          subscriptionId: optionalParam(url, 'subscriptionId'),
          eventId: optionalParam(url, 'eventId'),
          tenantId: optionalParam(url, 'tenantId'),
        }),
      });
    }
    if (id !== undefined && action === undefined && method === 'GET') return json(200, dispatcher.delivery(id));
    if (id !== undefined && action === 'replay' && method === 'POST') return json(202, dispatcher.replay(id));
  }
  return undefined;
}
