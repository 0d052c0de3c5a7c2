import { HEADERS, RequestId } from '@commflow/contract';
import * as z from 'zod';
import { ApiError, parseInput, validationError } from '../../service/api-error.js';
import { CALL_ACTIONS, type CallAction } from '../../service/domains/voice.js';
import { FaultSchema } from '../../state/faults.js';
import { memoryReport } from '../../history/memory.js';
import { newId } from '../../lib/ids.js';
import { parseJsonBytes } from '../../lib/json.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import { loadBaseline, loadScenario } from '../../runtime/baseline.js';
import { createApiKey } from '../../runtime/access.js';
import { resolveScenario } from '../../runtime/create-runtime.js';
import { advanceClock } from '../../runtime/clock.js';
import { carrierState, controlCall, listCalls, receiveSms, setCarrier } from '../../runtime/telephony.js';
import { subscribeWebhook, webhookSubscriptions } from '../../runtime/webhooks.js';
import {
  AdvanceClockInputSchema,
  CarrierInputSchema,
  CreateKeyInputSchema,
  InboundSmsInputSchema,
} from '../../runtime/control-inputs.js';
import { journalRoute } from './journal-routes.js';
import { recordsRoute } from './records-routes.js';
import { snapshotRoute } from './snapshot-routes.js';
import { tenantRoute } from './tenant-routes.js';
import { controlIndex } from './index-route.js';
import { readBody } from '../../service/pipeline/validate.js';
import { consoleRoute, JOURNAL_STREAM_PATH, journalStream } from './console-routes.js';
import { clientClosedResponse, isClientClosed } from '../../service/pipeline/client-closed.js';
import { ScenarioError } from '../../scenario/parse.js';
import {
  CreateWebhookSubscriptionSchema,
  DELIVERY_STATUSES,
  RotateWebhookSecretSchema,
  type DeliveryFilter,
  type DeliveryStatus,
} from '../../sim/webhooks/index.js';

const EnableBody = z.strictObject({ enabled: z.boolean() });

interface Reply {
  status: number;
  data: unknown;
  /** A page's `meta.pagination`, in the API's style. */
  pagination?: unknown;
}

function envelope(requestId: string, now: string, status: number, payload: object, pagination?: unknown): Response {
  const meta = pagination === undefined ? { requestId, timestamp: now } : { requestId, timestamp: now, pagination };
  return new Response(JSON.stringify({ ...payload, meta }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', [HEADERS.requestId]: requestId },
  });
}

async function readJson(request: Request): Promise<unknown> {
  // Limited like API bodies: 413 past 1 MiB, before anything is parsed.
  const bytes = await readBody(request);
  if (bytes.byteLength === 0) return undefined;
  const parsed = parseJsonBytes(bytes);
  if (!parsed.ok) throw new ApiError('INVALID_JSON', parsed.message);
  return parsed.value;
}

async function body<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  return parseInput(schema, await readJson(request), ['body']);
}

/** A `?status=` filter of deliveries, checked. */
function deliveryStatus(value: string | null): DeliveryStatus | undefined {
  if (value === null || value === '') return undefined;
  if ((DELIVERY_STATUSES as readonly string[]).includes(value)) return value as DeliveryStatus;
  throw validationError([{ path: ['query', 'status'], message: `must be one of ${DELIVERY_STATUSES.join(', ')}` }]);
}

