import type { MockClock } from '../sim/clock.js';
import { loadBaseline, loadScenario } from '../runtime/baseline.js';
import { exportWorld } from '../runtime/export.js';
import { createRuntime, resolveScenario, type MockOptions, type MockRuntime } from '../runtime/create-runtime.js';
import { restoreSnapshot } from '../runtime/snapshot/restore.js';
import type { MockSnapshot } from '../runtime/snapshot/schema.js';
import { takeSnapshot } from '../runtime/snapshot/take.js';
import { advanceClock } from '../runtime/clock.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import type { ScenarioInput } from '../scenario/schema.js';
import { faultOverride, FaultSchema, type FaultInput } from '../state/faults.js';
import { handleApiRequest, handleRequest } from '../serve/handler.js';
import { closeWebhooks, webhooksIdle } from '../runtime/webhooks.js';
import { RuntimeWebhooks, type MockWebhooks } from './webhooks.js';
import { MockTenants } from './tenants.js';
import { MockOverrides } from './overrides.js';
import { addOverride, type OverrideView } from '../runtime/overrides.js';
import { parseInput } from '../lib/api-error.js';

/**
 * The first layer of {@link CommFlowMock}: how it answers, and its world as a whole (reset,
 * scenarios, snapshots, the clock, faults). Each method hands over to the runtime; nothing here
 * routes or holds state.
 *
 * @example
 * ```ts
 * const mock: MockCore = createMock('demo');
 * const checkpoint = mock.snapshot();
 * ```
 */
export class MockCore {
  /** The runtime every layer acts on: the world's state, the simulated outside, the baseline. */
  protected readonly runtime: MockRuntime;
  /** The mock clock: frozen or following the wall clock, advanced by tests. */
  readonly clock: MockClock;
  /**
   * Webhooks: subscribe, list, enable and disable, rotate a secret, read deliveries, replay one,
   * wait for attempts in flight. The remote handle's `remote.webhooks` has the same methods.
   */
  readonly webhooks: MockWebhooks;
  /** Tenants on demand and their clocks: create, reset or delete one tenant, advance its time. */
  readonly tenants: MockTenants;
  /** Faults and stubs aimed at some requests: the twin of `/__mock/overrides`. */
  readonly overrides: MockOverrides;

  constructor(scenario: ScenarioInput | ResolvedScenario | 'demo' = 'demo', options: MockOptions = {}) {
    this.runtime = createRuntime(scenario, options);
    this.clock = this.runtime.world.sim.clock;
    this.webhooks = new RuntimeWebhooks(this.runtime);
    this.tenants = new MockTenants(this.runtime, this.fetch);
    this.overrides = new MockOverrides(this.runtime);
  }

