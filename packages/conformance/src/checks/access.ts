import { answered } from '../session.js';
import { HEADERS, MAX_PAGE_LIMIT, isUserScoped, operations, type OperationId } from '@commflow/contract';
import { defineCheck, listOperationIds, type CheckContext } from './context.js';

/** Account keys (`cfa_`) may access several tenants (rules R6); tenant keys (`cf_`) one. */
const isAccountKey = (key: string) => key.startsWith('cfa_');
const userScoped = (id: OperationId) => isUserScoped(operations[id]);

export const tenancyCheck = defineCheck({
  id: 'tenancy.isolation',
  title: "Another tenant's ids are 404 (revealing nothing) and never listed; its tenant id is refused to this key",
  rules: ['R3', 'R16', 'R7'],
  rule: 'R3 data never crosses tenants; R16 an id not under the tenant is NOT_FOUND, never revealed; R7 a tenant the key may not access is TENANT_ACCESS_DENIED',
  effect: 'read',
  requires: ['otherTenant'],
  async run(ctx: CheckContext) {
    const other = { apiKey: ctx.options.otherApiKey ?? '', tenantId: ctx.options.otherTenantId ?? '' };
    const theirAgents = ctx.ok(await ctx.call('ai.agents.list', other), 'ai.agents.list on the other tenant').agents;
    const theirContacts = ctx.ok(
      await ctx.call('contacts.list', { ...other, query: { limit: MAX_PAGE_LIMIT } }),
      'contacts.list on the other tenant',
    ).contacts;
    const theirUsers = await ctx.users(other.apiKey, other.tenantId);
    // A 404 must not tell a foreign id from one that names nothing (rule R16).
    const nothing = crypto.randomUUID();
    const absent = await ctx.call('ai.agents.get', { params: { id: nothing } });
    const absentMessage = ctx.expectError(absent, 'NOT_FOUND', 'an agent id that names nothing').error.message;
    for (const agent of theirAgents.slice(0, 3)) {
      const answer = await ctx.call('ai.agents.get', { params: { id: agent.id } });
      const error = ctx.expectError(answer, 'NOT_FOUND', `ai.agents.get of the other tenant's agent ${agent.id}`);
      ctx.expect(
        error.error.message.replaceAll(agent.id, nothing) === absentMessage,
        `the 404 for the other tenant's agent says ${JSON.stringify(error.error.message)}, for an id that names nothing ${JSON.stringify(absentMessage)}: it reveals that the id exists`,
        answer,
      );
    }
    // An SMS conversation of the other tenant, read by this tenant's acting user.
    for (const user of theirUsers.slice(0, 3)) {
      const theirs = await ctx.call('sms.conversations', { ...other, user: user.email, query: { limit: 1 } });
      const conversation = theirs.success ? theirs.data.conversations[0] : undefined;
      if (conversation === undefined) continue;
      const answer = await ctx.call('sms.messages.list', { params: { id: conversation.id } });
      ctx.expectError(answer, 'NOT_FOUND', `sms.messages.list of the other tenant's conversation ${conversation.id}`);
      break;
    }
    const ours = {
      agents: ctx.ok(await ctx.call('ai.agents.list')).agents.map((item) => item.id),
      contacts: ctx
        .ok(await ctx.call('contacts.list', { query: { limit: MAX_PAGE_LIMIT } }))
        .contacts.map((item) => item.id),
      users: (await ctx.users()).map((item) => item.id),
    };
    const leaked = [
      ...theirAgents.filter((item) => ours.agents.includes(item.id)),
      ...theirContacts.filter((item) => ours.contacts.includes(item.id)),
      ...theirUsers.filter((item) => ours.users.includes(item.id)),
    ];
    ctx.expect(leaked.length === 0, `the other tenant's record ${leaked[0]?.id ?? ''} is listed on this tenant`);
    if (!isAccountKey(ctx.options.apiKey)) {
      const crossed = await ctx.call('users.list', { tenantId: other.tenantId });
      ctx.expectError(crossed, 'TENANT_ACCESS_DENIED', "this tenant's key on the other tenant");
    }
    if (!isAccountKey(other.apiKey)) {
      const crossed = await ctx.call('users.list', { apiKey: other.apiKey });
      ctx.expectError(crossed, 'TENANT_ACCESS_DENIED', "the other tenant's key on this tenant");
    }
    if (theirAgents.length === 0 && theirContacts.length === 0 && theirUsers.length === 0) {
      ctx.skip(
        'the other tenant has no agents, contacts or users to look up (its key was refused here as it should be)',
      );
    }
  },
});

