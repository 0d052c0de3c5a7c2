import { Extension, FINAL_CALL_STATUSES, type CallStatus } from '@commflow/contract';
import { ApiError, invalid, notFound } from '../api-error.js';
import { newId } from '../../lib/ids.js';
import { CALL_ACTION_NAMES } from '../../control-api/inputs.js';
import type { CallRecord, CdrRecord } from '../../state/records.js';
import type { TenantState } from '../../state/tenant-state.js';
import type { World } from '../../runtime/world.js';
import { tenantNow } from '../tenant-clock.js';
import { actingUser } from './acting-user.js';
import type { Handler } from './types.js';

/**
 * Click-to-dial destinations with a fixed outcome, like Twilio's magic test numbers. Any other
 * destination rings, is answered and bridged, and completes after a minute of talk.
 *
 * @example
 * ```ts
 * await client.voice.click2dial({ destination: MAGIC_DIAL_DESTINATIONS.busy });
 * mock.advanceClock(10_000); // the call ended busy; its CDR is written
 * ```
 */
export const MAGIC_DIAL_DESTINATIONS = {
  busy: '+15005550001',
  noAnswer: '+15005550002',
  failed: '+15005550003',
  canceled: '+15005550004',
} as const;

/** The automatic timeline of a call, in ms after origination, by destination. */
function timeline(destination: string): { after: number; status: CallStatus }[] {
  const ringing = { after: 1_000, status: 'ringing' } as const;
  const answered = { after: 4_000, status: 'answered' } as const;
  switch (destination) {
    case MAGIC_DIAL_DESTINATIONS.busy:
      return [ringing, answered, { after: 6_000, status: 'busy' }];
    case MAGIC_DIAL_DESTINATIONS.noAnswer:
      return [ringing, answered, { after: 34_000, status: 'no_answer' }];
    case MAGIC_DIAL_DESTINATIONS.failed:
      return [ringing, { after: 2_000, status: 'failed' }];
    case MAGIC_DIAL_DESTINATIONS.canceled:
      return [ringing, { after: 31_000, status: 'canceled' }];
    default:
      return [ringing, answered, { after: 5_000, status: 'bridged' }, { after: 65_000, status: 'completed' }];
  }
}

/** Writes the CDR of a call that has just ended. */
function writeCdr(tenant: TenantState, call: CallRecord, endedAt: number): void {
  const answeredAt = call.bridgedAt;
  const record: CdrRecord = {
    id: newId(),
    callId: call.id,
    direction: 'outbound',
    from: call.fromExtension,
    to: call.destination,
    userEmail: call.userEmail,
    startedAt: call.createdAt,
    answeredAt,
    endedAt,
    durationSeconds: answeredAt === null ? 0 : Math.max(0, Math.round((endedAt - answeredAt) / 1000)),
    // transition() writes a CDR on a final status only (FINAL_CALL_STATUSES, a Set, does not narrow).
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- every final status but completed is a disposition of the same name
    disposition: call.status === 'completed' ? 'answered' : (call.status as CdrRecord['disposition']),
  };
  tenant.addCdr(record);
}

/** Moves a call to a status at a time, ending it (and writing its CDR) on a final status. */
function transition(world: World, call: CallRecord, status: CallStatus, at: number): void {
  call.status = status;
  call.history.push({ status, at });
  if (status === 'bridged') call.bridgedAt = at;
  if (FINAL_CALL_STATUSES.has(status)) {
    call.endedAt = at;
    call.schedule = [];
    world.state.calls.active.delete(call);
    const tenant = world.state.tenants.get(call.tenantId);
    // Stryker disable next-line ConditionalExpression: deleting or resetting a tenant takes its calls out of the active ones (forgetHistory), so an ending call's tenant exists; the guard only narrows the lookup
    if (tenant !== undefined) writeCdr(tenant, call, at);
    forgetOldCalls(world, call);
  }
}

/** Call history is capped: past `callLimit` ended calls, the oldest ended one is forgotten (its CDR stays). */
function forgetOldCalls(world: World, ended: CallRecord): void {
  world.state.calls.ended.add(ended);
  world.state.calls.cap(world.state.tenants);
}