  /**
   * A standard fetch: hands the request straight to the pipeline, with no interception layer.
   * Relative URLs resolve against the mock's base URL. Bound, so `{ fetch: mock.fetch }` works.
   *
   * @example
   * ```ts
   * const client = new CommFlow({ apiKey, tenantId, fetch: mock.fetch });
   * ```
   */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(typeof input === 'string' && input.startsWith('/') ? this.runtime.baseUrl + input : input, init);
    const response = await this.handle(request);
    // An override that drops the connection: fetch rejects, as it does when a server hangs up.
    if (response.type === 'error') throw new TypeError('fetch failed: the mock dropped the connection (an override)');
    return response;
  };

  /**
   * Answers a `Request`: the OpenAPI document, the control surface, or the service pipeline.
   * HEAD is answered wherever GET is, with the same status and headers and no body. A client that
   * goes away mid-request gets status 499 in the journal, never a 500.
   *
   * @example
   * ```ts
   * const response = await mock.handle(new Request('http://mock/api/v1/openapi.json'));
   * ```
   */
  handle(request: Request): Promise<Response> {
    return handleRequest(this.runtime, request);
  }

  /**
   * Answers a `Request` as the service would: the OpenAPI document or the service pipeline,
   * never the control surface. The Node adapter sends API traffic here, so that only requests
   * that passed its safety checks can reach `/__mock`. HEAD is answered as `handle` answers it.
   *
   * @example
   * ```ts
   * const response = await mock.handleApi(new Request('http://mock/api/v1/openapi.json'));
   * ```
   */
  handleApi(request: Request): Promise<Response> {
    return handleApiRequest(this.runtime, request);
  }

  /** The scenario the mock was loaded with, ids resolved. */
  get scenario(): ResolvedScenario {
    return this.runtime.baseline.scenario;
  }

  /** Whether this mock serves the control surface under `/__mock` (the `control` option). */
  get controlEnabled(): boolean {
    return this.runtime.control;
  }

  /**
   * Back to the loaded scenario: same ids, no created records, events, journal, keys or faults.
   * Webhook deliveries are forgotten (attempts in flight are aborted, pending retries dropped)
   * and the subscriptions are the scenario's again. The clock keeps its time.
   *
   * @example
   * ```ts
   * afterEach(() => mock.reset());
   * ```
   */
  reset(): void {
    loadBaseline(this.runtime);
  }

  /**
   * Loads another scenario and resets to it.
   *
   * @throws ScenarioError naming each bad path.
   * @example
   * ```ts
   * mock.loadScenario({ tenants: [{ id: tenantId, name: 'Empty', mode: 'sandbox' }] });
   * ```
   */
  loadScenario(scenario: ScenarioInput | ResolvedScenario | 'demo'): void {
    loadScenario(this.runtime, resolveScenario(scenario));
  }

  /**
   * The whole world as a versioned, JSON-serialisable value: records, keys (as hashes),
   * idempotency entries, rate-limit windows, calls and their timelines, events, the journal,
   * webhook subscriptions (with their signing secrets) and deliveries with pending retries,
   * faults, the carrier's record, the clock's time, and the scenario a reset returns to.
   * Keep it like a secret: it holds webhook signing secrets (never an API key's secret).
   *
   * @example
   * ```ts
   * const checkpoint = mock.snapshot();
   * // … the test goes on …
   * mock.restore(checkpoint);
   * ```
   */
  snapshot(): MockSnapshot {
    return takeSnapshot(this.runtime);
  }

  /**
   * Puts a snapshot's world in place of this one, from this mock or another, in this process or
   * another: cursors, idempotency keys, calls in progress, pending webhook retries and keys
   * created at run time go on as if nothing had happened. The clock resumes at the snapshot's
   * time. In-process webhook callbacks are re-attached by subscription id when this mock has
   * one; without it such a subscription is left out.
   *
   * @throws SnapshotError naming each problem (malformed, another version, a reference that does
   *   not resolve); the world is then left exactly as it was.
   * @example
   * ```ts
   * const copy = createMock();
   * copy.restore(JSON.parse(JSON.stringify(mock.snapshot())));
   * ```
   */
  restore(snapshot: unknown): void {
    restoreSnapshot(this.runtime, snapshot);
  }

  /**
   * The current world as a scenario file, to load later or commit as a test fixture. Contacts,
   * endpoint webhook subscriptions and key revocations follow the live state; keys created at
   * run time are left out (their secret is not kept). For the whole world, see
   * {@link MockCore.snapshot}.
   *
   * @example
   * ```ts
   * await writeFile('fixture.json', JSON.stringify(mock.exportScenario(), null, 2));
   * ```
   */
  exportScenario(): ScenarioInput {
    return exportWorld(this.runtime);
  }

  /**
   * Moves the mock clock forward: rate-limit windows, idempotency retention, calls and webhook
   * retries follow: every retry that falls due in the interval runs, in order, each at its own
   * scheduled time (`await mock.idle()` for the outcome).
   *
   * @example
   * ```ts
   * mock.advanceClock(61_000); // a new rate-limit window
   * ```
   */
  advanceClock(ms: number): { now: string; offsetMs: number } {
    return advanceClock(this.runtime, ms);
  }

  /**
   * Makes the next matching requests stall and/or fail, to test client retries: the shorthand
   * of `mock.overrides.add({ …, fault })`, returning the override (its `id` removes it).
   *
   * @throws ApiError `VALIDATION_ERROR` naming each bad field, as `POST /__mock/faults` does.
   * @example
   * ```ts
   * mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 2 });
   * ```
   */
  injectFault(fault: FaultInput): OverrideView {
    return addOverride(this.runtime, faultOverride(parseInput(FaultSchema, fault, ['fault'])), ['fault']);
  }

  /**
   * Resolves once no webhook attempt is in flight or about to start (retries waiting for the
   * clock do not count). Emit, `await mock.idle()`, then assert.
   *
   * @example
   * ```ts
   * await client.contacts.create({ firstName: 'Ada' });
   * await mock.idle();
   * expect(mock.deliveries({ status: 'succeeded' })).toHaveLength(1);
   * ```
   */
  idle(): Promise<void> {
    return webhooksIdle(this.runtime);
  }

  /**
   * Stops webhook delivery for good: cancels retry timers, aborts attempts in flight and waits
   * for them, so the mock leaves no timer or socket behind. The API keeps answering, but events
   * are no longer delivered. Also `await using mock = createMock()`.
   *
   * @example
   * ```ts
   * afterAll(() => mock.close());
   * ```
   */
  close(): Promise<void> {
    return closeWebhooks(this.runtime);
  }

  /** The same as {@link MockCore.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