export const gatingCheck = defineCheck({
  id: 'gating.permission-denied',
  title: 'The restricted key gets PERMISSION_DENIED where it lacks the permission, before the acting user is checked',
  rules: ['R8', 'R7'],
  rule: 'R8 each operation needs a permission on the key (PERMISSION_DENIED); R7 the permission is checked before the module and the acting user',
  effect: 'read',
  requires: ['restrictedKey'],
  async run(ctx: CheckContext) {
    const restricted = ctx.options.restrictedApiKey ?? '';
    const denied: OperationId[] = [];
    for (const id of listOperationIds()) {
      const answer = await ctx.call(id, { apiKey: restricted });
      if (answer.success) continue;
      if (answer.error.code !== 'PERMISSION_DENIED') continue;
      denied.push(id);
      const full = await ctx.call(id);
      ctx.expect(
        full.success || full.error.code !== 'PERMISSION_DENIED',
        `${id} is PERMISSION_DENIED to the main key too: pass a main key with every permission`,
        full,
      );
      if (userScoped(id)) {
        const anonymous = await ctx.call(id, { apiKey: restricted, user: null });
        ctx.expectError(anonymous, 'PERMISSION_DENIED', `${id} with the restricted key and no ${HEADERS.userEmail}`);
      }
    }
    ctx.expect(
      denied.length > 0,
      'the restricted key was refused no read operation with PERMISSION_DENIED: it holds every permission the reads need, or the service ignores permissions',
    );
  },
});

export const actingUserCheck = defineCheck({
  id: 'acting-user.header',
  title: 'User-scoped operations refuse a missing, malformed or unknown X-User-Email',
  rules: ['R4', 'R7'],
  rule: 'R4 user-scoped operations name the acting user in X-User-Email; R7 missing or not an email: 400 VALIDATION_ERROR, no such user: 403 UNKNOWN_USER',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    const unknown = `nobody-${ctx.marker}@example.invalid`;
    let checked = 0;
    for (const id of listOperationIds(userScoped)) {
      const known = await ctx.call(id);
      // The permission and the module are checked before the acting user (rule R7).
      if (ctx.unavailable(id, known, ['PERMISSION_DENIED', 'MODULE_DISABLED'])) continue;
      checked++;
      ctx.expect(
        known.success || !['VALIDATION_ERROR', 'UNKNOWN_USER'].includes(known.error.code),
        `${id} as ${ctx.options.userEmail} answered ${answered(known)}: pass a user of the tenant as --user`,
        known,
      );
      const missing = await ctx.call(id, { user: null });
      const error = ctx.expectError(missing, 'VALIDATION_ERROR', `${id} without ${HEADERS.userEmail}`);
      const details = JSON.stringify(error.error.details ?? '');
      ctx.expect(
        details.toLowerCase().includes(HEADERS.userEmail.toLowerCase()),
        `${id} without ${HEADERS.userEmail}: the VALIDATION_ERROR details do not name the header`,
        missing,
      );
      ctx.expectError(
        await ctx.call(id, { user: 'not-an-email' }),
        'VALIDATION_ERROR',
        `${id} with ${HEADERS.userEmail}: not-an-email`,
      );
      ctx.expectError(
        await ctx.call(id, { user: unknown }),
        'UNKNOWN_USER',
        `${id} with an unknown ${HEADERS.userEmail}`,
      );
    }
    if (checked === 0) ctx.skip('no user-scoped read operation is available to this key and tenant');
  },
});
