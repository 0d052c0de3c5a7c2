/* eslint-disable @typescript-eslint/no-unsafe-assignment -- vitest types asymmetric matchers (`expect.any`) as `any`. */
/**
 * A test that forgets to await an eventual assertion fails, naming it; the test after it, still
 * running when the forgotten assertion's window ends, passes.
 */
import { expect, test } from '../../../src/surfaces/testing/vitest.js';

test('forgets an await', ({ mock }) => {
  // eslint-disable-next-line @typescript-eslint/no-floating-promises -- the mistake this test makes on purpose
  expect(mock).toHaveReceived('sms.send', { within: 500 });
});

test('runs past the forgotten assertion\u2019s window', async ({ mock, client }) => {
  // Longer than the window above: its failure, were it not abandoned, would land here.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await client.contacts.create({ firstName: 'Ada' });
  await expect(mock).toHaveReceived('contacts.create', {
    body: { firstName: expect.stringContaining('A') },
    within: 5_000,
  });
});

test('awaits, and passes', async ({ mock, client }) => {
  const seen = expect(mock).toHaveReceived('contacts.create', { within: 5_000 });
  await client.contacts.create({ firstName: 'Bea' });
  await seen;
});
