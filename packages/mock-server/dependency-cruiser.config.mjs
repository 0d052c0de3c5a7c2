// The mock's module graph stays a graph without cycles, type-only imports included, and its
// layers point one way (docs/mock-architecture.md draws them): the entry points on top; the facade
// and the surfaces under them, which nothing else imports; serve/ (how a request is answered)
// under both; then the runtime, the service, the simulation and the state, which is data and
// imports only data. Type-only imports count everywhere: a layer that needs a type from above is
// a layer in the wrong place.
import { noCircular, options } from '../../dependency-cruiser.base.mjs';

/** The entry points: the main entry, the CLI and the subpath entries (all under surfaces/). */
const ENTRIES = 'index\\.ts$|cli\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    noCircular(),
    {
      name: 'facade-on-top',
      severity: 'error',
      comment:
        'Only the entry points, the adapters and the test fixtures use the facade; serve/, the runtime and everything below it never do, and neither do the remote handle, the CLI helpers or the console.',
      from: { path: '^src/', pathNot: `^src/(facade/|surfaces/(adapters|testing)/|${ENTRIES})` },
      to: { path: '^src/facade/' },
    },
    {
      name: 'surfaces-only-from-entries',
      severity: 'error',
      comment:
        'The surfaces (adapters, testing, remote, Playwright, CLI helpers, console, the control gate) are ways in: only the entry points and other surfaces import them, never the facade, serve/ or anything below.',
      from: { path: '^src/', pathNot: `^src/(surfaces/|${ENTRIES})` },
      to: { path: '^src/surfaces/' },
    },
    {
      name: 'serve-under-the-ways-in',
      severity: 'error',
      comment:
        'serve/ (the request handler, the /__mock routes, the console page) answers requests for the facade and the surfaces; the runtime and everything below it never import it.',
      from: { path: '^src/', pathNot: `^src/(serve/|facade/|surfaces/|${ENTRIES})` },
      to: { path: '^src/serve/' },
    },
    {
      name: 'state-imports-only-data',
      severity: 'error',
      comment:
        'The state is data: it imports only the state, lib/ and history/, never the simulation, the scenario, the service, the runtime or the surfaces.',
      from: { path: '^src/state/' },
      to: { path: '^src/', pathNot: '^src/(state|lib|history)/' },
    },
    {
      name: 'lib-stands-alone',
      severity: 'error',
      comment:
        'lib/ holds helpers every layer may use (ids, JSON, headers, the catalogue error); it imports none of them.',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'sim-without-service',
      severity: 'error',
      comment:
        'The simulation (the outside world, clock, webhook machinery) acts on the state; it never calls into the service or the runtime (the layers above those have rules of their own).',
      from: { path: '^src/sim/' },
      to: { path: '^src/(service|runtime)/' },
    },
    {
      name: 'surfaces-through-the-runtime',
      severity: 'error',
      comment:
        'serve/ and the surfaces (control routes, console, CLI, adapters, testing) reach the simulation (the webhook machinery, the clock) only through runtime/ functions, never by importing sim/.',
      from: { path: '^src/(serve|surfaces)/' },
      to: { path: '^src/sim/' },
    },
    {
      name: 'control-api-is-data',
      severity: 'error',
      comment:
        'The control route table is data a remote client imports without the runtime: zod, the contract, lib/ and the pure schema modules only.',
      from: { path: '^src/control-api/' },
      to: {
        path: '^src/',
        pathNot:
          '^src/(control-api/|lib/|service/gating-names\\.ts$|scenario/schema\\.ts$|state/webhooks/subscription-schemas\\.ts$|state/faults\\.ts$|state/override-schema\\.ts$)',
      },
    },
    {
      name: 'test-frameworks-stay-in-their-subpath',
      severity: 'error',
      comment:
        "vitest is an optional peer: only the ./vitest subpath imports it, so the main entry works without it. The SDK, also optional, is loaded by the fixtures alone (vitest, the remote handle, Playwright) and, on demand, by the tenant handles' client() (runtime/sdk-client).",
      from: {
        pathNot:
          '^src/(surfaces/(testing/(vitest|fixture)|remote/sdk-client|playwright/fixture)|runtime/sdk-client)\\.ts$',
      },
      to: { path: '(^|/)node_modules/(vitest|@commflow/sdk)/|^(vitest|@commflow/sdk)$|^packages/sdk/' },
    },
  ],
  options,
};

/**
 * One planted breach per rule: adding `import type {} from '<to, relative to from>';` at the top of
 * `from` breaks that rule and no other (no circle either, but for `no-circular`). A `to` outside
 * `src/` is a package, imported by its name.
 */
export const proofs = [
  // state/webhooks/subscriptions.ts imports subscription-types.ts: the way back closes a circle.
  { rule: 'no-circular', from: 'src/state/webhooks/subscription-types.ts', to: 'src/state/webhooks/subscriptions.ts' },
  // The handler serving the facade, importing it back (what issue 33 took away).
  { rule: 'facade-on-top', from: 'src/serve/handler.ts', to: 'src/facade/overrides.ts' },
  // The facade reaching into a surface (the facade imported surfaces/handler.ts before issue 33).
  { rule: 'surfaces-only-from-entries', from: 'src/facade/core.ts', to: 'src/surfaces/control/gate.ts' },
  { rule: 'serve-under-the-ways-in', from: 'src/runtime/demo-keys.ts', to: 'src/serve/console/assets.ts' },
  {
    rule: 'state-imports-only-data',
    from: 'src/state/webhooks/deliveries.ts',
    to: 'src/sim/webhooks/retry-schedule.ts',
  },
  { rule: 'lib-stands-alone', from: 'src/lib/raw-headers.ts', to: 'src/history/bounded.ts' },
  { rule: 'sim-without-service', from: 'src/sim/webhooks/retry-schedule.ts', to: 'src/service/gating-names.ts' },
  {
    rule: 'surfaces-through-the-runtime',
    from: 'src/serve/control/webhook-routes.ts',
    to: 'src/sim/webhooks/dispatcher.ts',
  },
  { rule: 'control-api-is-data', from: 'src/control-api/paths.ts', to: 'src/history/limits.ts' },
  { rule: 'test-frameworks-stay-in-their-subpath', from: 'src/surfaces/testing/matchers.ts', to: 'vitest' },
];
