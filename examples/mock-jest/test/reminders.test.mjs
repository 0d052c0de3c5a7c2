// The mock's matchers in jest: `@commflow/mock-server/jest` in setupFilesAfterEnv registers them
// for every test file (and, listed in tsconfig's types, types them). Plain ESM against the built
// packages: jest runs it with --experimental-vm-modules, no transform.
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { CommFlow } from '@commflow/sdk';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';

/** The code under test: texts every conversation of the acting user that its table is ready. */
async function sendReminders(client, text) {
  for await (const conversation of client.sms.conversations.list()) {
    await client.sms.send(conversation.id, { body: text });
  }
}

describe('reminders', () => {
  let mock;
  let client;

  beforeEach(() => {
    mock = createMock('demo');
    client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      userEmail: 'ann.lee@acme.test',
      baseUrl: 'http://commflow.mock',
      fetch: mock.fetch,
    });
  });

  afterEach(() => mock.close());

  test('sends the text to each conversation, once', async () => {
    const conversations = await client.sms.conversations.list().toArray();
    await sendReminders(client, 'Your table is ready');

    expect(mock).toHaveReceivedTimes('sms.send', conversations.length);
    expect(mock).toHaveReceived('sms.send', {
      tenantId: DEMO_TENANTS.sandbox,
      params: { id: conversations[0].id },
      body: { body: expect.stringContaining('table') },
    });
    expect(mock).toHaveEmitted('sms.sent', {
      data: { message: expect.objectContaining({ body: 'Your table is ready' }) },
    });
    expect(mock).not.toHaveReceived('contacts.create');
  });

  test('a near miss fails with the closest request and a diff', async () => {
    await sendReminders(client, 'Your table is ready');
    let message = '';
    try {
      expect(mock).toHaveReceived('sms.send', { body: { body: 'Your table is reddy' } });
    } catch (error) {
      message = error.message;
    }
    expect(message).toContain('The closest of the');
    expect(message).toContain('Your table is reddy');
    expect(message).toContain('Your table is ready');
  });

  test('an eventual check waits for a request that comes later', async () => {
    setTimeout(() => void sendReminders(client, 'Running late'), 50);
    await expect(mock).toHaveReceived('sms.send', { body: { body: 'Running late' }, within: 10_000 });
    await expect(mock).not.toHaveReceived('contacts.create', { within: 100 });
  });

  test('a misspelt operation id is an error, not a pass', () => {
    expect(() => expect(mock).not.toHaveReceived('contacts.craete')).toThrow('did you mean "contacts.create"');
  });
});
