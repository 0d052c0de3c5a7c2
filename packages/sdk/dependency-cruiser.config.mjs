// The SDK's module graph stays a graph without cycles, type-only imports included, and its layers
// point one way (docs/architecture.md draws them): the entries on top, then the client, the
// resource namespaces, the core they are built on, and internal/ at the bottom. Type-only imports
// count everywhere: a layer that needs a type from above is a layer in the wrong place.
import { noCircular, options } from '../../dependency-cruiser.base.mjs';

const ENTRIES = '^src/(index|webhooks|validate|otel)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    noCircular(
      'No dynamic import closes one either: a loader the request core uses (deferred-messages.ts) is apart from the loader of the request core (deferred.ts).',
    ),
    {
      name: 'entries-on-top',
      severity: 'error',
      comment:
        "The package's entries (index.ts, webhooks.ts, validate.ts, otel.ts) compose the layers below; nothing imports them, so each entry loads only what it names.",
      from: {},
      to: { path: ENTRIES },
    },
    {
      name: 'resources-through-the-narrow-client',
      severity: 'error',
      comment:
        'A resource namespace calls its client through the ResourceClient interface of core/resource.ts: resources/ import only resources/, core/ and internal/, never client.ts or client-options.ts.',
      from: { path: '^src/resources/' },
      to: { path: '^src/', pathNot: '^src/(resources|core|internal)/' },
    },
    {
      name: 'core-below-the-client',
      severity: 'error',
      comment:
        'core/ (the request core, errors, hooks, pagination, the resource base) is what the client and the namespaces are built on: it imports only core/ and internal/.',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/(core|internal)/' },
    },
    {
      name: 'internal-stands-alone',
      severity: 'error',
      comment:
        'internal/ holds helpers every layer may use (identity, option checks, logging, webhook signing): it imports only internal/.',
      from: { path: '^src/internal/' },
      to: { path: '^src/', pathNot: '^src/internal/' },
    },
    {
      name: 'lazy-parts-through-their-loaders',
      severity: 'error',
      comment:
        'The request core, the English messages and webhook signing load on first use (Node: half the import time; docs/decisions.md "SDK bundle"): only their loaders (core/deferred*.ts, each with a static .browser.ts twin for bundlers) import them, besides core/engine.ts (the door to the request core) and validate.ts (an entry of its own, which needs the messages at once).',
      from: { pathNot: '^src/(core/(deferred|deferred-messages)(\\.browser)?|core/engine|validate)\\.ts$' },
      to: { path: '^src/(core/(engine|request|messages)|internal/webhook-calls)\\.ts$' },
    },
  ],
  options,
};

/**
 * One planted import per rule: adding `import type {} from '<to, relative to from>';` at the top
 * of `from` breaks exactly that rule.
 */
export const proofs = [
  // The circle of issue 33, back: the hook types import the errors for CommFlowError.
  { rule: 'no-circular', from: 'src/core/errors.ts', to: 'src/core/hooks.ts' },
  { rule: 'entries-on-top', from: 'src/client.ts', to: 'src/otel.ts' },
  { rule: 'resources-through-the-narrow-client', from: 'src/resources/cdr.ts', to: 'src/client-options.ts' },
  { rule: 'core-below-the-client', from: 'src/core/transport.ts', to: 'src/client-options.ts' },
  { rule: 'internal-stands-alone', from: 'src/internal/uuid.ts', to: 'src/core/option-rules.ts' },
  { rule: 'lazy-parts-through-their-loaders', from: 'src/client.ts', to: 'src/core/engine.ts' },
];
