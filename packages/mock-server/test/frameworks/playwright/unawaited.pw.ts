/**
 * A test that forgets to await an eventual assertion fails, naming it; the test after it, still
 * running when the forgotten assertion's window ends, passes.
 */
import { expect, test } from '../../../src/surfaces/playwright/index.js';

test('forgets an await', async ({ tenant }) => {
  await tenant.client.contacts.list().toArray();
  // eslint-disable-next-line @typescript-eslint/no-floating-promises -- the mistake this test makes on purpose
  expect(tenant.remote).toHaveReceived('sms.send', { tenantId: tenant.id, within: 500 });
});

test('runs past the forgotten assertion\u2019s window', async ({ tenant }) => {
  // Longer than the window above: its failure, were it not abandoned, would land here.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await tenant.client.contacts.list().toArray();
  await expect(tenant.remote).toHaveReceived('contacts.list', { tenantId: tenant.id, within: 5_000 });
});
