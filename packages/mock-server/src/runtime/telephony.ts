/** Calls, the carrier and inbound SMS on the runtime: what the control surface drives by hand. */
import type { CallStatus, SmsMessage } from '@commflow/contract';
import { invalid, notFound } from '../lib/api-error.js';
import { toSmsMessage } from '../service/domains/format.js';
import { receiveSms as receive } from '../service/domains/sms.js';
import { applyCallAction, progressCalls, type CallAction } from '../service/domains/voice.js';
import type { CarrierMessage, CarrierResult } from '../sim/carrier.js';
import type { CallRecord } from '../state/records.js';
import { worldFor } from '../service/tenant-clock.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * A call as the control surface shows it.
 *
 * @example
 * ```ts
 * const [call] = mock.calls();
 * call?.status; // 'initiated'
 * ```
 */
export interface CallView {
  callId: string;
  tenantId: string;
  userEmail: string;
  from: string;
  destination: string;
  status: CallStatus;
  createdAt: string;
  history: { status: CallStatus; at: string }[];
}

/**
 * What the carrier adapter has seen, and how it is set.
 *
 * @example
 * ```ts
 * const { mode, messages } = mock.carrier();
 * ```
 */
export interface CarrierState {
  mode: 'accept' | 'reject';
  reason: string;
  messages: (CarrierMessage & { result: CarrierResult })[];
}

const toCallView = (call: CallRecord): CallView => ({
  callId: call.id,
  tenantId: call.tenantId,
  userEmail: call.userEmail,
  from: call.fromExtension,
  destination: call.destination,
  status: call.status,
  createdAt: new Date(call.createdAt).toISOString(),
  history: call.history.map((step) => ({ status: step.status, at: new Date(step.at).toISOString() })),
});

/** The calls, oldest first, after letting the clock's progress apply. */
export function listCalls(runtime: MockRuntime, filter: { tenantId?: string } = {}): CallView[] {
  const { world } = runtime;
  progressCalls(world);
  const calls: CallRecord[] = [];
  for (const tenant of world.state.tenants.values()) {
    if (filter.tenantId === undefined || tenant.id === filter.tenantId.toLowerCase())
      calls.push(...tenant.calls.values());
  }
  return calls.sort((a, b) => a.createdAt - b.createdAt).map(toCallView);
}

/** Drives a call by hand; it then leaves its automatic timeline. */
export function controlCall(runtime: MockRuntime, callId: string, action: CallAction): CallView {
  for (const tenant of runtime.world.state.tenants.values()) {
    const call = tenant.calls.get(callId.toLowerCase());
    if (call !== undefined) {
      applyCallAction(worldFor(runtime.world, tenant.id), call, action);
      return toCallView(call);
    }
  }
  throw notFound('Call');
}

/** What reached the default carrier, and how it is set. */
export function carrierState(runtime: MockRuntime): CarrierState {
  const carrier = runtime.world.state.carrierRecord;
  return { mode: carrier.mode, reason: carrier.reason, messages: [...carrier.messages] };
}

/** Tells the default carrier to accept or reject live sends. */
export function setCarrier(
  runtime: MockRuntime,
  settings: { mode: 'accept' | 'reject'; reason?: string | undefined },
): CarrierState {
  runtime.world.state.carrierRecord.setMode(settings);
  return carrierState(runtime);
}

/** Delivers an inbound SMS to a tenant's number; an unknown tenant is a `VALIDATION_ERROR` under `at`. */
export function receiveSms(
  runtime: MockRuntime,
  input: { tenantId: string; to: string; from: string; body: string },
  at: readonly string[] = ['input'],
): { conversationId: string; message: SmsMessage } {
  const tenant = runtime.world.state.tenants.get(input.tenantId.toLowerCase());
  if (tenant === undefined) throw invalid([...at, 'tenantId'], `no tenant has id "${input.tenantId}"`);
  const { conversation, message } = receive(worldFor(runtime.world, tenant.id), tenant, input);
  return { conversationId: conversation.id, message: toSmsMessage(message) };
}
