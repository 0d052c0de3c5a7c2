import * as z from 'zod/mini';
import { pure } from './pure.js';
import { openEnum } from './open-enum.js';
import { cursorPageQuery, withCursorRule } from './pagination.js';
import { E164, Email, Id, SearchTerm, Timestamp } from './primitives.js';

/**
 * An SMS conversation: one of the tenant's SMS numbers and a peer.
 *
 * @example
 * ```ts
 * const c: SmsConversation = { id, smsNumber: '+14155550100', peerNumber: '+14155550199', peerName: null, assigneeEmail: null, lastMessageAt: null };
 * ```
 */
export const SmsConversation = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      smsNumber: E164,
      peerNumber: E164,
      peerName: z.nullable(z.string()),
      assigneeEmail: z.nullable(Email),
      lastMessageAt: z.nullable(Timestamp),
    })
    .check(z.meta({ id: 'SmsConversation' })),
);
/**
 * The shape of {@link SmsConversation}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: SmsConversation = SmsConversation.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `SmsConversation` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface SmsConversation extends z.infer<typeof SmsConversation> {}

/**
 * Delivery state of an SMS message: `SENT` and `FAILED` for outbound, `RECEIVED` for inbound.
 *
 * @example
 * ```ts
 * SmsStatus.parse('SENT');
 * ```
 */
export const SmsStatus = /* @__PURE__ */ pure(() =>
  z.enum(['SENT', 'FAILED', 'RECEIVED']).check(z.meta({ id: 'SmsStatus' })),
);
/**
 * The shape of {@link SmsStatus}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: SmsStatus = SmsStatus.parse(json);
 * ```
 */
export type SmsStatus = z.infer<typeof SmsStatus>;

/**
 * An SMS message.
 *
 * @example
 * ```ts
 * if (message.status === 'FAILED') console.warn(message.failureReason);
 * ```
 */
export const SmsMessage = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      conversationId: Id,
      direction: openEnum(z.enum(['outbound', 'inbound'])),
      from: E164,
      to: E164,
      body: z.string(),
      status: openEnum(SmsStatus),
      simulated: z
        .boolean()
        .check(z.meta({ description: 'true when a sandbox tenant sent it and no carrier saw it.' })),
      failureReason: z
        .optional(z.string())
        .check(z.meta({ description: 'Why the carrier rejected it; only on FAILED.' })),
      createdAt: Timestamp,
    })
    .check(z.meta({ id: 'SmsMessage' })),
);
/**
 * The shape of {@link SmsMessage}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: SmsMessage = SmsMessage.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `SmsMessage` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface SmsMessage extends z.infer<typeof SmsMessage> {}

/**
 * Query of `sms.conversations`: `search` matches peer number digits or peer name.
 *
 * @example
 * ```ts
 * z.decode(SmsConversationsListQuery, { search: '0199' });
 * ```
 */
export const SmsConversationsListQuery = /* @__PURE__ */ pure(() =>
  withCursorRule(
    z.strictObject({
      search: z.optional(SearchTerm).check(
        z.meta({
          description: 'Case-insensitive substring of peer number digits or peer name.',
        }),
      ),
      ...cursorPageQuery,
    }),
  ),
);

/**
 * Query of `sms.messages.list`.
 *
 * @example
 * ```ts
 * z.decode(SmsMessagesListQuery, { limit: '100' });
 * ```
 */
export const SmsMessagesListQuery = /* @__PURE__ */ pure(() => withCursorRule(z.strictObject({ ...cursorPageQuery })));

/**
 * Body of `sms.send`: the text, 1 to 1600 characters.
 *
 * @example
 * ```ts
 * SendSmsBody.parse({ body: 'Your table is ready' });
 * ```
 */
export const SendSmsBody = /* @__PURE__ */ pure(() =>
  z.strictObject({ body: z.string().check(z.minLength(1), z.maxLength(1600)) }).check(z.meta({ id: 'SendSmsBody' })),
);
/**
 * The input shape of {@link SendSmsBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: SendSmsBody = SendSmsBody.parse(json);
 * ```
 */
export type SendSmsBody = z.input<typeof SendSmsBody>;
