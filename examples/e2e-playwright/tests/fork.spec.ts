/**
 * A third spec file: tests that start from a tenant prepared once per worker (`prepared` in
 * fixtures.ts), each on a fork of its snapshot, `remote.tenants.create({ snapshot })`.
 */
import { expect, PREPARED_CONTACTS, test } from './fixtures.js';

test('starts from the prepared tenant, forked for this test alone', async ({ page, forked }) => {
  await page.goto('/');
  const contacts = page.getByRole('list', { name: 'Contacts' });
  for (const { firstName, lastName } of PREPARED_CONTACTS) {
    await expect(contacts.getByRole('listitem').filter({ hasText: `${firstName} ${lastName}` })).toBeVisible();
  }
  // A fork holds the prepared tenant's history too: the setup's requests are in its journal.
  await expect(forked).toHaveReceivedTimes('contacts.create', PREPARED_CONTACTS.length);

  const form = page.getByRole('form', { name: 'Add a contact' });
  await form.getByLabel('First name').fill('Forked');
  await form.getByLabel('Last name').fill('Only');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('status')).toHaveText('Added Forked Only.');
  await expect(forked).toHaveReceived('contacts.create', { body: { firstName: 'Forked', lastName: 'Only' } });
});

test('a second fork of the same snapshot does not see the first one\u2019s changes', async ({ page, forked }) => {
  await page.goto('/');
  const contacts = page.getByRole('list', { name: 'Contacts' });
  await expect(contacts.getByRole('listitem').filter({ hasText: 'Prepared Alpha' })).toBeVisible();
  await expect(contacts.getByRole('listitem').filter({ hasText: 'Forked Only' })).toHaveCount(0);
  await expect(forked).not.toHaveReceived('contacts.create', { body: { firstName: 'Forked' } });
});
