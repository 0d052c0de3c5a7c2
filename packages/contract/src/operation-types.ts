/**
 * The typed parts of a registry entry (its data, query, body and path parameters), derived from
 * its schemas. Generic over the entry's type, so that this module needs only the shape of an
 * entry and never the registry: `operations.ts` applies them to its entries as
 * `OperationData<Id>` and the rest.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { OperationDefinition } from './operation-definition.js';
import type { OperationRequest } from './operation-requests.js';

/**
 * The typed `data` of an entry's success response.
 *
 * @example
 * ```ts
 * type Data = DataOf<Operations['contacts.create']>; // { contact: Contact }
 * ```
 */
export type DataOf<Op extends Pick<OperationDefinition, 'response'>> = z.output<Op['response']>;

/**
 * The typed query of an entry, as code sees it (numbers, not strings).
 *
 * @example
 * ```ts
 * const q: QueryOf<Operations['contacts.list']> = { search: 'ann', limit: 10 };
 * ```
 */
export type QueryOf<Op extends Pick<OperationRequest, 'query'>> = z.output<Extract<Op['query'], z.ZodMiniType>>;

/**
 * The typed body of an entry.
 *
 * @example
 * ```ts
 * const body: BodyOf<Operations['sms.send']> = { body: 'hello' };
 * ```
 */
export type BodyOf<Op extends Pick<OperationRequest, 'body'>> = z.input<Extract<Op['body'], z.ZodMiniType>>;

/**
 * The typed path parameters of an entry.
 *
 * @example
 * ```ts
 * const params: PathParamsOf<Operations['ai.agents.get']> = { id };
 * ```
 */
export type PathParamsOf<Op extends Pick<OperationRequest, 'pathParams'>> = z.output<
  Extract<Op['pathParams'], z.ZodMiniType>
>;
