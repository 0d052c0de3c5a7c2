import type {
  OperationData,
  OperationId,
  OperationPathParams,
  OperationQuery,
  Operations,
  Pagination,
} from '@commflow/contract';
import type * as z from 'zod';
import type { UserRecord } from '../../state/records.js';
import type { TenantState } from '../../state/tenant-state.js';
import type { World } from '../../runtime/world.js';

/** The validated body of an operation, as its schema outputs it. */
export type BodyOf<Id extends OperationId> = z.output<Extract<Operations[Id]['body'], z.core.$ZodType>>;

/** What a domain handler receives: the authorised tenant, the acting user, and validated input. */
export interface OperationInput<Id extends OperationId> {
  readonly world: World;
  readonly tenant: TenantState;
  /** The acting user on user-scoped operations; `undefined` elsewhere. */
  readonly user: UserRecord | undefined;
  readonly params: OperationPathParams<Id>;
  readonly query: OperationQuery<Id>;
  readonly body: BodyOf<Id>;
}

/** What a domain handler returns. */
export interface OperationOutput<Id extends OperationId> {
  status?: 200 | 201;
  data: OperationData<Id>;
  pagination?: Pagination;
}

/** A domain handler of one operation. */
export type Handler<Id extends OperationId> = (input: OperationInput<Id>) => OperationOutput<Id>;

/** Handlers keyed by operation id: each domain module exports a part, and the parts must cover the registry. */
export type HandlerTable = { [Id in OperationId]: Handler<Id> };
