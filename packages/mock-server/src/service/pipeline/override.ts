/**
 * The override step: when an override (issue 27) matches the request, its fault stalls, drops the
 * connection or fails the request, or its stub stands in for the operation. It runs where the
 * operation would, after authentication, gating, validation and idempotency, so an override
 * never answers a request the service would have refused. Nothing is done, and nothing is
 * allocated, while the mock has no override.
 */
import type { OperationDefinition } from '@commflow/contract';
import { ApiError } from '../api-error.js';
import { codeForStatus, stubBody } from '../../state/override-schema.js';
import type { OverrideRecord } from '../../state/overrides.js';
import type { RequestContext, Step } from './context.js';
import { commonHeaders, withHeaders } from './envelope.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Thrown when an override drops the connection: the pipeline sends no answer. */
export class ConnectionDroppedError extends Error {
  constructor(id: string) {
    super(`Override ${id} dropped the connection.`);
    this.name = 'ConnectionDroppedError';
  }
}

/** Fails as an override's fault says: stall, then drop or answer its status. */
function fail(fault: NonNullable<OverrideRecord['fault']>, id: string): void {
  if (fault.drop === true) throw new ConnectionDroppedError(id);
  // A delay alone lets the operation run.
  if (fault.status === undefined) return;
  const headers: Record<string, string> = { 'X-Mock-Fault': 'injected', 'X-Mock-Override': id };
  if (fault.status === 429) headers['Retry-After'] = '1';
  const code = fault.code ?? codeForStatus(fault.status);
  const error = ApiError.custom(fault.status, code, 'Injected fault.', headers);
  if (fault.status === 429) Object.assign(error, { details: { retryAfterSeconds: 1 } });
  // The catalogue's VALIDATION_ERROR always lists its issues: an injected one has none to list.
  else if (code === 'VALIDATION_ERROR') Object.assign(error, { details: [] });
  throw error;
}

export const applyOverride: Step = (context) => {
  const { op, tenant } = context;
  // Stryker disable next-line ConditionalExpression: the route and tenant steps set both or throw; the guard only narrows RequestContext
  if (op === undefined || tenant === undefined) return undefined;
  const override = context.world.state.overrides.take(tenant.id, op.id, context.url, context.rawBody);
  if (override === undefined) return undefined;
  context.override = { id: override.id, unchecked: override.respond !== undefined && override.unchecked };
  if (override.respond !== undefined) {
    context.stub = {
      status: override.respond.status,
      headers: override.respond.headers ?? {},
      body: override.respond.body,
    };
    return undefined;
  }
  const fault = override.fault ?? {};
  if (fault.delayMs !== undefined && fault.delayMs > 0) {
    const delayMs = fault.delayMs;
    return sleep(delayMs).then(() => {
      fail(fault, override.id);
      return undefined;
    });
  }
  fail(fault, override.id);
  return undefined;
};

/** A stub's answer: its status, headers and body; `meta` names this request. */
export function stubResponse(
  context: RequestContext,
  op: OperationDefinition,
): { response: Response; body: string; headers: Record<string, string> } {
  const stub = context.stub ?? { status: 200, headers: {}, body: undefined };
  const body =
    stub.body === undefined
      ? ''
      : JSON.stringify(stubBody(op, stub.body, context.requestId, context.world.clock.iso()));
  const headers = withHeaders(commonHeaders(context), [
    ...Object.entries(stub.headers),
    ['X-Mock-Override', context.override?.id ?? ''],
  ]);
  return { response: new Response(body === '' ? null : body, { status: stub.status, headers }), body, headers };
}
