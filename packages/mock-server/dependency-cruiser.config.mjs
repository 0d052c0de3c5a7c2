// The mock's module graph stays a graph without cycles, type-only imports included, and its
// layers point one way: the facade and the surfaces sit on top, nothing imports them back.
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
      name: 'state-is-data',
      severity: 'error',
      comment: 'The state does not reach up into the service, the runtime or the surfaces.',
      from: { path: '^src/state/' },
      to: { path: '^src/(runtime|surfaces|facade)/' },
    },
    {
      name: 'runtime-below-surfaces',
      severity: 'error',
      comment: 'The runtime acts on the world; the surfaces compose it, never the other way round.',
      from: { path: '^src/(runtime|service)/' },
      to: { path: '^src/surfaces/' },
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
          '^src/(control-api/|lib/|service/gating-names\\.ts$|scenario/schema\\.ts$|webhooks/subscription-schemas\\.ts$|state/faults\\.ts$)',
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
