/** The journal and the events over HTTP: filtered lists in pages, one entry, and the live stream. */
import { ApiError } from '../../service/api-error.js';
import { journalPage } from '../../runtime/journal-query.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import { checkTenantFilter } from '../../runtime/tenant-filter.js';
import type { ControlHandlers } from './reply.js';

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 15_000;

/** A date or date-time filter as the instant the journal compares (a date is its midnight, UTC). */
const instant = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

/** The journal routes' handlers. */
export const JOURNAL_HANDLERS: ControlHandlers<'requests' | 'journalStream' | 'request' | 'events'> = {
  requests: (runtime, { query }) => {
    checkTenantFilter(runtime, query.tenantId, ['query', 'tenantId']);
    const { since, until, ...rest } = query;
    const filter = Object.fromEntries(
      Object.entries({ ...rest, since: instant(since), until: instant(until) }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    const page = journalPage(runtime, filter);
    return { data: { entries: page.entries }, pagination: page.pagination };
  },
  journalStream: (runtime, { request }) => journalStream(runtime, request),
  request: (runtime, { params }) => {
    const entry = runtime.world.state.journal.get(params.requestId);
    if (entry === undefined) throw new ApiError('NOT_FOUND', `No journal entry has request id "${params.requestId}".`);
    return { data: { entry } };
  },
  events: (runtime, { query }) => {
    checkTenantFilter(runtime, query.tenantId, ['query', 'tenantId']);
    const filter: { tenantId?: string; type?: string } = {};
    if (query.tenantId !== undefined) filter.tenantId = query.tenantId;
    if (query.type !== undefined) filter.type = query.type;
    return { data: { events: runtime.world.state.events.list(filter) } };
  },
};

/**
 * `GET /__mock/journal/stream`: `text/event-stream`, one `data:` line of JSON per journal entry
 * (its summary: no request or response), starting with the entries already kept. A comment every
 * 15 s keeps an idle stream open; the subscription ends when the client goes away.
 */
function journalStream(runtime: MockRuntime, request: Request): Response {
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
