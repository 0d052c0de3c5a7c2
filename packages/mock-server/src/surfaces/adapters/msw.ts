/**
 * The msw 3 adapter: one catch-all handler per mock, so routing stays in the mock's indexed
 * router instead of msw trying handlers one by one.
 *
 * @module msw
 */
import { http, type HttpHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { createMock, type CommFlowMock } from '../../facade/commflow-mock.js';
import type { MockOptions } from '../../runtime/create-runtime.js';
import type { ResolvedScenario } from '../../scenario/parse.js';
import type { ScenarioInput } from '../../scenario/schema.js';

/**
 * The msw handler answering every request under `baseUrl` with `mock`.
 *
 * @example
 * ```ts
 * const mock = createMock('demo');
 * const server = setupServer(mockHandler(mock, { baseUrl: 'https://api.commflow.test' }));
 * ```
 */
export function mockHandler(mock: CommFlowMock, options: { baseUrl: string }): HttpHandler {
  const base = options.baseUrl.replace(/\/+$/, '');
  return http.all(`${base}/*`, ({ request }) => mock.handle(request));
}

/**
 * An msw server around one mock, with the usual `listen` / `resetHandlers` / `close` lifecycle.
 *
 * @example
 * ```ts
 * const env = setupMockServer({ baseUrl: 'https://api.commflow.test' });
 * beforeAll(() => env.listen());
 * afterEach(() => env.reset());
 * afterAll(() => env.close());
 * ```
 */
export interface MockServer {
  /** The mock answering the requests. */
  readonly mock: CommFlowMock;
  /** The msw server, for `server.use(...)` overrides and `server.boundary(...)`. */
  readonly server: SetupServer;
  readonly baseUrl: string;
  /** Starts intercepting. Unhandled requests are errors unless told otherwise. */
  listen(options?: Parameters<SetupServer['listen']>[0]): void;
  /** Drops per-test `server.use` overrides. */
  resetHandlers(): void;
  /** `resetHandlers()` and `mock.reset()`: the usual afterEach for per-test isolation. */
  reset(): void;
  /** Stops intercepting. */
  close(): void;
}

/**
 * Sets up an msw server for a vitest or jest suite, around a given mock or a new one.
 *
 * @example
 * ```ts
 * import { setupMockServer } from '@commflow/mock-server/msw';
 *
 * const env = setupMockServer({ baseUrl: 'https://api.commflow.test', scenario: 'demo' });
 * beforeAll(() => env.listen());
 * afterEach(() => env.reset());
 * afterAll(() => env.close());
 * ```
 */
export function setupMockServer(options: {
  baseUrl: string;
  mock?: CommFlowMock;
  scenario?: ScenarioInput | ResolvedScenario | 'demo';
  mockOptions?: MockOptions;
}): MockServer {
  const mock = options.mock ?? createMock(options.scenario, options.mockOptions);
  const server = setupServer(mockHandler(mock, { baseUrl: options.baseUrl }));
  return {
    mock,
    server,
    baseUrl: options.baseUrl,
    listen: (listenOptions) => {
      server.listen({ onUnhandledFrame: 'error', ...listenOptions });
    },
    resetHandlers: () => {
      server.resetHandlers();
    },
    reset: () => {
      server.resetHandlers();
      mock.reset();
    },
    close: () => {
      server.close();
    },
  };
}
