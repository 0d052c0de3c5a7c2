import { newId } from '../../lib/ids.js';
import type { CalendarEventRecord } from '../../state/records.js';
import { takePage } from '../query/paginate.js';
import { actingUser, sameEmail } from './acting-user.js';
import { toCalendarEvent } from './format.js';
import type { Handler } from './types.js';

/** `calendar.list`: the acting user's events overlapping `[startDate, endDate)`, by start time. */
const list: Handler<'calendar.list'> = (input) => {
  const user = actingUser(input);
  const { startDate, endDate } = input.query;
  const from = startDate === undefined ? -Infinity : Date.parse(startDate);
  const to = endDate === undefined ? Infinity : Date.parse(endDate);
  const page = takePage(input.tenant.calendarIndex, {
    query: input.query,
    tenantId: input.tenant.id,
    filter: (event) => sameEmail(event.ownerEmail, user.email) && event.startTime < to && event.endTime > from,
    // Stryker disable next-line StringLiteral: the op only has to differ from every other list's, and "" does too
    cursorScope: { op: 'calendar.list', user: user.id, from, to },
  });
  return { data: { events: page.items.map(toCalendarEvent) }, pagination: page.pagination };
};

/** `calendar.create`: 201, an event of the acting user. */
const create: Handler<'calendar.create'> = (input) => {
  const user = actingUser(input);
  const record: CalendarEventRecord = {
    id: newId(),
    title: input.body.title,
    startTime: Date.parse(input.body.startTime),
    endTime: Date.parse(input.body.endTime),
    ownerEmail: user.email,
    createdAt: input.world.clock.stamp(),
  };
  input.tenant.addCalendarEvent(record);
  return { status: 201, data: { event: toCalendarEvent(record) } };
};

/** The calendar domain. */
export const calendarHandlers = { 'calendar.list': list, 'calendar.create': create };
