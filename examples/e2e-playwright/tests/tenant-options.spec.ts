/**
 * A second spec file on the same fixtures: its groups choose their tests' tenant (another
 * template, failing on unused overrides) with `tenantOptions`, on the workers the config made.
 */
import { expect, test } from './fixtures.js';

test.describe('a tenant of Ann alone: no contacts, no SMS conversation', () => {
  test.use({
    tenantOptions: {
      template: {
        tenant: {
          name: 'Ann alone',
          mode: 'sandbox',
          users: [{ email: 'ann.lee@acme.test', firstName: 'Ann', lastName: 'Lee' }],
        },
      },
    },
  });

  test('cannot send an SMS, and says why', async ({ page, signedIn }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Send an SMS' });
    await form.getByLabel('Message').fill('Nobody to send to');
    await form.getByRole('button', { name: 'Send SMS' }).click();

    await expect(page.getByRole('status')).toHaveText('Could not send the SMS: This tenant has no SMS conversation.');
    await expect(page.getByRole('list', { name: 'Contacts' }).getByRole('listitem')).toHaveCount(0);
    await expect(signedIn).toHaveReceived('sms.conversations');
    await expect(signedIn).not.toHaveReceived('sms.send');
  });
});

test.describe('a failing contacts list, every override used', () => {
  // The fixture fails a test of this group that leaves an override unused.
  test.use({ tenantOptions: { failOnUnusedOverrides: true } });

  test('shows what the API answered', async ({ page, signedIn }) => {
    // The handle's overrides are this tenant's alone: no other worker's list fails.
    await signedIn.overrides.add({ operationId: 'contacts.list', fault: { status: 403 } });
    await page.goto('/');

    await expect(page.getByRole('status')).toHaveText(/^Could not load the contacts: /);
    await expect(signedIn).toHaveReceived('contacts.list', {
      status: 403,
      errorCode: expect.stringMatching(/^[A-Z_]+$/),
    });
  });
});

test('adds a contact whose name the mock saw, matched loosely', async ({ page, signedIn }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Add a contact' });
  await form.getByLabel('First name').fill('Annika');
  await form.getByLabel('Last name').fill('Berg');
  await form.getByRole('button', { name: 'Add contact' }).click();

  await expect(page.getByRole('status')).toHaveText('Added Annika Berg.');
  await expect(signedIn).toHaveReceived('contacts.create', {
    userEmail: 'ann.lee@acme.test',
    body: { firstName: expect.stringContaining('Ann'), lastName: expect.any(String) },
  });
});
