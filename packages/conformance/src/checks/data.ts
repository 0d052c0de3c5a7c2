import { answered } from '../session.js';
import { HEADERS, MAX_PAGE_LIMIT } from '@commflow/contract';
import { defineCheck, type CheckContext } from './context.js';

/** A random suffix, so that each created record of a run is told apart. */
const suffix = () => crypto.randomUUID().slice(0, 8);

/** How many pages of a list a check reads to find what it created (newest first). */
const FIND_PAGES = 5;

async function contactListed(ctx: CheckContext, id: string, search?: string) {
  let cursor: string | undefined;
  for (let page = 0; page < FIND_PAGES; page++) {
    const query: Record<string, string | number> = { limit: MAX_PAGE_LIMIT };
    if (search !== undefined) query.search = search;
    if (cursor !== undefined) query.cursor = cursor;
    const answer = await ctx.call('contacts.list', { query });
    const data = ctx.ok(answer);
    if (data.contacts.some((contact) => contact.id === id)) return { found: true, answer, contacts: data.contacts };
    const next = answer.success ? answer.meta.pagination?.nextCursor : null;
    if (next === null || next === undefined) return { found: false, answer, contacts: data.contacts };
    cursor = next;
  }
  return { found: false, answer: undefined, contacts: [] };
}

export const contactReadBackCheck = defineCheck({
  id: 'contacts.read-back',
  title: 'A created contact is listed, and found by search',
  rules: ['R30', 'R23', 'R24'],
  rule: 'R30 contacts.create answers 201 with data.contact, which the list and its search then show; R23 contacts newest first; R24 search a case-insensitive substring of the full name',
  effect: 'create',
  requires: [],
  async run(ctx: CheckContext) {
    const lastName = `${ctx.marker}-${suffix()}`;
    const created = await ctx.call('contacts.create', { body: { firstName: 'Conformance', lastName } });
    ctx.expect(created.status === 201, `contacts.create answered ${answered(created)}, not 201`, created);
    const { contact } = ctx.ok(created);
    ctx.expect(
      contact.firstName === 'Conformance' && contact.lastName === lastName,
      `contacts.create returned ${contact.firstName} ${contact.lastName}, not what was sent`,
      created,
    );
    const listed = await contactListed(ctx, contact.id);
    ctx.expect(listed.found, `the created contact ${contact.id} is not in contacts.list (newest first)`, listed.answer);
    const term = lastName.toUpperCase();
    const searched = await contactListed(ctx, contact.id, term);
    ctx.expect(
      searched.found,
      `contacts.list?search=${term} does not find the created contact ${contact.id}`,
      searched.answer,
    );
    const strays = searched.contacts.filter(
      (item) => !`${item.firstName} ${item.lastName}`.toLowerCase().includes(lastName.toLowerCase()),
    );
    ctx.expect(
      strays.length === 0,
      `contacts.list?search=${term} also returned ${strays.length} contact(s) whose name does not contain it, e.g. ${strays[0]?.id ?? ''}`,
      searched.answer,
    );
  },
});

export const idempotencyCheck = defineCheck({
  id: 'idempotency.replay',
  title: 'A retried Idempotency-Key replays the first answer; with another body it is 409',
  rules: ['R26', 'R27'],
  rule: 'R26 a retry with the same Idempotency-Key replays with Idempotent-Replayed: true, nothing happens again; R27 the same key with another body is 409 IDEMPOTENCY_KEY_REUSED',
  effect: 'create',
  requires: [],
  async run(ctx: CheckContext) {
    const key = `${ctx.marker}-${suffix()}`;
    const lastName = `${ctx.marker}-idem-${suffix()}`;
    const body = { firstName: 'Conformance', lastName };
    const headers = { [HEADERS.idempotencyKey]: key };
    const first = await ctx.call('contacts.create', { body, headers });
    const { contact } = ctx.ok(first);
    ctx.expect(
      first.headers.get(HEADERS.idempotentReplayed) !== 'true',
      'the first request with a new Idempotency-Key is marked Idempotent-Replayed: true',
      first,
    );
    const replay = await ctx.call('contacts.create', { body, headers });
    const again = ctx.ok(replay);
    ctx.expect(
      replay.status === first.status,
      `the replay answered ${answered(replay)}, the first request ${answered(first)}`,
      replay,
    );
    ctx.expect(
      again.contact.id === contact.id,
      `the replay created another contact (${again.contact.id}, first ${contact.id}): the Idempotency-Key was not honoured`,
      replay,
    );
    ctx.expect(
      replay.headers.get(HEADERS.idempotentReplayed) === 'true',
      `the replay lacks Idempotent-Replayed: true (got ${JSON.stringify(replay.headers.get(HEADERS.idempotentReplayed))})`,
      replay,
    );
    const search = await ctx.call('contacts.list', { query: { search: lastName, limit: MAX_PAGE_LIMIT } });
    const found = ctx.ok(search).contacts.filter((item) => item.lastName === lastName);
    ctx.expect(found.length === 1, `${found.length} contacts named ${lastName} exist after a replay, not 1`, search);
    const reused = await ctx.call('contacts.create', { body: { ...body, firstName: 'Conformance other' }, headers });
    ctx.expectError(reused, 'IDEMPOTENCY_KEY_REUSED', 'the same Idempotency-Key with another body');
  },
});

