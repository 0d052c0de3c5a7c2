import { actingUser } from './acting-user.js';
import { toPresence } from './format.js';
import type { Handler } from './types.js';

/** `presence.list`: every user of the tenant, in user order; not paged. */
const list: Handler<'presence.list'> = ({ tenant }) => ({
  data: { presence: [...tenant.userIndex.values()].map(toPresence) },
});

/** `presence.update`: the acting user's status and message. */
const update: Handler<'presence.update'> = (input) => {
  const user = actingUser(input);
  user.presence = { status: input.body.status, message: input.body.message, updatedAt: input.world.clock.stamp() };
  return { data: { presence: toPresence(user) } };
};

/** The presence domain. */
export const presenceHandlers = { 'presence.list': list, 'presence.update': update };