/** The webhook routes: subscriptions under `/__mock/webhooks`, deliveries under `/__mock/deliveries`. */
async function webhookRoute(
  runtime: MockRuntime,
  request: Request,
  url: URL,
  path: string,
): Promise<Reply | undefined> {
  const method = request.method;
  const route = `${method} ${path}`;
  switch (route) {
    case 'POST /__mock/webhooks': {
      const input = parseInput(CreateWebhookSubscriptionSchema, await readJson(request), ['body']);
      if (!runtime.world.state.tenants.has(input.tenantId.toLowerCase())) {
        throw validationError([{ path: ['body', 'tenantId'], message: `no tenant has id "${input.tenantId}"` }]);
      }
      return { status: 201, data: subscribeWebhook(runtime, input) };
    }
    case 'GET /__mock/webhooks': {
      const tenantId = url.searchParams.get('tenantId');
      return { status: 200, data: { webhooks: webhookSubscriptions(runtime, tenantId === null ? {} : { tenantId }) } };
    }
    case 'GET /__mock/deliveries': {
      const filter: DeliveryFilter = { status: deliveryStatus(url.searchParams.get('status')) };
      for (const name of ['subscriptionId', 'eventId', 'tenantId'] as const) {
        const value = url.searchParams.get(name);
        if (value !== null) filter[name] = value;
      }
      // `?wait=true`: first let the attempts in flight finish, so the answer shows their outcome.
      if (url.searchParams.get('wait') === 'true') await runtime.world.sim.webhooks.idle();
      return {
        status: 200,
        data: {
          deliveries: runtime.world.sim.webhooks.deliveries(
            filter.tenantId === undefined ? filter : { ...filter, tenantId: filter.tenantId.toLowerCase() },
          ),
        },
      };
    }
  }
  const match = /^\/__mock\/(webhooks|deliveries)\/([^/]+)(?:\/([a-z-]+))?$/.exec(path);
  if (match === null) return undefined;
  const [, collection, rawId = '', action] = match;
  const id = decodeURIComponent(rawId);
  if (collection === 'webhooks') {
    if (action === undefined && method === 'GET') {
      return { status: 200, data: { webhook: runtime.world.state.subscriptions.get(id) } };
    }
    if (action === undefined && method === 'PATCH') {
      const { enabled } = await body(request, EnableBody);
      return { status: 200, data: { webhook: runtime.world.state.subscriptions.setEnabled(id, enabled) } };
    }
    if (action === undefined && method === 'DELETE') {
      runtime.world.state.subscriptions.delete(id);
      return { status: 200, data: { id, deleted: true } };
    }
    if (action === 'rotate-secret' && method === 'POST') {
      const input = (await readJson(request)) ?? {};
      const rotation = parseInput(RotateWebhookSecretSchema, input, ['body']);
      return {
        status: 200,
        data: runtime.world.state.subscriptions.rotateSecret(id, {
          ...(rotation.secret === undefined ? {} : { secret: rotation.secret }),
          ...(rotation.windowSeconds === undefined ? {} : { windowMs: rotation.windowSeconds * 1000 }),
        }),
      };
    }
  } else {
    if (action === undefined && method === 'GET')
      return { status: 200, data: { delivery: runtime.world.sim.webhooks.delivery(id) } };
    if (action === 'replay' && method === 'POST')
      return { status: 202, data: { delivery: runtime.world.sim.webhooks.replay(id) } };
    if (action === 'request' && method === 'GET') {
      return { status: 200, data: { request: await runtime.world.sim.webhooks.request(id) } };
    }
  }
  return undefined;
}

