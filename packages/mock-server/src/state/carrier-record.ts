/**
 * What reached the default (recording) carrier, and how it is set: state, saved and loaded like
 * every store. The carrier that decides and writes here is machinery, in `sim/carrier.ts`.
 *
 * @module
 */
import * as z from 'zod';

/**
 * An SMS handed to the carrier adapter by a live tenant.
 *
 * @example
 * ```ts
 * const seen: CarrierMessage[] = mock.carrier().messages;
 * ```
 */
export interface CarrierMessage {
  readonly tenantId: string;
  readonly messageId: string;
  readonly from: string;
  readonly to: string;
  readonly body: string;
}

/**
 * The carrier's answer.
 *
 * @example
 * ```ts
 * const result: CarrierResult = { accepted: false, reason: 'Number unreachable' };
 * ```
 */
export type CarrierResult = { accepted: true } | { accepted: false; reason: string };

/** A message as recorded: what was sent, and the carrier's answer. */
export type RecordedCarrierMessage = CarrierMessage & { result: CarrierResult };

/** How the recording carrier answers live sends. */
export type CarrierMode = 'accept' | 'reject';

const DEFAULT_REASON = 'Rejected by the carrier';

/** A recorded message as plain data: what was sent, and the carrier's answer. */
const RecordedMessageSchema = z.strictObject({
  tenantId: z.string(),
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  result: z.discriminatedUnion('accepted', [
    z.strictObject({ accepted: z.literal(true) }),
    z.strictObject({ accepted: z.literal(false), reason: z.string() }),
  ]),
}) satisfies z.ZodType<RecordedCarrierMessage>;

/** The recording carrier as plain data: how it is set, and the messages it saw with their results. */
export const CarrierDataSchema = z.strictObject({
  mode: z.enum(['accept', 'reject']),
  reason: z.string(),
  messages: z.array(RecordedMessageSchema),
});

/**
 * The recording carrier's settings and the newest `limit` messages it saw (10,000 unless the
 * history limits say otherwise): older ones leave as new ones come.
 *
 * @internal
 */
export class CarrierRecord {
  mode: CarrierMode = 'accept';
  reason = DEFAULT_REASON;
  messages: RecordedCarrierMessage[] = [];
  readonly #limit: number;

  constructor(limit = 10_000) {
    this.#limit = limit;
  }

  /** Keeps `message`, dropping the oldest past the cap. */
  record(message: RecordedCarrierMessage): void {
    this.messages.push(message);
    // shift() on a long array is cheap in V8 (the array is trimmed in place, not copied).
    while (this.messages.length > this.#limit) this.messages.shift();
  }

  setMode(settings: { mode: CarrierMode; reason?: string | undefined }): void {
    this.mode = settings.mode;
    if (settings.reason !== undefined) this.reason = settings.reason;
  }

  /** What it recorded, and how it is set, as plain data. */
  save(): z.output<typeof CarrierDataSchema> {
    return { mode: this.mode, reason: this.reason, messages: structuredClone(this.messages) };
  }

  /** Puts back what {@link CarrierRecord.save} gave (a restore), keeping this record's cap. */
  load(data: z.output<typeof CarrierDataSchema>): void {
    this.mode = data.mode;
    this.reason = data.reason;
    this.messages = data.messages.slice(-this.#limit);
  }

  /** A new record with the same cap, accepting, with nothing recorded. */
  fresh(): CarrierRecord {
    return new CarrierRecord(this.#limit);
  }

  /** Takes `other`'s settings and messages in place of its own. */
  adopt(other: CarrierRecord): void {
    this.mode = other.mode;
    this.reason = other.reason;
    this.messages = other.messages;
  }

  /** Back to accepting, with nothing recorded. */
  reset(): void {
    this.mode = 'accept';
    this.reason = DEFAULT_REASON;
    this.messages.length = 0;
  }
}
