// Checked by `tsc` only (jest runs the .mjs files). The types come from the module jest's
// setupFilesAfterEnv runs: name it in tsconfig's "types" (from the installed package), or, as
// here in the workspace, import its types once.
import type {} from '@commflow/mock-server/jest';
import { expect } from '@jest/globals';
import type { CommFlowMock } from '@commflow/mock-server';

export async function typed(mock: CommFlowMock): Promise<void> {
  expect(mock).toHaveReceived('sms.send', { body: { body: 'Your table is ready' } });
  expect(mock).not.toHaveEmitted('contact.changed');
  await expect(mock).toHaveDelivered('sms.sent', { within: 2000 });
  // @ts-expect-error -- no operation has this id
  void expect(mock).toHaveReceived('sms.sned');
  // @ts-expect-error -- sms.send's body is a string
  void expect(mock).toHaveReceived('sms.send', { body: { body: 42 } });
}
