import { EVENT_DATA_SCHEMAS, WebhookEvent, type EventOf, type EventType } from '@commflow/contract';
import * as z from 'zod';
import type { ClockReading } from '../clock-reading.js';
import { TenantBoundedLog } from '../../history/bounded.js';
import { newId } from '../../lib/ids.js';

/** The log as plain data: the kept events, oldest first, each checked by the contract's event schema. */
export const EventsDataSchema = z.array(WebhookEvent);

/**
 * Receives every recorded event, in order. Webhook delivery (a later addition) subscribes here.
 *
 * @example
 * ```ts
 * const listener: EventListener = (event) => console.log(event.type);
 * ```
 */
export type EventListener = (event: WebhookEvent) => void;

/**
 * The events a mock has emitted, oldest first, with a subscription hook. Only the newest
 * `capacity` events of each tenant are kept (default 1,000 per tenant), so that one tenant's
 * events never evict another's: subscribers see every event, the list is history.
 *
 * Events are recorded as the operation commits, so an idempotent replay, which never reaches the
 * operation, records nothing.
 *
 * @example
 * ```ts
 * const off = log.subscribe((event) => deliveries.push(event));
 * log.emit(tenantId, 'call.started', { callId, status: 'initiated', destination, userEmail });
 * off();
 * ```
 */
export class EventLog {
  readonly #clock: ClockReading;
  readonly #events: TenantBoundedLog<WebhookEvent>;
  readonly #listeners = new Set<EventListener>();

  readonly #isoFor: ((tenantId: string) => string) | undefined;

  /**
   * @param capacity Events kept per tenant.
   * @param isoFor Each tenant's time (a tenant clock may run ahead of the mock clock); default:
   *   the mock clock for every tenant.
   */
  constructor(clock: ClockReading, capacity = 1_000, isoFor?: (tenantId: string) => string) {
    this.#clock = clock;
    this.#isoFor = isoFor;
    this.#events = new TenantBoundedLog({ capacity, tenantOf: (event) => event.tenantId });
  }

  emit<T extends EventType>(tenantId: string, type: T, data: z.output<(typeof EVENT_DATA_SCHEMAS)[T]>): EventOf<T> {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `data` is typed by T's own schema: tsc cannot pick the member of the WebhookEvent union a generic T names
    const event = {
      id: newId(),
      type,
      timestamp: this.#isoFor?.(tenantId) ?? this.#clock.iso(),
      tenantId,
      data,
    } as EventOf<T>;
    this.#events.push(event);
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A failing subscriber must not fail the operation that emitted the event.
      }
    }
    return event;
  }

  /** The recorded events, oldest first, optionally of one tenant (read from its own bucket) and/or type. */
  list(filter: { tenantId?: string | undefined; type?: string | undefined } = {}): WebhookEvent[] {
    const { tenantId, type } = filter;
    const kept = tenantId === undefined ? this.#events.list() : this.#events.listTenant(tenantId);
    return type === undefined ? kept : kept.filter((event) => event.type === type);
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Forgets the recorded events; subscribers stay. */
  clear(): void {
    this.#events.clear();
  }

  /** Forgets a tenant's events and frees their bucket (its reset or deletion). */
  forgetTenant(tenantId: string): void {
    this.#events.forgetTenant(tenantId);
  }

  /** The kept events as plain data, oldest first across tenants. */
  save(): z.output<typeof EventsDataSchema> {
    return structuredClone(this.#events.list());
  }

  /**
   * Replaces the kept events with `events` (a restore), each tenant keeping its newest
   * `capacity`. Listeners are not told: these events happened before.
   */
  load(events: z.output<typeof EventsDataSchema>): void {
    this.#events.replace(events);
  }

  /**
   * Replaces one tenant's events with `events` (oldest first, all of that tenant), keeping its
   * newest `capacity`: a tenant restore. Other tenants' events stay as they are; the tenant's
   * take their place among them by timestamp. Listeners are not told.
   *
   * @example
   * ```ts
   * log.replaceTenant(tenantId, saved.filter((event) => event.tenantId === tenantId));
   * ```
   */
  replaceTenant(tenantId: string, events: z.output<typeof EventsDataSchema>): void {
    this.#events.replaceTenant(tenantId, events, (event) => Date.parse(event.timestamp));
  }

  /** @internal A new, empty log with the same cap and clocks, and no listener. */
  fresh(): EventLog {
    return new EventLog(this.#clock, this.#events.capacity, this.#isoFor);
  }

  /** @internal Takes `other`'s events in place of its own; its listeners stay (and are not told). */
  adopt(other: EventLog): void {
    this.#events.adopt(other.#events);
  }

  /** How many events are kept, across tenants. */
  get size(): number {
    return this.#events.size;
  }
}