/** Applies every scheduled transition that is due by `now`. Called before each request and on clock advances. */
export function progressCalls(world: World): void {
  for (const call of world.state.calls.active) {
    const now = tenantNow(world, call.tenantId);
    for (let next = call.schedule[0]; next !== undefined && next.at <= now; next = call.schedule[0]) {
      call.schedule.shift();
      transition(world, call, next.status, next.at);
    }
  }
}

/**
 * A control-surface action on a call.
 *
 * @example
 * ```ts
 * mock.controlCall(callId, 'answer');
 * ```
 */
export type CallAction = 'answer' | 'bridge' | 'hangup' | 'no-answer' | 'busy' | 'fail';

/**
 * Every call action, for validating control input.
 *
 * @example
 * ```ts
 * CALL_ACTIONS.includes('hangup'); // true
 * ```
 */
export const CALL_ACTIONS: readonly CallAction[] = CALL_ACTION_NAMES;

const ACTION_RULES: Record<CallAction, { from: readonly CallStatus[]; to: (status: CallStatus) => CallStatus }> = {
  answer: { from: ['initiated', 'ringing'], to: () => 'answered' },
  bridge: { from: ['answered'], to: () => 'bridged' },
  hangup: {
    from: ['initiated', 'ringing', 'answered', 'bridged'],
    to: (status) => (status === 'bridged' ? 'completed' : 'canceled'),
  },
  'no-answer': { from: ['initiated', 'ringing', 'answered'], to: () => 'no_answer' },
  busy: { from: ['initiated', 'ringing', 'answered'], to: () => 'busy' },
  fail: { from: ['initiated', 'ringing', 'answered', 'bridged'], to: () => 'failed' },
};

/**
 * Drives a call by hand. The call leaves its automatic timeline for good, so the test alone
 * decides what happens next.
 *
 * @throws ApiError 409 `INVALID_CALL_TRANSITION` when the call's state does not allow the action.
 */
export function applyCallAction(world: World, call: CallRecord, action: CallAction): void {
  progressCalls(world);
  const rule = ACTION_RULES[action];
  if (!rule.from.includes(call.status)) {
    throw ApiError.custom(409, 'INVALID_CALL_TRANSITION', `Cannot ${action} a call that is ${call.status}.`);
  }
  // Stryker disable next-line ArrayDeclaration: a schedule of anything but steps never comes due, like an empty one
  call.schedule = [];
  const now = world.clock.now();
  // Answering a call that has not rung yet passes through ringing, so the history stays a valid path.
  if (action === 'answer' && call.status === 'initiated') transition(world, call, 'ringing', now);
  transition(world, call, rule.to(call.status), now);
}

/** `voice.click2dial`: rings the acting user's extension, then the destination. */
const click2dial: Handler<'voice.click2dial'> = ({ world, tenant, user: maybeUser, body }) => {
  const user = actingUser({ user: maybeUser });
  if (user.extension === null) {
    throw new ApiError('NO_EXTENSION', 'The acting user has no provisioned extension.');
  }
  const destination = body.destination;
  if (Extension.safeParse(destination).success) {
    if (destination === user.extension) throw invalid(['body', 'destination'], 'Cannot dial your own extension');
    if (!tenant.usersByExtension.has(destination)) throw notFound('Extension');
  }
  const createdAt = world.clock.stamp();
  const call: CallRecord = {
    id: newId(),
    tenantId: tenant.id,
    userEmail: user.email,
    fromExtension: user.extension,
    destination,
    status: 'initiated',
    createdAt,
    bridgedAt: null,
    endedAt: null,
    schedule: timeline(destination).map((step) => ({ at: createdAt + step.after, status: step.status })),
    history: [{ status: 'initiated', at: createdAt }],
  };
  tenant.addCall(call);
  world.state.calls.active.add(call);
  world.state.events.emit(tenant.id, 'call.started', {
    callId: call.id,
    status: 'initiated',
    destination,
    userEmail: user.email,
  });
  return { data: { callId: call.id, status: 'initiated' } };
};

/** The voice domain. */
export const voiceHandlers = { 'voice.click2dial': click2dial };
