// The closest-name helper lives in lib/: the override schema (state/) and the input parser
// (lib/api-error.ts) suggest names with it too, and neither may import the control API. Kept
// here so that the control API's modules and its readers import it where they always did.
export * from '../lib/closest-names.js';
