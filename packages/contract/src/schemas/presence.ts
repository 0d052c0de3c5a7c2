import * as z from 'zod/mini';
import { pure } from './pure.js';
import { openEnum } from './open-enum.js';
import { Email, Id, Timestamp } from './primitives.js';

/**
 * A user's presence status.
 *
 * @example
 * ```ts
 * PresenceStatus.parse('dnd');
 * ```
 */
export const PresenceStatus = /* @__PURE__ */ pure(() =>
  z.enum(['available', 'busy', 'away', 'dnd', 'offline']).check(z.meta({ id: 'PresenceStatus' })),
);
/**
 * The shape of {@link PresenceStatus}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: PresenceStatus = PresenceStatus.parse(json);
 * ```
 */
export type PresenceStatus = z.infer<typeof PresenceStatus>;

/**
 * The presence of one user.
 *
 * @example
 * ```ts
 * const p: Presence = { userId, email: 'ann.lee@acme.test', status: 'busy', message: 'In a meeting', updatedAt };
 * ```
 */
export const Presence = /* @__PURE__ */ pure(() =>
  z
    .object({
      userId: Id,
      email: Email,
      status: openEnum(PresenceStatus),
      message: z.string().check(z.maxLength(140)),
      updatedAt: Timestamp,
    })
    .check(z.meta({ id: 'Presence' })),
);
/**
 * The shape of {@link Presence}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: Presence = Presence.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `Presence` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface Presence extends z.infer<typeof Presence> {}

/**
 * Body of `presence.update`: the acting user's status and message.
 *
 * @example
 * ```ts
 * UpdatePresenceBody.parse({ status: 'busy', message: 'In a meeting' });
 * ```
 */
export const UpdatePresenceBody = /* @__PURE__ */ pure(() =>
  z
    .strictObject({ status: PresenceStatus, message: z.string().check(z.maxLength(140)) })
    .check(z.meta({ id: 'UpdatePresenceBody' })),
);
/**
 * The input shape of {@link UpdatePresenceBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: UpdatePresenceBody = UpdatePresenceBody.parse(json);
 * ```
 */
export type UpdatePresenceBody = z.input<typeof UpdatePresenceBody>;
