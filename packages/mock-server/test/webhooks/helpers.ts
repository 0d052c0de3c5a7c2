import { afterEach } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockClock } from '../../src/sim/clock.js';
import { EventLog } from '../../src/state/events/event-log.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../../src/sim/webhooks/index.js';

/** A request as the receiver saw it: the raw body string and Node's lower-cased headers. */
export interface ReceivedRequest {
  method: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/** What a receiver answers for the n-th request (1-based): a status, optionally with headers. */
export type Answer = (
  n: number,
  request: ReceivedRequest,
) => number | { status: number; headers: Record<string, string> };

/** A real node:http receiver on 127.0.0.1, port 0. */
export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  answer: Answer;
  close: () => Promise<void>;
}

export async function startReceiver(answer: Answer): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const receiver: Receiver = { url: '', received, answer, close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers };
      received.push(request);
      const result = receiver.answer(received.length, request);
      const { status, headers } = typeof result === 'number' ? { status: result, headers: {} } : result;
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return receiver;
}

/**
 * Per-file fixtures that close, after each test, whatever the test opened (in reverse order).
 * Call once at the top of a test file.
 */
export function fixtures() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const defer = (cleanup: () => Promise<void>) => {
    cleanups.push(cleanup);
  };
  return {
    defer,
    /** A receiver closed after the test; by default it answers 200. */
    receiver: async (answer: Answer = () => 200): Promise<Receiver> => {
      const started = await startReceiver(answer);
      defer(started.close);
      return started;
    },
    /** A receiver that takes requests and never answers; `onRequest` sees each arrive. */
    hangingReceiver: async (onRequest: () => void = () => undefined): Promise<string> => {
      const server = createServer(onRequest);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      defer(
        () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => {
              resolve();
            });
          }),
      );
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hang`;
    },
    /** A dispatcher on a frozen clock, closed after the test. */
    harness: (options: Parameters<typeof setup>[0] = {}) => {
      const created = setup(options);
      defer(() => created.dispatcher.close());
      return created;
    },
  };
}

/** A frozen clock at the real current time (so `standardwebhooks`' ±5 min window holds), an event log and a dispatcher. */
export function setup(options: Partial<Omit<WebhookDispatcherOptions, 'events' | 'clock'>> = {}) {
  const clock = new MockClock({ frozen: true, start: Math.floor(Date.now() / 1000) * 1000 });
  const events = new EventLog(clock);
  const dispatcher = new WebhookDispatcher({ events, clock, realTimers: false, ...options });
  return { clock, events, dispatcher };
}

export const tenantA = randomUUID();
export const tenantB = randomUUID();

export function callStarted(events: EventLog, tenantId: string = tenantA) {
  return events.emit(tenantId, 'call.started', {
    callId: randomUUID(),
    status: 'initiated',
    destination: '+33612345678',
    userEmail: 'ada@example.com',
  });
}

export function smsSent(events: EventLog, tenantId: string = tenantA) {
  const conversationId = randomUUID();
  return events.emit(tenantId, 'sms.sent', {
    conversationId,
    message: {
      id: randomUUID(),
      conversationId,
      direction: 'outbound',
      from: '+33612345678',
      to: '+33698765432',
      body: 'Your table is ready — à bientôt 🍽',
      status: 'SENT',
      simulated: true,
      createdAt: new Date().toISOString(),
    },
  });
}

/** Node's headers as a plain record of strings, as `standardwebhooks` wants them. */
export function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') record[name] = value;
  return record;
}
