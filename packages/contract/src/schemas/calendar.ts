import * as z from 'zod/mini';
import { pure } from './pure.js';
import { cursorPageQuery, withCursorRule } from './pagination.js';
import { DateOrDateTimeInput, DateTimeInput, Email, Id, Timestamp } from './primitives.js';

/**
 * A calendar event of a user.
 *
 * @example
 * ```ts
 * const event: CalendarEvent = { id, title: 'Standup', startTime, endTime, ownerEmail, createdAt };
 * ```
 */
export const CalendarEvent = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      title: z.string(),
      startTime: Timestamp,
      endTime: Timestamp,
      ownerEmail: Email,
      createdAt: Timestamp,
    })
    .check(z.meta({ id: 'CalendarEvent' })),
);
/**
 * The shape of {@link CalendarEvent}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: CalendarEvent = CalendarEvent.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `CalendarEvent` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface CalendarEvent extends z.infer<typeof CalendarEvent> {}

const rangeMessage = 'must be after startDate';

/**
 * Query of `calendar.list`: the acting user's events overlapping `[startDate, endDate)`.
 *
 * @example
 * ```ts
 * z.decode(CalendarListQuery, { startDate: '2026-11-01', endDate: '2026-12-01' });
 * ```
 */
export const CalendarListQuery = /* @__PURE__ */ pure(() =>
  withCursorRule(
    z.strictObject({
      startDate: z.optional(DateOrDateTimeInput).check(
        z.meta({
          description: 'Inclusive start of the range (ISO 8601 date or date-time).',
        }),
      ),
      endDate: z.optional(DateOrDateTimeInput).check(
        z.meta({
          description: 'Exclusive end of the range (ISO 8601 date or date-time).',
        }),
      ),
      ...cursorPageQuery,
    }),
  ).check((ctx) => {
    const { startDate, endDate } = ctx.value;
    if (startDate !== undefined && endDate !== undefined && Date.parse(endDate) <= Date.parse(startDate)) {
      ctx.issues.push({ code: 'custom', message: rangeMessage, path: ['endDate'], input: endDate });
    }
  }),
);

/**
 * Body of `calendar.create`: `endTime` must be after `startTime`.
 *
 * @example
 * ```ts
 * CreateCalendarEventBody.parse({ title: 'Demo', startTime: '2026-11-23T10:00:00Z', endTime: '2026-11-23T10:30:00Z' });
 * ```
 */
export const CreateCalendarEventBody = /* @__PURE__ */ pure(() =>
  z
    .strictObject({
      title: z.string().check(z.minLength(1), z.maxLength(200)),
      startTime: DateTimeInput,
      endTime: DateTimeInput,
    })
    .check((ctx) => {
      const { startTime, endTime } = ctx.value;
      if (Date.parse(endTime) <= Date.parse(startTime)) {
        ctx.issues.push({ code: 'custom', message: 'must be after startTime', path: ['endTime'], input: endTime });
      }
    })
    .check(z.meta({ id: 'CreateCalendarEventBody' })),
);
/**
 * The input shape of {@link CreateCalendarEventBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: CreateCalendarEventBody = CreateCalendarEventBody.parse(json);
 * ```
 */
export type CreateCalendarEventBody = z.input<typeof CreateCalendarEventBody>;
