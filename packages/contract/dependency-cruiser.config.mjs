// The contract's module graph has no cycles, type-only imports included, and its layers point one
// way (docs/architecture.md draws them): plain data (the error catalogue, event types, header
// names, paths) at the bottom, without zod; the schemas above it; the operation registry above
// the schemas; the OpenAPI generator on top, imported by the entry alone. The ./webhooks entry
// stands apart: it reaches the event-type names and nothing that loads zod.
import { noCircular, options } from '../../dependency-cruiser.base.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    noCircular(),
    {
      name: 'plain-data-without-zod',
      severity: 'error',
      comment:
        'The error catalogue, the event types, the header names and the paths are plain data that the SDK and the ./webhooks, ./headers and ./paths entries load without a schema library: they import schemas/pure.ts and nothing else (no zod, no schema).',
      from: { path: '^src/((errors|event-types|headers|paths)\\.ts|schemas/pure\\.ts)$' },
      to: { pathNot: '^src/schemas/pure\\.ts$' },
    },
    {
      name: 'schemas-import-schemas-and-data',
      severity: 'error',
      comment:
        'The schemas are the leaves of the contract: they import other schemas and the plain data (catalogue codes, event-type names, header names), never the registry, the validation helpers or the OpenAPI generator.',
      from: { path: '^src/schemas/' },
      to: { path: '^src/', pathNot: '^src/(schemas/|(errors|event-types|headers|paths)\\.ts$)' },
    },
    {
      name: 'validation-helpers-without-schemas',
      severity: 'error',
      comment:
        'validation.ts (English messages) and validation-issues.ts (issues to details) serve every parse of the SDK and the mock: they import the catalogue (ValidationIssue) and zod, never a schema or the registry.',
      from: { path: '^src/validation(-issues)?\\.ts$' },
      to: { path: '^src/', pathNot: '^src/errors\\.ts$' },
    },
    {
      name: 'openapi-generator-on-top',
      severity: 'error',
      comment:
        'The OpenAPI generator (openapi.ts, openapi/) reads the registry and the schemas; only the main entry (index.ts) and the scripts import it, so nothing below it loads it.',
      from: { path: '^src/', pathNot: '^src/(openapi\\.ts|openapi/|index\\.ts)' },
      to: { path: '^src/(openapi\\.ts|openapi/)' },
    },
    {
      name: 'webhooks-entry-stands-alone',
      severity: 'error',
      comment:
        "The ./webhooks entry (the SDK's webhooks subpath imports it) stays tiny: everything it reaches is under webhooks/, the event-type names (event-types.ts) and schemas/pure.ts; no package (so no zod), no schema, no registry.",
      from: { path: '^src/webhooks/' },
      to: {
        path: '^src/|node_modules/',
        pathNot: '^src/(webhooks/|event-types\\.ts$|schemas/pure\\.ts$)',
        reachable: true,
      },
    },
  ],
  options,
};

/**
 * One planted import per rule: adding `import type {} from '<to, relative to from>';` at the top
 * of `from` breaks that rule (and no other).
 */
export const proofs = [
  // users.ts imports pagination.ts: the planted edge closes a circle inside schemas/.
  { rule: 'no-circular', from: 'src/schemas/pagination.ts', to: 'src/schemas/users.ts' },
  { rule: 'plain-data-without-zod', from: 'src/paths.ts', to: 'src/schemas/primitives.ts' },
  { rule: 'schemas-import-schemas-and-data', from: 'src/schemas/open-enum.ts', to: 'src/validation-issues.ts' },
  { rule: 'validation-helpers-without-schemas', from: 'src/validation.ts', to: 'src/schemas/open-enum.ts' },
  { rule: 'openapi-generator-on-top', from: 'src/operation-errors.ts', to: 'src/openapi/tags.ts' },
  { rule: 'webhooks-entry-stands-alone', from: 'src/webhooks/errors.ts', to: 'src/schemas/open-enum.ts' },
];