async function dispatch(runtime: MockRuntime, request: Request, url: URL): Promise<Reply> {
  const path = url.pathname.replace(/\/+$/, '');
  const method = request.method;
  const route = `${method} ${path}`;
  switch (route) {
    case 'GET /__mock':
      return { status: 200, data: controlIndex(url.origin) };
    case 'POST /__mock/reset':
      loadBaseline(runtime);
      return { status: 200, data: { reset: true } };
    case 'PUT /__mock/scenario': {
      const input = await readJson(request);
      try {
        loadScenario(runtime, resolveScenario(input === 'demo' ? 'demo' : (input as never)));
      } catch (error) {
        if (error instanceof ScenarioError) {
          throw validationError(
            error.issues.map((issue) => ({ path: ['body', ...issue.segments], message: issue.message })),
          );
        }
        throw error;
      }
      return { status: 200, data: { tenants: runtime.baseline.scenario.tenants.map((tenant) => tenant.id) } };
    }
    case 'POST /__mock/api-keys': {
      const input = await body(request, CreateKeyInputSchema);
      const { rateLimit, prefix, ...rest } = input;
      return {
        status: 201,
        data: {
          apiKey: createApiKey(runtime, {
            ...rest,
            ...(rateLimit === undefined ? {} : { rateLimit }),
            ...(prefix === undefined ? {} : { prefix }),
          }),
        },
      };
    }
    case 'GET /__mock/events': {
      const filter: { tenantId?: string; type?: string } = {};
      const tenantId = url.searchParams.get('tenantId');
      const type = url.searchParams.get('type');
      if (tenantId !== null) filter.tenantId = tenantId;
      if (type !== null) filter.type = type;
      return { status: 200, data: { events: runtime.world.state.events.list(filter) } };
    }
    case 'GET /__mock/calls':
      return { status: 200, data: { calls: listCalls(runtime) } };
    case 'GET /__mock/carrier':
      return { status: 200, data: { carrier: carrierState(runtime) } };
    case 'PUT /__mock/carrier': {
      const settings = await body(request, CarrierInputSchema);
      return {
        status: 200,
        data: {
          carrier: setCarrier(
            runtime,
            settings.reason === undefined ? { mode: settings.mode } : { mode: settings.mode, reason: settings.reason },
          ),
        },
      };
    }
    case 'POST /__mock/sms/inbound':
      return { status: 201, data: receiveSms(runtime, await body(request, InboundSmsInputSchema)) };
    case 'GET /__mock/memory':
      return { status: 200, data: { memory: memoryReport() } };
    case 'GET /__mock/clock':
      return { status: 200, data: { now: runtime.world.sim.clock.iso(), offsetMs: runtime.world.sim.clock.offsetMs } };
    case 'POST /__mock/clock/advance':
      return { status: 200, data: advanceClock(runtime, (await body(request, AdvanceClockInputSchema)).ms) };
    case 'POST /__mock/faults': {
      const fault = await body(request, FaultSchema);
      runtime.world.state.faults.add(fault);
      return { status: 201, data: { fault } };
    }
  }
  const journal = journalRoute(runtime, method, url, path);
  if (journal !== undefined) return journal;
  const records = recordsRoute(runtime, method, url, path);
  if (records !== undefined) return records;
  const snapshot = await snapshotRoute(runtime, request, path);
  if (snapshot !== undefined) return snapshot;
  const webhook = await webhookRoute(runtime, request, url, path);
  if (webhook !== undefined) return webhook;
  const tenant = await tenantRoute(runtime, method, path, (schema) => body(request, schema));
  if (tenant !== undefined) return tenant;
  const consoleReply = consoleRoute(runtime, method, path);
  if (consoleReply !== undefined) return consoleReply;
  const call = /^\/__mock\/calls\/([^/]+)\/([a-z-]+)$/.exec(path);
  if (call !== null && method === 'POST') {
    const action = call[2] as CallAction;
    if (!CALL_ACTIONS.includes(action)) throw new ApiError('NOT_FOUND', `Unknown call action "${action}".`);
    return { status: 200, data: { call: controlCall(runtime, decodeURIComponent(call[1] ?? ''), action) } };
  }
  throw new ApiError('NOT_FOUND', `No control route ${route}.`);
}

/**
 * The control surface over HTTP, under `/__mock`, for suites in other languages. JSON in and
 * out, inputs validated with zod, errors in the service's error envelope.
 */
export async function controlSurface(runtime: MockRuntime, request: Request, url: URL): Promise<Response> {
  if (request.method === 'GET' && url.pathname === JOURNAL_STREAM_PATH) return journalStream(runtime, request);
  try {
    const reply = await dispatch(runtime, request, url);
    return envelope(
      controlRequestId(request),
      runtime.world.sim.clock.iso(),
      reply.status,
      { success: true, data: reply.data },
      reply.pagination,
    );
  } catch (error) {
    if (!(error instanceof ApiError) && isClientClosed(error, request))
      return clientClosedResponse(controlRequestId(request));
    return controlErrorResponse(runtime.world.sim.clock, request, error);
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
  return envelope(controlRequestId(request), clock.iso(), apiError.status, { success: false, error: payload });
}
