/** What a control route's handler is given and answers, typed by the route table. */
import type { Pagination } from '@commflow/contract';
import type * as z from 'zod';
import type { CONTROL_ROUTES, ControlOutput, ControlRouteId } from '../../control-api/table.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';

type Route<Id extends ControlRouteId> = (typeof CONTROL_ROUTES)[Id];
type Parsed<R, K extends 'params' | 'query' | 'body'> =
  R extends Readonly<Record<K, infer S extends z.ZodType>> ? z.output<S> : undefined;

/** A route's input, checked by its schemas: what the handler can trust. */
export interface ControlInputOf<Id extends ControlRouteId> {
  params: Parsed<Route<Id>, 'params'>;
  query: Parsed<Route<Id>, 'query'>;
  body: Parsed<Route<Id>, 'body'>;
  request: Request;
  /** The request's origin, for answers that name URLs. */
  origin: string;
}

/** A handler's answer: the data the table promises (and, for a list, its page), or a raw `Response`. */
export interface ControlReply<Id extends ControlRouteId> {
  data: ControlOutput<Id>;
  pagination?: Pagination;
}

/**
 * One route's handler. It runs only on input its route's schemas accepted, so it checks only
 * what they cannot (that an id names something).
 */
export type ControlHandler<Id extends ControlRouteId> = (
  runtime: MockRuntime,
  input: ControlInputOf<Id>,
) => ControlReply<Id> | Response | Promise<ControlReply<Id> | Response>;

/** Handlers of a group of routes, one per id. */
export type ControlHandlers<Ids extends ControlRouteId> = { [Id in Ids]: ControlHandler<Id> };
