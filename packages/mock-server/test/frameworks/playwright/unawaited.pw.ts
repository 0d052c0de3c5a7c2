/**
 * A test that forgets to await an eventual assertion fails, naming it; the test after it, still
 * running when the forgotten assertion's window ends, passes.
 */
import { expect, test } from '../../../src/surfaces/playwright/index.js';

test('forgets an await', async ({ tenant, client }) => {
  await client.contacts.list().toArray();
  // eslint-disable-next-line @typescript-eslint/no-floating-promises -- the mistake this test makes on purpose
  expect(tenant).toHaveReceived('sms.send', { within: 500 });
});

test('runs past the forgotten assertion\u2019s window', async ({ tenant, client }) => {
  // Longer than the window above: its failure, were it not abandoned, would land here.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await client.contacts.list().toArray();
  await expect(tenant).toHaveReceived('contacts.list', { within: 5_000 });
});
