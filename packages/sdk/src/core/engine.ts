/**
 * What a call needs beyond the client: the operation registry (with every schema of the
 * contract) and the request core (with ky). Loaded by the first call of any client rather than
 * at import, so that importing the SDK costs little more than zod; see docs/decisions.md.
 */
export { operations } from '@commflow/contract';
export { execute } from './request.js';
