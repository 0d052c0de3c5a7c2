import type { OperationId, OperationRequest } from '@commflow/contract';
import ky from 'ky';
import { APIUserAbortError, CommFlowError, HookError } from './errors.js';
import { errorFromResponse, failureOf, unwrap, type RawResult } from './error-mapping.js';
import type { HookContext, Hooks } from './hooks.js';
import { EMPTY, run, withCallHooks } from './hook-runner.js';
import { describe, InvalidArguments } from './invalid-arguments.js';
import { checkCall, type CallInput, type RequestOptions } from './option-checks.js';
import { planOf, type OperationPlan } from './plan.js';
import { prepare, type Prepared } from './prepare.js';
import { retryDelay, retryLine } from './retry-timing.js';
import { rememberSignal } from './signals.js';
import type { ClientState } from './state.js';
import { throttleOf } from './throttle-queues.js';
import { fetchWith, readText, send } from './transport.js';
import { abortable, sleep } from '../internal/utils.js';
import { waitLogOf } from '../internal/wait-log.js';

// The request core's parts, for the modules that import them from here.
export type { CallInput, RequestOptions } from './option-checks.js';
export type { RawResult } from './error-mapping.js';
export type { ClientState, Throttling } from './state.js';

/**
 * Runs one call: validate, send, retry what may be retried, unwrap or map the error.
 *
 * @internal
 */
export async function execute<T>(
  state: ClientState,
  op: OperationRequest & { readonly id: OperationId },
  input: CallInput,
  options: RequestOptions = {},
): Promise<RawResult<T>> {
  checkCall(op, input, options);
  const { signal } = options;
  if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
  const plan = planOf(op);
  const maxRetries = options.maxRetries ?? state.maxRetries;
  const timeout = options.timeout ?? state.timeout;
  let request: Prepared;
  try {
    request = prepare(state, op, plan, input, options, timeout);
  } catch (error) {
    throw error instanceof InvalidArguments ? await describe(error) : error;
  }
  const hooks = options.hooks === undefined ? state.hooks : withCallHooks(state.hooks, options.hooks);
  if (hooks === undefined || hooks.length === 0)
    return attempts<T>(state, op, plan, request, signal, maxRetries, timeout);
  // The current attempt's context: attempts() replaces it as each attempt starts, so that onError
  // hears the attempt that failed.
  const live: { context: HookContext } = {
    context: {
      call: {},
      operationId: op.id,
      method: op.method,
      url: request.url,
      tenantId: request.tenantId,
      attempt: 0,
      // Replaced by each attempt's own before any hook sees it.
      headers: EMPTY,
    },
  };
  try {
    return await attempts<T>(state, op, plan, request, signal, maxRetries, timeout, hooks, live);
  } catch (error) {
    if (error instanceof CommFlowError && !(error instanceof HookError && error.hook === 'onError')) {
      await run(hooks, 'onError', { ...live.context, error });
    }
    throw error;
  }
}

/**
 * The attempts of a call. With hooks, `live.context` is the current attempt's (number and
 * headers): the hooks get copies of it with their own fields added.
 */
async function attempts<T>(
  state: ClientState,
  op: OperationRequest,
  plan: OperationPlan,
  request: Prepared,
  signal: AbortSignal | undefined,
  maxRetries: number,
  timeout: number,
  hooks?: readonly Hooks[],
  live?: { context: HookContext },
): Promise<RawResult<T>> {
  const { log, throttling } = state;
  const client = (state.ky.instance ??= ky.create({ retry: 0, throwHttpErrors: false, timeout: state.timeout }));
  const throttle = throttling && throttleOf(throttling, state.apiKey, request.tenantId);

  for (let retry = 0; ; retry++) {
    const context = live && {
      ...live.context,
      attempt: retry + 1,
      headers: new Headers(Object.fromEntries(request.headers)),
    };
    if (live && context) live.context = context;
    // The queue's arguments (the wait log, the onWait hook) are only built when it holds the call.
    if (throttle && !throttle.tryTake()) {
      await throttle.wait(
        op.id,
        signal,
        timeout,
        state.maxRetryAfter,
        waitLogOf(log),
        hooks && context && ((segmentMs) => run(hooks, 'onWait', { ...context, reason: 'rate-limit', segmentMs })),
      );
    }

    let failure: CommFlowError | undefined;
    let response: Response | undefined;
    let text = '';
    let result: RawResult<T> | undefined;
    try {
      let { init } = request;
      if (hooks && context) {
        await run(hooks, 'beforeRequest', context);
        init = { ...init, fetch: fetchWith(state, context.headers) };
      }
      const started = Date.now();
      try {
        if (log.enabled('debug'))
          log.log('debug', `${op.id}: ${op.method} ${request.path}${retry ? ` (retry ${retry})` : ''}`);
        response = await abortable(send(client, request.url, init), signal);
        text = await abortable(readText(response, timeout - (Date.now() - started)), signal);
        if (log.enabled('debug')) log.log('debug', `${op.id}: ${response.status} in ${Date.now() - started} ms`);
        if (response.ok) {
          if (signal) rememberSignal(response, signal);
          const unwrapped = unwrap<T>(op, response, text);
          state.validateResponses?.(op.id, text, response);
          result = unwrapped;
        } else failure = errorFromResponse(response, text);
      } catch (error) {
        if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
        failure = failureOf(error, timeout, request.url);
      }
    } finally {
      throttle?.release(response?.headers);
    }
    if (hooks && context && response) {
      const { status, statusText, headers } = response;
      // `null` for an empty body: a 204 may have no other.
      const copy = new Response(text || null, { status, statusText, headers });
      await run(hooks, 'afterResponse', { ...context, response: copy });
    }
    if (result) return result;
    failure ??= new CommFlowError(`${op.id}: no response`);

    const wait = retry < maxRetries ? retryDelay(state, plan, failure, retry) : null;
    if (wait === null) throw failure;
    // Whole milliseconds: what the hooks and the log report is exactly what the SDK waits.
    const delayMs = Math.round(wait[0]);
    const reason = wait[1];
    if (hooks && context) {
      await run(hooks, 'onRetry', { ...context, error: failure, delayMs });
      await run(hooks, 'onWait', { ...context, reason, segmentMs: delayMs });
    }
    const endWait = waitLogOf(log).begin(...retryLine(op.id, failure.message, retry + 1, maxRetries, delayMs));
    try {
      await sleep(delayMs, signal);
    } catch {
      throw new APIUserAbortError({ cause: signal?.reason });
    } finally {
      endWait();
    }
  }
}
