/**
 * The Node adapter: serves a mock over HTTP with `node:http`, converting requests with
 * `@hono/node-server`. The same core answers as in-process.
 *
 * @module node
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { registerRawHeaders } from '../../lib/raw-headers.js';
import { readUnparsable } from '../../lib/malformed-request.js';
import { isDropped } from '../../lib/dropped.js';
import { createControlGate, isLoopback, type ControlSafety } from '../control/gate.js';
import { createMock, type CommFlowMock } from '../../facade/commflow-mock.js';

/** How long an idle keep-alive connection stays open (advertised as `Keep-Alive: timeout=60`). */
const KEEP_ALIVE_MS = 60_000;

export type { ControlSafety };

/**
 * One line per request, for logs. A logger that throws loses that line; the request is still
 * answered. A client that went away before its answer is logged with status 499.
 *
 * @example
 * ```ts
 * const log: RequestLogger = (line) => console.log(line.method, line.path, line.status);
 * ```
 */
export type RequestLogger = (line: { method: string; path: string; status: number; ms: number }) => void;

/**
 * A `node:http` request listener answering with `mock`.
 *
 * @example
 * ```ts
 * const server = createServer(createNodeListener(createMock('demo')));
 * ```
 */
export function createNodeListener(
  mock: CommFlowMock,
  options: {
    log?: RequestLogger;
    /** Who may reach the console and `/__mock`; default: loopback hosts only, no token. */
    safety?: ControlSafety;
    /**
     * Let @hono/node-server replace the global Request/Response with its lighter ones, which
     * write bodies without a stream: several times the throughput. Only for a process that
     * serves nothing else (the CLI); msw and other code may rely on the originals. Default false.
     */
    overrideGlobalObjects?: boolean;
  } = {},
) {
  const log = options.log;
  const logged =
    (handler: (request: Request, env?: { incoming?: { rawHeaders: string[] } }) => Promise<Response>) =>
    async (request: Request, env?: { incoming?: { rawHeaders: string[] } }): Promise<Response> => {
      const started = performance.now();
      const response = await handler(request, env);
      try {
        log?.({
          method: request.method,
          path: pathAndQuery(request.url),
          status: response.status,
          ms: performance.now() - started,
        });
      } catch {
        // A logger that fails (a closed stream, a full disk) loses its line, never the answer.
      }
      return response;
    };
  const listenerOf = (
    handler: (request: Request, env?: { incoming?: { rawHeaders: string[] } }) => Promise<Response>,
  ) =>
    getRequestListener(log === undefined ? handler : logged(handler), {
      overrideGlobalObjects: options.overrideGlobalObjects ?? false,
    });
  const api = listenerOf((request, env?: { incoming?: { rawHeaders: string[] } }) => {
    // The journal reads every header: the raw lines cost nothing, the lazy `Headers` would.
    if (env?.incoming !== undefined) registerRawHeaders(request, env.incoming.rawHeaders);
    return mock.handleApi(request).then((response) => {
      if (!isDropped(response)) return response;
      // An override dropped the connection: the socket closes with no answer written.
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- @hono/node-server passes Node's request untyped in env.incoming; only socket.destroy is read, and optionally
      (env?.incoming as Partial<IncomingMessage> | undefined)?.socket?.destroy();
      return new Response(null, { status: 500 });
    });
  });
  if (!mock.controlEnabled) return api;
  // The console and /__mock go through the safety checks; API requests never do.
  const guarded = listenerOf(createControlGate(mock, options.safety ?? {}));
  return (incoming: IncomingMessage, outgoing: ServerResponse) =>
    isGuarded(incoming.url ?? '/', incoming.headers.accept) ? guarded(incoming, outgoing) : api(incoming, outgoing);
}

/**
 * Whether a request goes through the control gate, from the raw request target alone: `/__mock…`,
 * `/` asked for as HTML, and any target that is not a plain path (the gate sorts those out).
 */
function isGuarded(target: string, accept: string | null | undefined): boolean {
  if (target.charCodeAt(0) !== 47 /* "/" */) return true;
  if (target.startsWith('/__mock')) return true;
  return (target === '/' || target.startsWith('/?')) && (accept ?? '').includes('text/html');
}

/**
 * The path and query of an absolute request URL, as `URL` would give them. The adapter's URLs
 * are already normalised, so slicing after the origin is enough; one with a fragment goes
 * through `URL`, which drops it.
 */
function pathAndQuery(href: string): string {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  if (start === -1 || href.includes('#')) {
    const url = new URL(href);
    return url.pathname + url.search;
  }
  return href.slice(start);
}

/**
 * Answers a request Node could not parse (a control character in the request line or a header, a
 * malformed method or header name), where Node would write a bare `400 Bad Request`. The bytes
 * received are read again leniently and the request goes through the same checks as any other
 * (the key and the rate limit, or the control gate), which refuse it with the error envelope,
 * `details` naming each invalid part, and the headers of such an answer (`X-Request-Id`,
 * `RateLimit-*`). The connection is then closed. A socket that failed or timed out (no parse
 * error), or whose client went away mid-request, is closed.
 */
