import * as z from 'zod/mini';
import { pure } from './pure.js';
import { openEnum } from './open-enum.js';
import { offsetPageQuery } from './pagination.js';
import { E164, Email, Extension, Id, Timestamp } from './primitives.js';

/**
 * The states of a click-to-dial call. `initiated` → `ringing` → `answered` → `bridged` →
 * `completed`, or one of the ends `no_answer`, `busy`, `failed`, `canceled`.
 *
 * @example
 * ```ts
 * CallStatus.options.includes('bridged'); // true
 * ```
 */
export const CallStatus = /* @__PURE__ */ pure(() =>
  z
    .enum(['initiated', 'ringing', 'answered', 'bridged', 'completed', 'no_answer', 'busy', 'failed', 'canceled'])
    .check(z.meta({ id: 'CallStatus' })),
);
/**
 * The shape of {@link CallStatus}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: CallStatus = CallStatus.parse(json);
 * ```
 */
export type CallStatus = z.infer<typeof CallStatus>;

/**
 * The states in which a call has ended.
 *
 * @example
 * ```ts
 * FINAL_CALL_STATUSES.has('completed'); // true
 * ```
 */
export const FINAL_CALL_STATUSES: ReadonlySet<CallStatus> = /* @__PURE__ */ pure(
  () => new Set(['completed', 'no_answer', 'busy', 'failed', 'canceled']),
);

/**
 * Body of `voice.click2dial`: an E.164 number, or an extension of the tenant.
 *
 * @example
 * ```ts
 * Click2DialBody.parse({ destination: '+14155550100' });
 * ```
 */
export const Click2DialBody = /* @__PURE__ */ pure(() =>
  z
    .strictObject({
      destination: z
        .union([E164, Extension])
        .check(z.meta({ description: 'An E.164 number, or an extension of the tenant (2 to 6 digits).' })),
    })
    .check(z.meta({ id: 'Click2DialBody' })),
);
/**
 * The input shape of {@link Click2DialBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: Click2DialBody = Click2DialBody.parse(json);
 * ```
 */
export type Click2DialBody = z.input<typeof Click2DialBody>;

/**
 * `data` of `voice.click2dial`: the new call, always `initiated`.
 *
 * @example
 * ```ts
 * const call: Click2DialResult = { callId, status: 'initiated' };
 * ```
 */
export const Click2DialResult = /* @__PURE__ */ pure(() =>
  z.object({ callId: Id, status: z.literal('initiated') }).check(z.meta({ id: 'Click2DialResult' })),
);
/**
 * The shape of {@link Click2DialResult}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: Click2DialResult = Click2DialResult.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `Click2DialResult` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface Click2DialResult extends z.infer<typeof Click2DialResult> {}

/**
 * How a call ended, as a call detail record tells it.
 *
 * @example
 * ```ts
 * CallDisposition.parse('answered');
 * ```
 */
export const CallDisposition = /* @__PURE__ */ pure(() =>
  z.enum(['answered', 'no_answer', 'busy', 'failed', 'canceled']).check(z.meta({ id: 'CallDisposition' })),
);
/**
 * The shape of {@link CallDisposition}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: CallDisposition = CallDisposition.parse(json);
 * ```
 */
export type CallDisposition = z.infer<typeof CallDisposition>;

/**
 * A call detail record, written when a call ends.
 *
 * @example
 * ```ts
 * const cdr: CallDetailRecord = { id, callId, direction: 'outbound', from: '1001', to: '+14155550100', userEmail, startedAt, answeredAt: null, endedAt, durationSeconds: 0, disposition: 'no_answer' };
 * ```
 */
export const CallDetailRecord = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      callId: Id,
      direction: openEnum(z.enum(['outbound', 'inbound'])),
      from: z.string(),
      to: z.string(),
      userEmail: Email,
      startedAt: Timestamp,
      answeredAt: z.nullable(Timestamp),
      endedAt: Timestamp,
      durationSeconds: z
        .int()
        .check(z.gte(0), z.meta({ description: 'Seconds from answer to end; 0 when never answered.' })),
      disposition: openEnum(CallDisposition),
    })
    .check(z.meta({ id: 'CallDetailRecord' })),
);
/**
 * The shape of {@link CallDetailRecord}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: CallDetailRecord = CallDetailRecord.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `CallDetailRecord` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface CallDetailRecord extends z.infer<typeof CallDetailRecord> {}

/**
 * Query of `cdr.list`.
 *
 * @example
 * ```ts
 * z.decode(CdrListQuery, { limit: '20', offset: '40' });
 * ```
 */
export const CdrListQuery = /* @__PURE__ */ pure(() => z.strictObject({ ...offsetPageQuery }));
