import { E164, HEADERS, Id, RequestId } from '@commflow/contract';
import * as z from 'zod';
import { ApiError, validationError } from '../api-error.js';
import { CALL_ACTIONS, type CallAction } from '../domains/voice.js';
import { FaultSchema } from '../faults.js';
import { newId } from '../ids.js';
import { parseJsonBytes } from '../json.js';
import type { CommFlowMock } from '../mock.js';
import { toDetails } from '../pipeline/validate.js';
import { PERMISSION_NAMES } from '../gating-names.js';
import { ScenarioError } from '../scenario/parse.js';
import { RateLimitSchema } from '../scenario/schema.js';

const CreateKeyBody = z.strictObject({
  tenantIds: z.array(Id).min(1),
  permissions: z.array(z.enum([...PERMISSION_NAMES, '*'])).default(['*']),
  rateLimit: RateLimitSchema.optional(),
  prefix: z.enum(['cf', 'cfa']).optional(),
});
const CarrierBody = z.strictObject({
  mode: z.enum(['accept', 'reject']),
  reason: z.string().min(1).max(500).optional(),
});
const InboundSmsBody = z.strictObject({ tenantId: Id, to: E164, from: E164, body: z.string().min(1).max(1600) });
const AdvanceBody = z.strictObject({
  ms: z
    .int()
    .min(0)
    .max(366 * 24 * 60 * 60 * 1000),
});

interface Reply {
  status: number;
  data: unknown;
}

function envelope(requestId: string, now: string, status: number, payload: object): Response {
  return new Response(JSON.stringify({ ...payload, meta: { requestId, timestamp: now } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', [HEADERS.requestId]: requestId },
  });
}

async function readJson(request: Request): Promise<unknown> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength === 0) return undefined;
  const parsed = parseJsonBytes(bytes);
  if (!parsed.ok) throw new ApiError('INVALID_JSON', parsed.message);
  return parsed.value;
}

async function body<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success) throw validationError(toDetails('body', parsed.error.issues));
  return parsed.data;
}

async function dispatch(mock: CommFlowMock, request: Request, url: URL): Promise<Reply> {
  const path = url.pathname.replace(/\/+$/, '');
  const method = request.method;
  const route = `${method} ${path}`;
  switch (route) {
    case 'POST /__mock/reset':
      mock.reset();
      return { status: 200, data: { reset: true } };
    case 'PUT /__mock/scenario': {
      const input = await readJson(request);
      try {
        mock.loadScenario(input === 'demo' ? 'demo' : (input as never));
      } catch (error) {
        if (error instanceof ScenarioError) {
          throw validationError(
            error.issues.map((issue) => ({ path: ['body', ...issue.segments], message: issue.message })),
          );
        }
        throw error;
      }
      return { status: 200, data: { tenants: mock.scenario.tenants.map((tenant) => tenant.id) } };
    }
    case 'POST /__mock/api-keys': {
      const input = await body(request, CreateKeyBody);
      const { rateLimit, prefix, ...rest } = input;
      return {
        status: 201,
        data: {
          apiKey: mock.createApiKey({
            ...rest,
            ...(rateLimit === undefined ? {} : { rateLimit }),
            ...(prefix === undefined ? {} : { prefix }),
          }),
        },
      };
    }
    case 'GET /__mock/journal':
      return { status: 200, data: { entries: mock.journal() } };
    case 'GET /__mock/events': {
      const filter: { tenantId?: string; type?: string } = {};
      const tenantId = url.searchParams.get('tenantId');
      const type = url.searchParams.get('type');
      if (tenantId !== null) filter.tenantId = tenantId;
      if (type !== null) filter.type = type;
      return { status: 200, data: { events: mock.events(filter) } };
    }
    case 'GET /__mock/calls':
      return { status: 200, data: { calls: mock.calls() } };
    case 'GET /__mock/carrier':
      return { status: 200, data: { carrier: mock.carrier() } };
    case 'PUT /__mock/carrier': {
      const settings = await body(request, CarrierBody);
      return {
        status: 200,
        data: {
          carrier: mock.setCarrier(
            settings.reason === undefined ? { mode: settings.mode } : { mode: settings.mode, reason: settings.reason },
          ),
        },
      };
    }
    case 'POST /__mock/sms/inbound':
      return { status: 201, data: mock.receiveSms(await body(request, InboundSmsBody)) };
    case 'GET /__mock/clock':
      return { status: 200, data: { now: mock.clock.iso(), offsetMs: mock.clock.offsetMs } };
    case 'POST /__mock/clock/advance':
      return { status: 200, data: mock.advanceClock((await body(request, AdvanceBody)).ms) };
    case 'POST /__mock/faults': {
      const fault = await body(request, FaultSchema);
      mock.injectFault(fault);
      return { status: 201, data: { fault } };
    }
  }
  const call = /^\/__mock\/calls\/([^/]+)\/([a-z-]+)$/.exec(path);
  if (call !== null && method === 'POST') {
    const action = call[2] as CallAction;
    if (!CALL_ACTIONS.includes(action)) throw new ApiError('NOT_FOUND', `Unknown call action "${action}".`);
    return { status: 200, data: { call: mock.controlCall(decodeURIComponent(call[1] ?? ''), action) } };
  }
  throw new ApiError('NOT_FOUND', `No control route ${route}.`);
}

/**
 * The control surface over HTTP, under `/__mock`, for suites in other languages. JSON in and
 * out, inputs validated with zod, errors in the service's error envelope.
 */
export async function controlSurface(mock: CommFlowMock, request: Request, url: URL): Promise<Response> {
  const sent = request.headers.get(HEADERS.requestId);
  const requestId = sent !== null && RequestId.safeParse(sent).success ? sent : `req_${newId()}`;
  try {
    const reply = await dispatch(mock, request, url);
    return envelope(requestId, mock.clock.iso(), reply.status, { success: true, data: reply.data });
  } catch (error) {
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError('VALIDATION_ERROR', error instanceof Error ? error.message : String(error));
    const payload: Record<string, unknown> = { code: apiError.code, message: apiError.message };
    if (apiError.details !== undefined) payload.details = apiError.details;
    return envelope(requestId, mock.clock.iso(), apiError.status, { success: false, error: payload });
  }
}
