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

/**
 * The platform carrier path of live tenants. Sandbox tenants never call it.
 *
 * @example
 * ```ts
 * const carrier: CarrierAdapter = { send: () => ({ accepted: false, reason: 'Number unreachable' }) };
 * ```
 */
export interface CarrierAdapter {
  send(message: CarrierMessage): CarrierResult;
}

/**
 * The peer number the default carrier always rejects, so that tests reach `sms.failed` without
 * the control surface (like Twilio's magic test numbers).
 *
 * @example
 * ```ts
 * mock.loadScenario({ ...scenario }); // a live tenant's conversation with MAGIC_REJECTED_SMS_NUMBER: sends end FAILED
 * ```
 */
export const MAGIC_REJECTED_SMS_NUMBER = '+15005550009';

/**
 * The recording carrier as plain data: how it is set, and the messages it saw with their results
 * (kept as recorded; the envelope is checked).
 */
export const CarrierDataSchema = z.strictObject({
  mode: z.enum(['accept', 'reject']),
  reason: z.string(),
  messages: z.array(z.looseObject({ to: z.string(), result: z.looseObject({ accepted: z.boolean() }) })),
});

/**
 * The default carrier: records the messages it sees (the newest `limit`, default 10,000),
 * accepts or rejects as told, and always rejects {@link MAGIC_REJECTED_SMS_NUMBER}.
 *
 * @example
 * ```ts
 * const carrier = new RecordingCarrier({ limit: 100 });
 * carrier.setMode({ mode: 'reject', reason: 'Carrier outage' });
 * ```
 */
export class RecordingCarrier implements CarrierAdapter {
  mode: 'accept' | 'reject' = 'accept';
  reason = 'Rejected by the carrier';
  messages: (CarrierMessage & { result: CarrierResult })[] = [];
  readonly #limit: number;

  constructor(options: { limit?: number } = {}) {
    this.#limit = options.limit ?? 10_000;
  }

  send(message: CarrierMessage): CarrierResult {
    const result: CarrierResult =
      message.to === MAGIC_REJECTED_SMS_NUMBER
        ? { accepted: false, reason: 'Unreachable destination (magic test number)' }
        : this.mode === 'reject'
          ? { accepted: false, reason: this.reason }
          : { accepted: true };
    this.messages.push({ ...message, result });
    // shift() on a long array is cheap in V8 (the array is trimmed in place, not copied).
    while (this.messages.length > this.#limit) this.messages.shift();
    return result;
  }

  setMode(settings: { mode: 'accept' | 'reject'; reason?: string | undefined }): void {
    this.mode = settings.mode;
    if (settings.reason !== undefined) this.reason = settings.reason;
  }

  /**
   * What it recorded, and how it is set, as plain data.
   *
   * @internal
   */
  save(): z.output<typeof CarrierDataSchema> {
    // A message is an interface, without the index signature of the schema's loose object.
    const messages = structuredClone(this.messages) as unknown as z.output<typeof CarrierDataSchema>['messages'];
    return { mode: this.mode, reason: this.reason, messages };
  }

  /**
   * Puts back what {@link RecordingCarrier.save} gave (a restore), keeping this carrier's cap.
   *
   * @internal
   */
  load(record: z.output<typeof CarrierDataSchema>): void {
    this.mode = record.mode;
    this.reason = record.reason;
    // Saved by save(): each message is a CarrierMessage with its result (the schema checks the envelope).
    const messages = record.messages as unknown as (CarrierMessage & { result: CarrierResult })[];
    this.messages = messages.slice(-this.#limit);
  }

  /**
   * A new carrier with the same cap, accepting, with nothing recorded.
   *
   * @internal
   */
  fresh(): RecordingCarrier {
    return new RecordingCarrier({ limit: this.#limit });
  }

  /**
   * Takes `other`'s settings and record in place of its own.
   *
   * @internal
   */
  adopt(other: RecordingCarrier): void {
    this.mode = other.mode;
    this.reason = other.reason;
    this.messages = other.messages;
  }

  reset(): void {
    this.mode = 'accept';
    this.reason = 'Rejected by the carrier';
    this.messages.length = 0;
  }
}
