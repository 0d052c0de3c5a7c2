import { DEMO_TENANTS } from '@commflow/mock-server';
import { expect, test } from './fixtures.js';

test('lists the tenant\u2019s contacts, and adds one that the mock then holds', async ({ page, signedIn, client }) => {
  await page.goto('/');
  const contacts = page.getByRole('list', { name: 'Contacts' });
  await expect(contacts.getByRole('listitem').filter({ hasText: 'Barbara Liskov' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a contact' });
  await form.getByLabel('First name').fill('Quentin');
  await form.getByLabel('Last name').fill('Blake');
  await form.getByRole('button', { name: 'Add contact' }).click();

  await expect(page.getByRole('status')).toHaveText('Added Quentin Blake.');
  await expect(contacts.getByRole('listitem').filter({ hasText: 'Quentin Blake' })).toBeVisible();
  // What the mock saw: the contact exists in this tenant, and only there.
  const found = await client.contacts.list({ search: 'quentin' }).toArray();
  expect(found.map((contact) => contact.lastName)).toEqual(['Blake']);
  await expect(signedIn).toHaveReceived('contacts.create', { body: { firstName: 'Quentin', lastName: 'Blake' } });
});

test('sends an SMS, and the mock saw it go out (sandbox: simulated)', async ({ page, signedIn }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Send an SMS' });
  await form.getByLabel('Message').fill('Your order has shipped');
  await form.getByRole('button', { name: 'Send SMS' }).click();
  // No wait for the page: the mock is asked until the send arrives (the app sends it on its own time).
  await expect(signedIn).toHaveReceived('sms.send', { body: { body: 'Your order has shipped' }, within: 15_000 });
  await expect(page.getByRole('status')).toHaveText(/^SMS sent to \+\d+ \(sandbox: simulated\)\.$/);
  await expect(signedIn).toHaveEmitted('sms.sent', { data: { message: { body: 'Your order has shipped' } } });
});

test('advances its own tenant\u2019s clock while the other tests run', async ({ page, signedIn, client, mock }) => {
  // A neighbour on the same mock, made for this test: its clock must not move with ours.
  const neighbour = await mock.tenants.create();
  const advanced = await signedIn.advanceClock(3_600_000);
  expect(advanced.aheadMs).toBe(3_600_000);
  expect((await neighbour.clock()).aheadMs).toBe(0);
  expect((await (await mock.tenant(DEMO_TENANTS.sandbox)).clock()).aheadMs).toBe(0);
  await neighbour.delete();

  // A contact added now is stamped on the tenant's clock, an hour ahead of the mock's.
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Add a contact' });
  await form.getByLabel('First name').fill('Future');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('status')).toHaveText('Added Future.');
  const mockClock = await mock.clock();
  const [future] = await client.contacts.list({ search: 'future' }).toArray();
  expect(Date.parse(future?.createdAt ?? '') - Date.parse(mockClock.now)).toBeGreaterThan(3_000_000);
});

test('puts its tenant back from a snapshot while the other worker runs', async ({ page, signedIn }) => {
  const before = await signedIn.snapshot();
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Add a contact' });
  await form.getByLabel('First name').fill('Temporary');
  await form.getByLabel('Last name').fill('Guest');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('status')).toHaveText('Added Temporary Guest.');
  await expect(signedIn).toHaveReceived('contacts.create', { body: { firstName: 'Temporary' } });

  // This tenant alone goes back: its records and its journal. The other worker's tenants, and
  // their keys, are untouched; this tenant's key (in the page's cookies) still opens it.
  await signedIn.restore(before);
  await expect(signedIn).not.toHaveReceived('contacts.create');
  await page.goto('/');
  const contacts = page.getByRole('list', { name: 'Contacts' });
  await expect(contacts.getByRole('listitem').filter({ hasText: 'Barbara Liskov' })).toBeVisible();
  await expect(contacts.getByRole('listitem').filter({ hasText: 'Temporary Guest' })).toHaveCount(0);
});
