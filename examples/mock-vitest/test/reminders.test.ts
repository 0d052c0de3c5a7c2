// The fixture gives each test a fresh mock and a CommFlow client bound to it (the demo sandbox,
// acting as Ann): no beforeEach, nothing to clean up. The matchers are typed by the contract.
import { DEMO_TENANTS } from '@commflow/mock-server';
import { expect, test } from '@commflow/mock-server/vitest';
import type { CommFlow } from '@commflow/sdk';
import { describe } from 'vitest';

/** The code under test: texts every conversation of the acting user that its table is ready. */
async function sendReminders(client: CommFlow, text: string): Promise<void> {
  for await (const conversation of client.sms.conversations.list()) {
    await client.sms.send(conversation.id, { body: text });
  }
}

test('sends the text to each conversation, once', async ({ mock, client }) => {
  const conversations = await client.sms.conversations.list().toArray();
  await sendReminders(client, 'Your table is ready');

  expect(mock).toHaveReceivedTimes('sms.send', conversations.length);
  expect(mock).toHaveReceived('sms.send', {
    userEmail: 'ann.lee@acme.test',
    params: { id: conversations[0]?.id ?? '' },
    body: { body: expect.stringContaining('table') as string },
  });
  expect(mock).toHaveEmitted('sms.sent', { data: { message: { body: 'Your table is ready' } } });
  expect(mock).not.toHaveReceived('contacts.create');
});

test('each test starts from a fresh mock', ({ mock }) => {
  expect(mock).not.toHaveReceived('sms.send');
});

describe('on the live tenant, without a user', () => {
  test.override('commflow', { tenantId: DEMO_TENANTS.live, userEmail: null });

  test('lists the users', async ({ mock, client }) => {
    const users = await client.users.list().toArray();
    expect(users.length).toBeGreaterThan(0);
    expect(mock).toHaveReceived('users.list', { tenantId: DEMO_TENANTS.live, status: 200 });
  });
});
