import { pure } from './schemas/pure.js';

/**
 * Every event type the service emits, and what emits it. Plain data, so that a webhook receiver
 * can use it without loading any schema.
 *
 * @example
 * ```ts
 * EVENT_TYPES['call.started'].emittedBy; // 'voice.click2dial'
 * ```
 */
export const EVENT_TYPES = {
  'contact.changed': { emittedBy: 'contacts.create', description: 'A contact was created.' },
  'call.started': { emittedBy: 'voice.click2dial', description: 'A click-to-dial call was originated.' },
  'sms.sent': { emittedBy: 'sms.send', description: 'An SMS was sent (or simulated, on a sandbox tenant).' },
  'sms.failed': { emittedBy: 'sms.send', description: 'The carrier rejected an SMS of a live tenant.' },
  'sms.received': { emittedBy: 'an inbound SMS', description: 'An SMS arrived on one of the tenant’s numbers.' },
} as const;

/**
 * An event type name.
 *
 * @example
 * ```ts
 * const type: EventType = 'sms.received';
 * ```
 */
export type EventType = keyof typeof EVENT_TYPES;

/**
 * Every event type name.
 *
 * @example
 * ```ts
 * EVENT_TYPE_NAMES.length; // 5
 * ```
 */
export const EVENT_TYPE_NAMES = /* @__PURE__ */ pure(() => Object.keys(EVENT_TYPES).filter(isEventType));

function isEventType(name: string): name is EventType {
  return Object.hasOwn(EVENT_TYPES, name);
}
