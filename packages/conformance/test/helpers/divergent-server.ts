/**
 * Deliberately wrong implementations: the standalone mock (node adapter, 127.0.0.1) behind a
 * small 127.0.0.1 proxy that switches in one divergence: a rewrite of a request or an answer.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer } from '@commflow/mock-server/node';

/** Sends a request on to the faithful mock. */
export type Forward = (request: Request) => Promise<Response>;

/** One divergence: how it rewrites the traffic. */
export type Rewrite = (request: Request, forward: Forward) => Promise<Response>;

/** The faithful proxy: every request and answer as is. */
export const faithful: Rewrite = (request, forward) => forward(request);

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'content-encoding',
]);

async function toRequest(incoming: IncomingMessage, upstream: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(new URL(incoming.url ?? '/', upstream), {
    method: incoming.method ?? 'GET',
    headers,
    ...(body.length > 0 ? { body } : {}),
  });
}

/** A fresh demo mock behind a proxy applying `rewrite`; `url` is the proxy's. */
export async function startDivergentServer(rewrite: Rewrite) {
  const upstream = await startMockServer({ scenario: 'demo' });
  const forward: Forward = async (request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(new URL(url.pathname + url.search, upstream.url), {
      method: request.method,
      headers: request.headers,
      ...(body === undefined || body.byteLength === 0 ? {} : { body }),
    });
  };
  const proxy = createServer((incoming, outgoing) => {
    void (async () => {
      try {
        const response = await rewrite(await toRequest(incoming, upstream.url), forward);
        const body = Buffer.from(await response.arrayBuffer());
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name)) headers[name] = value;
        });
        outgoing.writeHead(response.status, headers);
        outgoing.end(body);
      } catch (error) {
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) =>
        proxy.close(() => {
          resolve();
        }),
      );
      await upstream.close();
    },
  };
}

/** An answer with its JSON body rewritten by `edit`, same status and headers unless given. */
export async function rewriteJson(
  response: Response,
  edit: (body: Record<string, unknown>) => unknown,
  status = response.status,
): Promise<Response> {
  const body = (await response.json()) as Record<string, unknown>;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(edit(body)), { status, headers });
}

/** The same request with its URL or headers changed. */
export function withRequest(
  request: Request,
  change: { url?: (url: URL) => void; headers?: (headers: Headers) => void },
): Request {
  const url = new URL(request.url);
  change.url?.(url);
  const headers = new Headers(request.headers);
  change.headers?.(headers);
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
  if (request.body !== null) {
    init.body = request.body;
    init.duplex = 'half';
  }
  return new Request(url, init);
}
