import type { CalendarEvent } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { CalendarEventCreateParams, CalendarListParams } from './params.js';

/**
 * `client.calendar`: the acting user's calendar events.
 *
 * @example
 * ```ts
 * const week = await client.calendar.list({ startDate: '2026-11-23', endDate: '2026-11-30' }).toArray();
 * ```
 */
export class Calendar extends APIResource {
  /**
   * Lists the acting user's events overlapping `[startDate, endDate)`, by start time
   * (`calendar.list`).
   *
   * @operation calendar.list
   *
   * @example
   * ```ts
   * for await (const event of client.calendar.list({ startDate: '2026-11-23' })) console.log(event.title);
   * ```
   */
  list(params: CalendarListParams = {}, options?: RequestOptions): PagePromise<CalendarEvent> {
    return this._client.paginate('calendar.list', { query: params }, options);
  }

  /**
   * Creates an event for the acting user (`calendar.create`).
   *
   * @operation calendar.create
   *
   * @example
   * ```ts
   * const event = await client.calendar.create({ title: 'Standup', startTime: '2026-11-23T09:00:00Z', endTime: '2026-11-23T09:15:00Z' });
   * ```
   */
  create(body: CalendarEventCreateParams, options?: RequestOptions): APIPromise<CalendarEvent> {
    return this._client.request('calendar.create', { body }, options);
  }
}
