import * as z from 'zod';
import type { DeliveryRecord } from './delivery-types.js';

/**
 * The table as plain data, as a snapshot holds it: every delivery, oldest first. An attempt in
 * flight when it was saved is due again at once after a load (`nextAttemptAt` = the save's time).
 */
export const DeliveriesDataSchema = z.array(
  z.strictObject({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    tenantId: z.string(),
    subscriptionId: z.string(),
    createdAt: z.string(),
    replayOf: z.string().nullable(),
    payload: z.string(),
    retries: z.boolean(),
    attempts: z.array(
      z.strictObject({
        at: z.string(),
        durationMs: z.number(),
        status: z.int().optional(),
        error: z.string().optional(),
      }),
    ),
    status: z.enum(['pending', 'succeeded', 'failed']),
    nextAttemptAt: z.number().nullable(),
  }),
);
/** One delivery as plain data. */
export type DeliveryData = z.output<typeof DeliveriesDataSchema>[number];

/** A saved delivery as the table holds it: not in flight; its time to wait is set by the table. */
export function recordOf(delivery: DeliveryData): DeliveryRecord {
  return {
    ...delivery,
    replayOf: delivery.replayOf ?? undefined,
    attempts: delivery.attempts.map(({ status, error, ...attempt }) => ({
      ...attempt,
      ...(status === undefined ? {} : { status }),
      ...(error === undefined ? {} : { error }),
    })),
    nextAttemptAt: undefined,
    inFlight: false,
  };
}

/**
 * A delivery as plain data. One pending is due at its next attempt's time; one in flight (or with
 * no time) is due at `nowFor(tenantId)`, the time of the save, so a load tries it again at once.
 */
export function deliveryData(record: DeliveryRecord, nowFor: (tenantId: string) => number): DeliveryData {
  return {
    id: record.id,
    eventId: record.eventId,
    eventType: record.eventType,
    tenantId: record.tenantId,
    subscriptionId: record.subscriptionId,
    createdAt: record.createdAt,
    replayOf: record.replayOf ?? null,
    payload: record.payload,
    retries: record.retries,
    attempts: record.attempts.map((attempt) => ({ ...attempt })),
    status: record.status,
    nextAttemptAt:
      record.status !== 'pending'
        ? null
        : record.inFlight
          ? nowFor(record.tenantId)
          : (record.nextAttemptAt ?? nowFor(record.tenantId)),
  };
}
