/**
 * What a call needs beyond the client: the request half of the operation registry (the request
 * schemas, without the response schemas the SDK never parses) and the request core (with ky).
 * Loaded by the first call of any client rather than at import, so that importing the SDK costs
 * little more than zod; see docs/decisions.md.
 */
export { operationRequests as operations } from '@commflow/contract/requests';
export { execute } from './request.js';
