import { HEADERS } from '@commflow/contract/headers';

/**
 * The SDK's version, from package.json: set by the build (tsup's `define`) and by the test
 * config, so it is written nowhere else.
 */
declare const __COMMFLOW_SDK_VERSION__: string | undefined;

/** The `X-CommFlow-Client` request header (the contract's `HEADERS.client`): which SDK, which version, on which runtime. */
/** Lower case, as every header name the request core holds. */
export const CLIENT_HEADER = HEADERS.client.toLowerCase();

interface RuntimeGlobals {
  Deno?: { version?: { deno?: unknown } };
  Bun?: { version?: unknown };
  EdgeRuntime?: unknown;
  process?: { versions?: { node?: unknown } };
  navigator?: { userAgent?: unknown };
}

/** The runtime and its version where it tells: `node/24.21.0`, `deno/2.5.0`, `bun/1.3.0`, `edge-runtime`, `browser`. */
function runtime(): string {
  // Each runtime has only its own of these globals: every step is optional, every value checked.
  const g: RuntimeGlobals = globalThis;
  if (typeof g.Deno?.version?.deno === 'string') return `deno/${g.Deno.version.deno}`;
  if (typeof g.Bun?.version === 'string') return `bun/${g.Bun.version}`;
  if (typeof g.EdgeRuntime === 'string') return 'edge-runtime';
  if (typeof g.process?.versions?.node === 'string') return `node/${g.process.versions.node}`;
  if (typeof g.navigator?.userAgent === 'string') return 'browser';
  return 'unknown';
}

/**
 * The value of {@link CLIENT_HEADER}: `@commflow/sdk/1.2.0 node/24.21.0`. A header of our own
 * rather than `User-Agent`, which some browsers refuse to let a page set.
 *
 * @internal
 */
export function clientHeaderValue(): string {
  // Once per process: the runtime does not change, and every call with a body asks again.
  if (value === undefined) {
    const version = typeof __COMMFLOW_SDK_VERSION__ === 'string' ? __COMMFLOW_SDK_VERSION__ : 'dev';
    value = `@commflow/sdk/${version} ${runtime()}`;
  }
  return value;
}
let value: string | undefined;
