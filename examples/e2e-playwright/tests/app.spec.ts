import { expect, test } from './fixtures.js';

test('lists the tenant\u2019s contacts, and adds one that the mock then holds', async ({ page, tenant }) => {
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
  const found = (await tenant.api('/api/v1/contacts?search=quentin')) as { contacts: { lastName: string }[] };
  expect(found.contacts.map((contact) => contact.lastName)).toEqual(['Blake']);
});

test('sends an SMS, and the mock saw it go out (sandbox: simulated)', async ({ page, tenant }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Send an SMS' });
  await form.getByLabel('Message').fill('Your order has shipped');
  await form.getByRole('button', { name: 'Send SMS' }).click();
  await expect(page.getByRole('status')).toHaveText(/^SMS sent to \+\d+ \(sandbox: simulated\)\.$/);

  const { events } = (await tenant.control('GET', `/events?tenantId=${tenant.id}&type=sms.sent`)) as {
    events: { data: { message?: { body?: string } } }[];
  };
  expect(events).toHaveLength(1);
  expect(JSON.stringify(events[0]?.data)).toContain('Your order has shipped');
});

test('advances its own tenant\u2019s clock while the other tests run', async ({ page, tenant }) => {
  // A neighbour on the same mock, made for this test: its clock must not move with ours.
  const neighbour = (await tenant.control('POST', '/tenants', {})) as { tenant: { id: string } };
  const advanced = (await tenant.control('POST', `/tenants/${tenant.id}/clock/advance`, { ms: 3_600_000 })) as {
    aheadMs: number;
  };
  expect(advanced.aheadMs).toBe(3_600_000);
  const clockOf = async (id: string) =>
    ((await tenant.control('GET', `/tenants/${id}/clock`)) as { aheadMs: number }).aheadMs;
  expect(await clockOf(neighbour.tenant.id)).toBe(0);
  expect(await clockOf('11111111-1111-4111-8111-111111111111')).toBe(0);
  await tenant.control('DELETE', `/tenants/${neighbour.tenant.id}`);

  // A contact added now is stamped on the tenant's clock, an hour ahead of the mock's.
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Add a contact' });
  await form.getByLabel('First name').fill('Future');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('status')).toHaveText('Added Future.');
  const mockClock = (await tenant.control('GET', '/clock')) as { now: string };
  const found = (await tenant.api('/api/v1/contacts?search=future')) as { contacts: { createdAt: string }[] };
  const createdAt = Date.parse(found.contacts[0]?.createdAt ?? '');
  expect(createdAt - Date.parse(mockClock.now)).toBeGreaterThan(3_000_000);
});
