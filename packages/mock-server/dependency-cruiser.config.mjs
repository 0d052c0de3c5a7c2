// The mock's module graph stays a graph without cycles, type-only imports included, and its
// layers point one way (docs/mock-architecture.md draws them): the facade and the surfaces sit on
// top, nothing imports them back; the state is data and imports only data; the simulation acts on
// the state without the service. Type-only imports count everywhere: a layer that needs a type
// from above is a layer in the wrong place.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle (type imports count) couples modules that should be layered.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'facade-on-top',
      severity: 'error',
      comment: 'Only entry points and adapters use the facade; the runtime, service and state never do.',
      from: {
        path: '^src/(runtime|service|state|sim|webhooks|scenario|history|lib|surfaces/(control|console|handler))',
      },
      to: { path: '^src/facade/' },
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
        'The simulation (the outside world, clock, webhook machinery) acts on the state; it never calls into the service, the runtime, the facade or the surfaces.',
      from: { path: '^src/sim/' },
      to: { path: '^src/(service|runtime|facade|surfaces)/' },
    },
    {
      name: 'nothing-below-surfaces-imports-them',
      severity: 'error',
      comment:
        'The surfaces (control, console, testing, CLI, adapters) compose the layers below; the runtime, service, state, simulation, scenario, history and lib never import them.',
      from: { path: '^src/(runtime|service|state|sim|scenario|history|lib)/' },
      to: { path: '^src/surfaces/' },
    },
    {
      name: 'surfaces-through-the-runtime',
      severity: 'error',
      comment:
        'The surfaces (control routes, console, CLI, adapters, testing) reach the simulation (the webhook machinery, the clock) only through runtime/ functions, never by importing sim/.',
      from: { path: '^src/surfaces/' },
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
        'vitest is an optional peer: only the ./vitest subpath imports it, so the main entry works without it. The SDK, also optional, is loaded by the fixtures alone (vitest, the remote handle, Playwright).',
      from: { pathNot: '^src/surfaces/(testing/(vitest|fixture)|remote/sdk-client|playwright/fixture)\\.ts$' },
      to: { path: '(^|/)node_modules/(vitest|@commflow/sdk)/|^(vitest|@commflow/sdk)$|^packages/sdk/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
