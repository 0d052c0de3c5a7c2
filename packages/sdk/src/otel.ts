/**
 * OpenTelemetry tracing for the CommFlow SDK: `openTelemetry()` returns hooks that open one
 * `CLIENT` span per call and inject the trace context (`traceparent`) into its requests.
 * Requires `@opentelemetry/api` (an optional peer dependency of the SDK, which the main entry never
 * loads).
 *
 * @example
 * ```ts
 * import { CommFlow } from '@commflow/sdk';
 * import { openTelemetry } from '@commflow/sdk/otel';
 *
 * const client = new CommFlow({ hooks: openTelemetry() });
 * ```
 *
 * @module
 */
import {
  context as otelContext,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type TextMapPropagator,
  type TextMapSetter,
  type TracerProvider,
} from '@opentelemetry/api';
import type {
  AfterResponseContext,
  ErrorContext,
  HookContext,
  Hooks,
  RetryContext,
  WaitContext,
} from './core/hooks.js';

/**
 * Options of {@link openTelemetry}.
 *
 * @example
 * ```ts
 * const options: OpenTelemetryOptions = { tracerProvider: provider, attributes: { 'service.component': 'billing' } };
 * ```
 */
export interface OpenTelemetryOptions {
  /** The provider of the tracer. Default: the globally registered one (`trace.getTracerProvider()`), looked up at each call. */
  tracerProvider?: TracerProvider | undefined;
  /** Attributes added to every span. */
  attributes?: Attributes | undefined;
  /**
   * How the span's context travels in each request's headers. Default: the global propagator
   * when one writes a `traceparent`, else W3C Trace Context (`traceparent`, `tracestate`), so a
   * tracer given without a registered propagator still links the service's spans to the call.
   */
  propagator?: TextMapPropagator<Headers> | undefined;
}

/** The tracer's name: the instrumentation scope of the spans. */
const SCOPE = '@commflow/sdk';

const setter: TextMapSetter<Headers> = {
  set: (carrier, key, value) => {
    carrier.set(key, value);
  },
};

/**
 * W3C Trace Context, written from the span's own context: `traceparent` (version 00) and the
 * `tracestate` it carries. The default when no propagator is given or registered.
 */
function injectW3C(span: Span, headers: Headers): void {
  const { traceId, spanId, traceFlags, traceState } = span.spanContext();
  if (!trace.isSpanContextValid(span.spanContext())) return;
  headers.set('traceparent', `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`);
  const state = traceState?.serialize();
  if (state) headers.set('tracestate', state);
}

/**
 * `exception.type` of the span's exception event: the error's class name (`NotFoundError`,
 * `APITimeoutError`), one rule for every error; its code is in `error.type`.
 */
function recordException(span: Span, error: Error): void {
  span.addEvent('exception', {
    'exception.type': error.name,
    'exception.message': error.message,
    ...(error.stack === undefined ? {} : { 'exception.stacktrace': error.stack }),
  });
}

/** `error.type`: the error's code (`RATE_LIMITED`, `VALIDATION_ERROR`), else its class name. */
function errorType(error: Error): string {
  // The error as what it may carry (an APIError's code, a ValidationError's): a wider type.
  const { code }: { code?: unknown; name: string } = error;
  return typeof code === 'string' ? code : error.name;
}

/**
 * Hooks that trace each call as one `CLIENT` span named by its operation id (`contacts.create`),
 * a child of the span active when the call was made. Attributes: `http.request.method`,
 * `server.address`, `server.port`, `url.full`, `http.response.status_code`, `commflow.operation`,
 * `commflow.tenant_id`, `http.request.resend_count` (the retries), and `error.type` (the error's
 * code) when the call fails. Each retry is a `retry` event on the span. A wait in the client-side
 * queue of `rateLimit: 'auto'` is a `rate-limit-wait` event, and the span starts before it, so its
 * duration includes the wait; a call that fails in that queue still has its span. A failed call's
 * `exception` event has `exception.type` set to the error's class name, whatever the error. Every
 * attempt carries the span's context: through `options.propagator`, else the global propagator,
 * else W3C Trace Context (`traceparent`), so a request always carries one when a tracer is given.
 *
 * @example
 * ```ts
 * import { trace } from '@opentelemetry/api';
 * import { CommFlow } from '@commflow/sdk';
 * import { openTelemetry } from '@commflow/sdk/otel';
 *
 * const client = new CommFlow({ hooks: [openTelemetry(), { onWait: ({ segmentMs }) => console.log(segmentMs) }] });
 * await trace.getTracer('app').startActiveSpan('nightly-sync', async (span) => {
 *   await client.contacts.list(); // a child span named contacts.list
 *   span.end();
 * });
 * ```
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Hooks {
  const spans = new WeakMap<object, Span>();

  const end = (call: object, span: Span) => {
    spans.delete(call);
    span.end();
  };

  /** The call's span, started by the first hook that hears of the call (a queue wait comes before the first attempt). */
  const spanOf = (ctx: HookContext): Span => {
    let span = spans.get(ctx.call);
    if (span === undefined) {
      const url = new URL(ctx.url);
      const provider = options.tracerProvider ?? trace.getTracerProvider();
      span = provider.getTracer(SCOPE).startSpan(
        ctx.operationId,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            ...options.attributes,
            'http.request.method': ctx.method,
            'server.address': url.hostname,
            'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            // No secret is in it: the key travels in a header, and fetch refuses URLs with credentials.
            'url.full': ctx.url,
            'commflow.operation': ctx.operationId,
            'commflow.tenant_id': ctx.tenantId,
          },
        },
        otelContext.active(),
      );
      spans.set(ctx.call, span);
    }
    return span;
  };

  return {
    onWait: (ctx: WaitContext) => {
      // The waits before a retry are in its `retry` event; the client-side queue's get their own.
      if (ctx.reason === 'rate-limit') {
        spanOf(ctx).addEvent('rate-limit-wait', {
          'commflow.attempt': ctx.attempt,
          'commflow.wait_ms': Math.round(ctx.segmentMs),
        });
      }
    },
    beforeRequest: (ctx: HookContext) => {
      const span = spanOf(ctx);
      if (ctx.attempt > 1) span.setAttribute('http.request.resend_count', ctx.attempt - 1);
      const carrier = trace.setSpan(otelContext.active(), span);
      if (options.propagator) options.propagator.inject(carrier, ctx.headers, setter);
      else {
        propagation.inject(carrier, ctx.headers, setter);
        // No global propagator registered (the API's default writes nothing): W3C Trace Context.
        if (!ctx.headers.has('traceparent')) injectW3C(span, ctx.headers);
      }
    },
    afterResponse: (ctx: AfterResponseContext) => {
      const span = spans.get(ctx.call);
      if (span === undefined) return;
      span.setAttribute('http.response.status_code', ctx.response.status);
      // A success ends the call; an error status is followed by onRetry or onError.
      if (ctx.response.ok) end(ctx.call, span);
    },
    onRetry: (ctx: RetryContext) => {
      spans.get(ctx.call)?.addEvent('retry', {
        'commflow.attempt': ctx.attempt,
        'commflow.retry_delay_ms': Math.round(ctx.delayMs),
        'error.type': errorType(ctx.error),
      });
    },
    onError: (ctx: ErrorContext) => {
      // A call that failed before any attempt (its queue wait timed out or was aborted) still gets its span.
      const span = spanOf(ctx);
      span.setAttribute('error.type', errorType(ctx.error));
      recordException(span, ctx.error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: ctx.error.message });
      end(ctx.call, span);
    },
  };
}
