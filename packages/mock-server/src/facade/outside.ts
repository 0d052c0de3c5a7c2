import type { SmsMessage } from '@commflow/contract';
import {
  carrierState,
  controlCall,
  listCalls,
  receiveSms,
  setCarrier,
  type CallView,
  type CarrierState,
} from '../runtime/telephony.js';
import type { CallAction } from '../service/domains/voice.js';
import type { AiResponder } from '../sim/ai-responder.js';
import type { CarrierAdapter } from '../sim/carrier.js';
import { MockTraffic } from './traffic.js';
import { CarrierInputSchema, InboundSmsInputSchema } from '../runtime/control-inputs.js';
import { parseInput } from '../lib/api-error.js';

/**
 * The third layer of {@link CommFlowMock}: the simulated outside, driven by hand: calls, the
 * carrier, inbound SMS and the AI responder.
 *
 * @example
 * ```ts
 * const mock: MockOutside = createMock('demo');
 * mock.setCarrier({ mode: 'reject', reason: 'Carrier outage' });
 * ```
 */
export class MockOutside extends MockTraffic {
  /**
   * The click-to-dial calls, oldest first, after letting the clock's progress apply.
   *
   * @example
   * ```ts
   * mock.calls().map((call) => call.status);
   * ```
   */
  calls(filter: { tenantId?: string } = {}): CallView[] {
    return listCalls(this.runtime, filter);
  }

  /**
   * Drives a call by hand: answer, bridge, hangup, no-answer, busy or fail. The call then leaves
   * its automatic timeline.
   *
   * @throws ApiError `NOT_FOUND` for an unknown call, 409 `INVALID_CALL_TRANSITION` for a move its state forbids.
   * @example
   * ```ts
   * mock.controlCall(callId, 'answer');
   * mock.controlCall(callId, 'bridge');
   * mock.controlCall(callId, 'hangup'); // completed, CDR written
   * ```
   */
  controlCall(callId: string, action: CallAction): CallView {
    return controlCall(this.runtime, callId, action);
  }

  /**
   * What reached the default carrier adapter, and how it is set.
   *
   * @example
   * ```ts
   * mock.carrier().messages.length; // live-tenant sends only
   * ```
   */
  carrier(): CarrierState {
    return carrierState(this.runtime);
  }

  /**
   * Tells the default carrier to accept or reject live sends.
   *
   * @throws ApiError `VALIDATION_ERROR` naming each bad field, as `PUT /__mock/carrier` does.
   * @example
   * ```ts
   * mock.setCarrier({ mode: 'reject', reason: 'Carrier outage' });
   * ```
   */
  setCarrier(settings: { mode: 'accept' | 'reject'; reason?: string }): CarrierState {
    const { mode, reason } = parseInput(CarrierInputSchema, settings, ['settings']);
    return setCarrier(this.runtime, reason === undefined ? { mode } : { mode, reason });
  }

  /**
   * Delivers an inbound SMS to a tenant's number: joins or opens the conversation, stores the
   * message as `inbound` / `RECEIVED`, and emits `sms.received`.
   *
   * @throws ApiError `VALIDATION_ERROR` naming each bad field, as `POST /__mock/sms/inbound` does.
   * @example
   * ```ts
   * mock.receiveSms({ tenantId, to: '+14155550100', from: '+14155550199', body: 'Hello?' });
   * ```
   */
  receiveSms(input: { tenantId: string; to: string; from: string; body: string }): {
    conversationId: string;
    message: SmsMessage;
  } {
    return receiveSms(this.runtime, parseInput(InboundSmsInputSchema, input, ['input']));
  }

  /**
   * Replaces the AI agents' responder.
   *
   * @example
   * ```ts
   * mock.setAiResponder(() => 'We open at 9.');
   * ```
   */
  setAiResponder(responder: AiResponder): void {
    this.runtime.world.sim.aiResponder = responder;
  }

  /**
   * Replaces the carrier adapter of live tenants (`undefined`: back to the recording carrier).
   *
   * @example
   * ```ts
   * mock.setCarrierAdapter({ send: () => ({ accepted: true }) });
   * ```
   */
  setCarrierAdapter(adapter: CarrierAdapter | undefined): void {
    const { sim } = this.runtime.world;
    sim.carrier = adapter ?? sim.recordingCarrier;
  }
}
