import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMock } from '@commflow/mock-server';
import { APIUserAbortError, NotFoundError } from '../src/index.js';
import { openTelemetry } from '../src/otel.js';
import { ANN, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});
afterEach(() => {
  exporter.reset();
  vi.restoreAllMocks();
});
afterAll(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('@commflow/sdk/otel', () => {
  it('one CLIENT span per call, named by the operation, a child of the app’s active span; traceparent reaches the service', async () => {
    const { client, sent } = setup({ hooks: openTelemetry() });
    const app = trace.getTracer('app');
    await app.startActiveSpan('nightly-sync', async (parent) => {
      await client.withUser(ANN).contacts.list({ search: 'ann' });
      parent.end();
    });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['contacts.list', 'nightly-sync']);
    const [call, parent] = spans;
    expect(call?.kind).toBe(SpanKind.CLIENT);
    expect(call?.spanContext().traceId).toBe(parent?.spanContext().traceId);
    expect(call?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(call?.instrumentationScope.name).toBe('@commflow/sdk');
    expect(call?.attributes).toEqual({
      'http.request.method': 'GET',
      'server.address': 'commflow.mock',
      'server.port': 80,
      'url.full': 'http://commflow.mock/api/v1/contacts?search=ann',
      'http.response.status_code': 200,
      'commflow.operation': 'contacts.list',
      'commflow.tenant_id': DEMO_TENANTS.sandbox,
    });
    expect(call?.status.code).toBe(SpanStatusCode.UNSET);
    // The request carried the call span's context, through the global W3C propagator.
    const match = TRACEPARENT.exec(sent[0]?.headers.get('traceparent') ?? '');
    expect(match?.[1]).toBe(call?.spanContext().traceId);
    expect(match?.[2]).toBe(call?.spanContext().spanId);
    // Never a secret in a span.
    expect(JSON.stringify(call?.attributes)).not.toContain('cf_');
  });

  it('a retried call: one span, a retry event per retry, the resend count; each attempt carries its traceparent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { client, mock, sent } = setup({ hooks: openTelemetry() });
    mock.injectFault({ method: 'GET', path: '/api/v1/users', status: 503, times: 2 });
    await client.users.list();
    const [span, ...others] = exporter.getFinishedSpans();
    expect(others).toEqual([]);
    expect(span?.name).toBe('users.list');
    expect(span?.events.map((event) => [event.name, event.attributes?.['error.type']])).toEqual([
      ['retry', 'INTERNAL_ERROR'],
      ['retry', 'INTERNAL_ERROR'],
    ]);
    expect(span?.attributes['http.request.resend_count']).toBe(2);
    expect(span?.attributes['http.response.status_code']).toBe(200);
    expect(sent).toHaveLength(3);
    const parents = sent.map((request) => TRACEPARENT.exec(request.headers.get('traceparent') ?? '')?.[2]);
    expect(parents).toEqual([span?.spanContext().spanId, span?.spanContext().spanId, span?.spanContext().spanId]);
  });

  it('a failed call: error.type is the error code, the status is ERROR', async () => {
    const { client } = setup({ hooks: openTelemetry() });
    const error = await rejectionOf(client.ai.agents.get('3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31'));
    expect(error).toBeInstanceOf(NotFoundError);
    const [span] = exporter.getFinishedSpans();
    expect(span?.attributes['error.type']).toBe('NOT_FOUND');
    expect(span?.attributes['http.response.status_code']).toBe(404);
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: (error as Error).message });
  });

  it("a call held in the rateLimit: 'auto' queue: its span starts before the wait and carries a rate-limit-wait event", async () => {
    const mock = createMock('demo');
    const { key } = mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], rateLimit: { limit: 1, windowSeconds: 1 } });
    const { client } = setup({ apiKey: key, rateLimit: 'auto', logLevel: 'off', hooks: openTelemetry() }, mock);
    await Promise.all([client.users.list(), client.users.list()]);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['users.list', 'users.list']);
    const [first, held] = spans;
    expect(first?.events).toEqual([]);
    expect(held?.events.map((event) => event.name)).toEqual(['rate-limit-wait']);
    const [wait] = held?.events ?? [];
    expect(wait?.attributes?.['commflow.attempt']).toBe(1);
    expect(wait?.attributes?.['commflow.wait_ms']).toBeGreaterThan(0);
    // The span began at the wait, before the attempt it held back.
    expect(held?.attributes['http.response.status_code']).toBe(200);
    expect(held?.attributes['http.request.resend_count']).toBeUndefined();
    expect(mock.journal().map((entry) => entry.status)).toEqual([200, 200]);
  });

  it('a call that fails in the queue, never sent, still has its span: ERROR, with the abort as error.type', async () => {
    const mock = createMock('demo');
    const { key } = mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 1, windowSeconds: 60 },
    });
    const { client, sent } = setup({ apiKey: key, rateLimit: 'auto', logLevel: 'off', hooks: openTelemetry() }, mock);
    await client.users.list(); // the window's one request
    const controller = new AbortController();
    const queued = client.users.list({}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20)); // waiting in the queue by now
    controller.abort();
    const error = await rejectionOf(queued);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(sent).toHaveLength(1);
    const [, failed] = exporter.getFinishedSpans();
    expect(failed?.name).toBe('users.list');
    expect(failed?.events.map((event) => event.name)).toEqual(['rate-limit-wait', 'exception']);
    expect(failed?.attributes['error.type']).toBe('AbortError');
    expect(failed?.attributes['http.response.status_code']).toBeUndefined();
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: (error as Error).message });
  });

  it('uses the tracer provider it is given instead of the global one', async () => {
    const own = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(own)] });
    const { client } = setup({
      hooks: openTelemetry({ tracerProvider, attributes: { 'service.component': 'billing' } }),
    });
    await client.users.list();
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(own.getFinishedSpans().map((span) => [span.name, span.attributes['service.component']])).toEqual([
      ['users.list', 'billing'],
    ]);
  });

  it('the main entry loads nothing of it: a bundle of a client and its calls holds no OpenTelemetry module', async () => {
    /** The modules in a bundle of `code`, code splitting on (as an app's bundler does), @opentelemetry/api left external. */
    const modules = async (code: string) => {
      const { metafile } = await build({
        stdin: { contents: code, resolveDir: import.meta.dirname, loader: 'ts' },
        // Module paths relative to the package, wherever vitest runs from.
        absWorkingDir: resolve(import.meta.dirname, '..'),
        bundle: true,
        format: 'esm',
        splitting: true,
        outdir: 'out',
        platform: 'neutral',
        conditions: ['source'],
        external: ['@opentelemetry/api'],
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const imports = Object.values(metafile.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
      return [...Object.keys(metafile.inputs), ...imports].filter((path) => /opentelemetry|otel\.ts/.test(path));
    };
    const app = `import { CommFlow } from '../src/index.js';
      const client = new CommFlow({ hooks: { onWait: () => undefined }, rateLimit: 'auto' });
      await client.users.list();`;
    expect(await modules(app)).toEqual([]);
    // The same check sees the subpath when an app does import it.
    expect(
      await modules(`${app}\nimport { openTelemetry } from '../src/otel.js'; console.log(openTelemetry);`),
    ).toEqual(['src/otel.ts', '@opentelemetry/api']);
  });
});
