/**
 * The control routes of the simulated outside: calls, the carrier and inbound SMS. Part of the one table
 * (table.ts spreads them in, in this order).
 */
import * as z from 'zod';
import { CallActionParams, CarrierInputSchema, InboundSmsInputSchema, TenantQuerySchema } from './inputs.js';
import { CallView, CarrierView, InboundSmsView } from './views.js';
import { route, type ControlRouteSpec } from './route.js';

/**
 * The control routes of the simulated outside: calls, the carrier and inbound SMS.
 *
 * @example
 * ```ts
 * const { method, path } = OUTSIDE_ROUTES.receiveSms; // 'POST', '/__mock/sms/inbound'
 * ```
 */
export const OUTSIDE_ROUTES = {
  calls: route({
    method: 'GET',
    path: '/__mock/calls',
    tag: 'Outside',
    summary: 'the click-to-dial calls',
    query: TenantQuerySchema,
    status: 200,
    output: z.object({ calls: z.array(CallView) }),
  }),
  controlCall: route({
    method: 'POST',
    path: '/__mock/calls/{id}/{action}',
    tag: 'Outside',
    summary: 'drive a call by hand',
    params: CallActionParams,
    status: 200,
    output: z.object({ call: CallView }),
    errors: ['NOT_FOUND', 'INVALID_CALL_TRANSITION'],
  }),
  carrier: route({
    method: 'GET',
    path: '/__mock/carrier',
    tag: 'Outside',
    summary: 'what reached the carrier',
    status: 200,
    output: z.object({ carrier: CarrierView }),
  }),
  setCarrier: route({
    method: 'PUT',
    path: '/__mock/carrier',
    tag: 'Outside',
    summary: 'accept or reject live sends',
    body: CarrierInputSchema,
    status: 200,
    output: z.object({ carrier: CarrierView }),
  }),
  receiveSms: route({
    method: 'POST',
    path: '/__mock/sms/inbound',
    tag: 'Outside',
    summary: 'deliver an inbound SMS',
    description: 'The tenant must exist (else 400); `to` must be one of its numbers (else 404).',
    body: InboundSmsInputSchema,
    status: 201,
    output: InboundSmsView,
    errors: ['NOT_FOUND'],
  }),
} as const satisfies Record<string, ControlRouteSpec>;
