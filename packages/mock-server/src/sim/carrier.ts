/**
 * The carrier machinery: the adapter live sends go through, and the default one, which decides
 * and writes what it saw into the world's carrier record (`state/carrier-record.ts`).
 *
 * @module
 */
import { CarrierRecord, type CarrierMessage, type CarrierResult } from '../state/carrier-record.js';

export type { CarrierMessage, CarrierResult } from '../state/carrier-record.js';

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
  /** Where it writes: its own, or the world's (the mock's default carrier). */
  #record: CarrierRecord;

  constructor(options: { limit?: number } = {}) {
    this.#record = new CarrierRecord(options.limit);
  }

  /**
   * A carrier that writes into `record` (the world's, for the mock's default carrier).
   *
   * @internal
   */
  static writingTo(record: CarrierRecord): RecordingCarrier {
    const carrier = new RecordingCarrier();
    carrier.#record = record;
    return carrier;
  }

  /** `'accept'` or `'reject'` (every live send but the magic number's). */
  get mode(): 'accept' | 'reject' {
    return this.#record.mode;
  }
  set mode(mode: 'accept' | 'reject') {
    this.#record.mode = mode;
  }

  /** The reason a rejected send gets. */
  get reason(): string {
    return this.#record.reason;
  }
  set reason(reason: string) {
    this.#record.reason = reason;
  }

  /** The messages it saw, oldest first, each with its result. */
  get messages(): (CarrierMessage & { result: CarrierResult })[] {
    return this.#record.messages;
  }

  send(message: CarrierMessage): CarrierResult {
    const result: CarrierResult =
      message.to === MAGIC_REJECTED_SMS_NUMBER
        ? { accepted: false, reason: 'Unreachable destination (magic test number)' }
        : this.mode === 'reject'
          ? { accepted: false, reason: this.reason }
          : { accepted: true };
    this.#record.record({ ...message, result });
    return result;
  }

  setMode(settings: { mode: 'accept' | 'reject'; reason?: string | undefined }): void {
    this.#record.setMode(settings);
  }

  reset(): void {
    this.#record.reset();
  }
}
