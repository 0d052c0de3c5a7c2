/**
 * What a client needs to make a call, without the rest of the contract: the request half of the
 * registry (each operation's method, path, headers and request schemas), the retry rules, and
 * what turns zod issues into a `VALIDATION_ERROR`'s `details` and messages. The package's main
 * entry also loads the response schemas, the events, the error catalogue's tables and the
 * OpenAPI generator; a runtime that loads modules as they are imported (Node) evaluates all of
 * it when anything is imported from there. The SDK loads this entry on its first call.
 *
 * @example
 * ```ts
 * import { isSafeToRetry, operationRequests } from '@commflow/contract/requests';
 *
 * isSafeToRetry(operationRequests['contacts.list']); // true: a GET
 * ```
 *
 * @module
 */
export {
  defineRequest,
  isUserScoped,
  operationRequests,
  takesIdempotencyKey,
  type OperationRequest,
} from './operation-requests.js';
export { isSafeToRetry, PURE_OPERATION_IDS } from './retry-safety.js';
export { ENGLISH_MESSAGES } from './validation.js';
export { validationIssues } from './validation-issues.js';
