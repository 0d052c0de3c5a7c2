import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { APITimeoutError, NotFoundError, type Fetch } from '../src/index.js';
import { openTelemetry } from '../src/otel.js';
import { rejectionOf, setup } from './helpers.js';

// No global tracer provider, propagator or context manager here: only the provider given to
// openTelemetry(), as an app that wires its tracer explicitly has.
const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

afterEach(() => {
  exporter.reset();
});

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('openTelemetry({ tracerProvider }) without a global propagator', () => {
  it('sends traceparent (W3C Trace Context) with the call span’s ids', async () => {
    const { client, sent } = setup({ hooks: openTelemetry({ tracerProvider }) });
    await client.users.list();
    const [span] = exporter.getFinishedSpans();
    const match = TRACEPARENT.exec(sent[0]?.headers.get('traceparent') ?? '');
    expect(match?.[1]).toBe(span?.spanContext().traceId);
    expect(match?.[2]).toBe(span?.spanContext().spanId);
  });
});

describe('exception.type', () => {
  it('is the error’s class name for an API error and for a timeout alike', async () => {
    const { client } = setup({ hooks: openTelemetry({ tracerProvider }), logLevel: 'off' });
    expect(await rejectionOf(client.ai.agents.get('3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31'))).toBeInstanceOf(
      NotFoundError,
    );
    const hang: Fetch = (request) =>
      new Promise((_, reject) => {
        request.signal.addEventListener('abort', () => {
          reject(request.signal.reason as Error);
        });
      });
    const slow = setup({ hooks: openTelemetry({ tracerProvider }), fetch: hang, timeout: 50, maxRetries: 0 });
    expect(await rejectionOf(slow.client.users.list())).toBeInstanceOf(APITimeoutError);
    const types = exporter
      .getFinishedSpans()
      .map((span) => span.events.find((event) => event.name === 'exception')?.attributes?.['exception.type']);
    expect(types).toEqual(['NotFoundError', 'APITimeoutError']);
  });
});
