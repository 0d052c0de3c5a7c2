/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- control-surface bodies are JSON read as `any`. */
import { expect, it } from 'vitest';
import { call, control, DEMO_TENANTS, describeTransports } from './helpers/env.js';

const base = `/tenants/${DEMO_TENANTS.sandbox}/records`;

describeTransports("a tenant's records over the control surface (the console's data view)", (env) => {
  it('counts the records of every resource', async () => {
    const counts = await control(env(), 'GET', base);
    expect(counts.status).toBe(200);
    expect(counts.json.data.resources).toEqual([
      'users',
      'contacts',
      'calls',
      'cdrs',
      'chat-conversations',
      'chat-messages',
      'sms-conversations',
      'sms-messages',
      'calendar',
      'presence',
      'files',
      'faxes',
      'ai-agents',
    ]);
    expect(counts.json.data.counts.users).toBe(5);
    expect(counts.json.data.counts.presence).toBe(5);
    const before = counts.json.data.counts.contacts as number;
    await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Zed' } });
    expect((await control(env(), 'GET', base)).json.data.counts.contacts).toBe(before + 1);
  });

  it('answers records in the shapes and order of the API, and pages with cursors', async () => {
    for (let i = 0; i < 5; i++) await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: `Page${i}` } });
    const api = (await call(env(), 'GET', '/api/v1/contacts?limit=100')).json.data.contacts;
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof control>> = await control(
        env(),
        'GET',
        `${base}/contacts?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      expect(page.json.data.total).toBe(api.length);
      seen.push(...page.json.data.records);
      cursor = page.json.meta.pagination.nextCursor;
      pages++;
    } while (cursor !== null && pages < 100);
    expect(seen).toEqual(api);
  });

  it('searches: contacts by the API rule, other resources anywhere in the record', async () => {
    await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Searchable', lastName: 'Person' } });
    const found = await control(env(), 'GET', `${base}/contacts?q=searchable`);
    expect(found.json.data.records.map((c: { firstName: string }) => c.firstName)).toEqual(['Searchable']);
    expect(found.json.data.total).toBeNull();

    const [conversation] = (await call(env(), 'GET', '/api/v1/sms/conversations')).json.data.conversations;
    await call(env(), 'POST', `/api/v1/sms/conversations/${conversation.id}/messages`, {
      body: { body: 'Needle in the haystack' },
    });
    const messages = await control(env(), 'GET', `${base}/sms-messages?q=${encodeURIComponent('NEEDLE in')}`);
    expect(messages.json.data.records).toEqual([
      expect.objectContaining({ body: 'Needle in the haystack', conversationId: conversation.id }),
    ]);
    const users = await control(env(), 'GET', `${base}/users?q=ann.lee`);
    expect(users.json.data.records.map((u: { email: string }) => u.email)).toEqual(['ann.lee@acme.test']);
    const none = await control(env(), 'GET', `${base}/calendar?q=no-such-thing-anywhere`);
    expect(none.json.data.records).toEqual([]);
    expect(none.json.meta.pagination).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('refuses an unknown tenant or resource, a bad id and a cursor of another search', async () => {
    const unknownTenant = await control(env(), 'GET', '/tenants/99999999-9999-4999-8999-999999999999/records/users');
    expect(unknownTenant.status).toBe(404);
    expect(unknownTenant.json.error.code).toBe('NOT_FOUND');
    const unknownResource = await control(env(), 'GET', `${base}/widgets`);
    expect(unknownResource.status).toBe(404);
    expect(unknownResource.json.error.message).toContain('sms-messages');
    expect((await control(env(), 'GET', '/tenants/not-an-id/records')).status).toBe(400);
    const page = await control(env(), 'GET', `${base}/users?limit=1`);
    const other = await control(env(), 'GET', `${base}/users?q=a&cursor=${page.json.meta.pagination.nextCursor}`);
    expect(other.json.error.code).toBe('INVALID_CURSOR');
  });
});

it('the data routes exist only with the control surface', async () => {
  const { createMock, DEMO_TENANTS: tenants } = await import('../src/index.js');
  const mock = createMock('demo', { control: false });
  expect((await mock.fetch(`/__mock/tenants/${tenants.sandbox}/records`)).status).not.toBe(200);
});