async function answerUnparsable(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Socket,
  answer: (request: Request, guarded: boolean) => Promise<Response>,
  origin: string,
): Promise<void> {
  // A client that went away mid-request (HPE_INVALID_EOF_STATE) has no one to answer.
  if (!socket.writable || error.code?.startsWith('HPE_') !== true || error.code === 'HPE_INVALID_EOF_STATE') {
    socket.destroy();
    return;
  }
  const { request, target } = readUnparsable(error.rawPacket, origin, error.code);
  const response = await answer(request, isGuarded(target, request.headers.get('accept')));
  const body = Buffer.from(await response.arrayBuffer());
  let head = `HTTP/1.1 ${String(response.status)} ${STATUS_CODES[response.status] ?? ''}\r\n`;
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'connection') head += `${name}: ${value}\r\n`;
  });
  head += `content-length: ${String(body.byteLength)}\r\nconnection: close\r\n\r\n`;
  // The client may have gone while the answer was made.
  if (socket.destroyed) return;
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
}

/** A host as a URL writes it: an IPv6 address in brackets. */
const shownHostOf = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** The port a listening server has. */
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a server listening on TCP (never a pipe) reports an AddressInfo
const portOf = (server: Server) => (server.address() as AddressInfo).port;

/**
 * A running standalone mock.
 *
 * @example
 * ```ts
 * const running = await startMockServer({ port: 0 });
 * console.log(running.url);
 * await running.close();
 * ```
 */
export interface RunningMockServer {
  readonly mock: CommFlowMock;
  readonly server: Server;
  /** `http://HOST:PORT`. */
  readonly url: string;
  /** The console's address (`url` + `/`, with `#token=` when a control token is required). */
  readonly consoleUrl: string;
  /** The token control requests must carry, when one is required (always, beyond loopback). */
  readonly controlToken: string | undefined;
  /** Whether the server listens beyond loopback, reachable from other machines. */
  readonly exposed: boolean;
  readonly port: number;
  /**
   * Stops listening, drops open connections and, when this server created its mock, closes the
   * mock too (pending webhook retries and their timers).
   */
  close(): Promise<void>;
}

/**
 * Starts a mock on `host:port` (defaults 127.0.0.1 and 0, a free port).
 *
 * @example
 * ```ts
 * const { url, mock, close } = await startMockServer({ scenario: 'demo' });
 * await fetch(`${url}/api/v1/openapi.json`);
 * await close();
 * ```
 */
export async function startMockServer(
  options: {
    mock?: CommFlowMock;
    scenario?: Parameters<typeof createMock>[0];
    control?: boolean;
    host?: string;
    port?: number;
    log?: RequestLogger;
    /** See {@link createNodeListener}. Default false. */
    overrideGlobalObjects?: boolean;
    /** Host names the console and `/__mock` accept beside loopback ones (and `host` itself). */
    allowedHosts?: readonly string[];
    /**
     * The token control requests must carry. Listening beyond loopback requires one: it is
     * generated when not given, and returned as `controlToken`.
     */
    controlToken?: string;
  } = {},
): Promise<RunningMockServer> {
  const mock = options.mock ?? createMock(options.scenario, { control: options.control ?? true });
  const host = options.host ?? '127.0.0.1';
  const exposed = !isLoopback(host);
  const controlToken =
    options.controlToken ?? (exposed && mock.controlEnabled ? randomBytes(24).toString('base64url') : undefined);
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const safety: ControlSafety = {
    allowedHosts: [...(options.allowedHosts ?? []), ...(wildcard || !exposed ? [] : [host])],
    ...(controlToken === undefined ? {} : { controlToken }),
  };
  const listener = createNodeListener(mock, {
    ...(options.log === undefined ? {} : { log: options.log }),
    overrideGlobalObjects: options.overrideGlobalObjects ?? false,
    safety,
  });
  const server = createServer((incoming, outgoing) => {
    void listener(incoming, outgoing);
  });
  // Clients should close an idle connection before the server does. With Node's 5 s, a client that
  // reuses one just as it expires (a test process stalled by a busy machine) gets "other side
  // closed", which a test client without retries reports as a failure. A mock's clients are test
  // suites: idle sockets for a minute cost nothing, and close() ends them all.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const gate = mock.controlEnabled ? createControlGate(mock, safety) : undefined;
  const answer = (request: Request, guarded: boolean) =>
    gate !== undefined && guarded ? gate(request) : mock.handleApi(request);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    answerUnparsable(error, socket, answer, `http://${shownHostOf(host)}:${String(portOf(server))}`).catch(() => {
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = portOf(server);
  const url = `http://${shownHostOf(host)}:${port}`;
  return {
    mock,
    server,
    port,
    url,
    // A wildcard address is not one a browser can open: point it at this machine instead.
    consoleUrl: `${wildcard ? `http://localhost:${port}` : url}/${controlToken === undefined ? '' : `#token=${controlToken}`}`,
    controlToken,
    exposed,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
      // A mock passed in belongs to the caller, who closes it.
      if (options.mock === undefined) await mock.close();
    },
  };
}
