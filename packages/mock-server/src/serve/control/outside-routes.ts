/** The world outside the service over HTTP: click-to-dial calls, the carrier, inbound SMS. */
import { carrierState, controlCall, listCalls, receiveSms, setCarrier } from '../../runtime/telephony.js';
import type { ControlHandlers } from './reply.js';

/** The outside world's handlers. */
export const OUTSIDE_HANDLERS: ControlHandlers<'calls' | 'controlCall' | 'carrier' | 'setCarrier' | 'receiveSms'> = {
  calls: (runtime, { query }) => ({
    data: { calls: listCalls(runtime, query.tenantId === undefined ? {} : { tenantId: query.tenantId }) },
  }),
  controlCall: (runtime, { params }) => ({ data: { call: controlCall(runtime, params.id, params.action) } }),
  carrier: (runtime) => ({ data: { carrier: carrierState(runtime) } }),
  setCarrier: (runtime, { body }) => ({
    data: {
      carrier: setCarrier(
        runtime,
        body.reason === undefined ? { mode: body.mode } : { mode: body.mode, reason: body.reason },
      ),
    },
  }),
  receiveSms: (runtime, { body }) => ({ data: receiveSms(runtime, body, ['body']) }),
};