export const chatStartTwiceCheck = defineCheck({
  id: 'chat.start-twice',
  title: 'Starting the same direct chat twice returns it with isNew: false',
  rules: ['R33'],
  rule: 'R33 starting a direct chat returns the existing one (isNew says which): 201 when new, 200 when existing, the message posted either way',
  effect: 'create',
  requires: [],
  async run(ctx: CheckContext) {
    const me = ctx.options.userEmail.toLowerCase();
    const teammate = (await ctx.users()).find((user) => user.email.toLowerCase() !== me);
    if (teammate === undefined) ctx.skip('the tenant has no second user to chat with');
    const start = (text: string) =>
      ctx.call('chat.conversations.create', {
        body: { participantEmail: teammate.email, message: `${text} [${ctx.marker}]` },
      });
    const first = await start('Conformance check: a direct chat, safe to ignore');
    const opened = ctx.ok(first).conversation;
    ctx.expect(
      (first.status === 201) === opened.isNew,
      `the first start answered ${answered(first)} with isNew: ${opened.isNew} (201 goes with true, 200 with false)`,
      first,
    );
    const second = await start('Conformance check: the same chat again');
    const again = ctx.ok(second).conversation;
    ctx.expect(
      again.id === opened.id,
      `the second start returned another conversation (${again.id}, first ${opened.id})`,
      second,
    );
    ctx.expect(!again.isNew, 'the second start of the same direct chat returned isNew: true', second);
    ctx.expect(second.status === 200, `the second start answered ${answered(second)}, not 200`, second);
    const participants = again.participants.map((email) => email.toLowerCase());
    ctx.expect(
      participants.includes(me) && participants.includes(teammate.email.toLowerCase()),
      `the conversation's participants ${JSON.stringify(again.participants)} are not the two users`,
      second,
    );
  },
});

export const sandboxSmsCheck = defineCheck({
  id: 'sms.sandbox-simulated',
  title: 'An SMS sent on a sandbox tenant is simulated and listed',
  rules: ['R36'],
  rule: 'R36 a sandbox tenant never reaches a carrier: an SMS send answers status SENT, simulated: true',
  effect: 'sandbox',
  requires: [],
  async run(ctx: CheckContext) {
    const conversations = ctx.ok(await ctx.call('sms.conversations', { query: { limit: 1 } })).conversations;
    const conversation = conversations[0];
    if (conversation === undefined) ctx.skip(`${ctx.options.userEmail} can access no SMS conversation`);
    const text = `Conformance check, simulated send [${ctx.marker}-${suffix()}]`;
    const sent = await ctx.call('sms.send', {
      params: { id: conversation.id },
      body: { body: text },
      headers: { [HEADERS.idempotencyKey]: `${ctx.marker}-${suffix()}` },
    });
    const { message } = ctx.ok(sent);
    ctx.expect(message.simulated, 'a send on a sandbox tenant answered simulated: false: it went to a carrier', sent);
    ctx.expect(message.status === 'SENT', `a simulated send has status ${message.status}, not SENT`, sent);
    ctx.expect(message.body === text, 'the sent message body differs from the text sent', sent);
    const listed = await ctx.call('sms.messages.list', { params: { id: conversation.id }, query: { limit: 10 } });
    ctx.expect(
      ctx.ok(listed).messages.some((item) => item.id === message.id),
      `the sent message ${message.id} is not in the conversation's messages (newest first)`,
      listed,
    );
  },
});

export const noExtensionCheck = defineCheck({
  id: 'voice.no-extension',
  title: 'A user without an extension is listed with none, and click-to-dial refuses with NO_EXTENSION',
  rules: ['R31'],
  rule: 'R31 click-to-dial by a user with no provisioned extension (users.list extension null) is 409 NO_EXTENSION',
  effect: 'mutate',
  requires: ['userWithoutExtension'],
  async run(ctx: CheckContext) {
    const email = ctx.options.userWithoutExtension ?? '';
    const users = await ctx.users();
    const user = users.find((item) => item.email.toLowerCase() === email.toLowerCase());
    ctx.expect(user !== undefined, `users.list does not list ${email}`);
    ctx.expect(
      user.extension === null,
      `users.list gives ${email} the extension ${user.extension ?? ''}, but --user-without-extension names a user without one`,
    );
    // Ring a teammate's extension, never an outside number: a service that wrongly places the call
    // reaches only a desk phone of the tenant.
    const target = users.find((item) => item.extension !== null);
    if (target?.extension == null) ctx.skip('no user of the tenant has an extension to dial');
    const answer = await ctx.call('voice.click2dial', {
      user: email,
      body: { destination: target.extension },
      headers: { [HEADERS.idempotencyKey]: `${ctx.marker}-${suffix()}` },
    });
    ctx.expectError(answer, 'NO_EXTENSION', `click-to-dial as ${email}`);
  },
});
