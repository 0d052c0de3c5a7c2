import * as z from 'zod/mini';
import { pure } from './pure.js';
import { EVENT_TYPE_NAMES, type EventType } from '../event-types.js';
import { Contact } from './contacts.js';
import { Email, Id, Timestamp } from './primitives.js';
import { SmsMessage } from './sms.js';

const smsEventData = /* @__PURE__ */ pure(() => z.object({ conversationId: Id, message: SmsMessage }));

/**
 * The `data` schema of each event type.
 *
 * @example
 * ```ts
 * EVENT_DATA_SCHEMAS['call.started'].parse(event.data);
 * ```
 */
export const EVENT_DATA_SCHEMAS = /* @__PURE__ */ pure(
  () =>
    ({
      'contact.changed': z
        .object({ change: z.literal('created'), contact: Contact })
        .check(z.meta({ id: 'ContactChangedData' })),
      'call.started': z
        .object({ callId: Id, status: z.literal('initiated'), destination: z.string(), userEmail: Email })
        .check(z.meta({ id: 'CallStartedData' })),
      'sms.sent': smsEventData.check(z.meta({ id: 'SmsSentData' })),
      'sms.failed': smsEventData.check(z.meta({ id: 'SmsFailedData' })),
      'sms.received': smsEventData.check(z.meta({ id: 'SmsReceivedData' })),
    }) as const satisfies Record<EventType, z.ZodMiniType>,
);

function eventSchema<T extends EventType>(type: T) {
  return z
    .object({
      id: Id.check(
        z.meta({ description: 'The event id; also the webhook-id header, the same on every delivery attempt.' }),
      ),
      type: z.literal(type),
      timestamp: Timestamp,
      tenantId: Id,
      data: EVENT_DATA_SCHEMAS[type],
    })
    .check(z.meta({ id: `Event_${type.replace('.', '_')}` }));
}

/**
 * One schema per event type, keyed by type.
 *
 * @example
 * ```ts
 * EVENT_SCHEMAS['sms.sent'].parse(JSON.parse(rawBody));
 * ```
 */
export const EVENT_SCHEMAS = /* @__PURE__ */ pure(
  () =>
    ({
      'contact.changed': eventSchema('contact.changed'),
      'call.started': eventSchema('call.started'),
      'sms.sent': eventSchema('sms.sent'),
      'sms.failed': eventSchema('sms.failed'),
      'sms.received': eventSchema('sms.received'),
    }) as const satisfies Record<EventType, z.ZodMiniType>,
);

/**
 * Any event, discriminated by `type`.
 *
 * @example
 * ```ts
 * const event = WebhookEvent.parse(JSON.parse(rawBody));
 * if (event.type === 'call.started') console.log(event.data.callId);
 * ```
 */
export const WebhookEvent = /* @__PURE__ */ pure(() =>
  z
    .discriminatedUnion('type', [
      EVENT_SCHEMAS['contact.changed'],
      EVENT_SCHEMAS['call.started'],
      EVENT_SCHEMAS['sms.sent'],
      EVENT_SCHEMAS['sms.failed'],
      EVENT_SCHEMAS['sms.received'],
    ])
    .check(z.meta({ id: 'WebhookEvent' })),
);

/**
 * Any event: `switch (event.type)` narrows `event.data`.
 *
 * @example
 * ```ts
 * function handle(event: WebhookEvent) {
 *   if (event.type === 'contact.changed') console.log(event.data.contact.id);
 * }
 * ```
 */
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/**
 * The event of one type.
 *
 * @example
 * ```ts
 * const started: EventOf<'call.started'> = { id, type: 'call.started', timestamp, tenantId, data };
 * ```
 */
export type EventOf<T extends EventType> = Extract<WebhookEvent, { type: T }>;

/**
 * The names of the event types, as a zod enum (for subscription filters).
 *
 * @example
 * ```ts
 * EventTypeSchema.parse('sms.sent');
 * ```
 */
export const EventTypeSchema = /* @__PURE__ */ pure(() => z.enum(EVENT_TYPE_NAMES));
