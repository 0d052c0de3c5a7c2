/* eslint-disable @typescript-eslint/no-unsafe-assignment -- vitest types asymmetric matchers (`expect.any`) as `any`. */
/**
 * Types checked by tsc (the package's typecheck), never run: asymmetric matchers inside a match
 * type-check with the Playwright `expect` and the vitest `expect` alike, with no casts, and a
 * value of the wrong type is still refused; the Playwright config types the fixtures' options.
 */
import { DEMO_TENANTS } from '../../src/index.js';
import { defineConfig, expect as playwrightExpect, type RemoteMock } from '../../src/surfaces/playwright/index.js';
import { expect as vitestExpect } from '../../src/surfaces/testing/vitest.js';
import type { CommFlowMock } from '../../src/facade/commflow-mock.js';

export async function withPlaywright(remote: RemoteMock): Promise<void> {
  await playwrightExpect(remote).toHaveReceived('contacts.create', {
    body: { firstName: playwrightExpect.stringContaining('A'), lastName: playwrightExpect.any(String) },
  });
  await playwrightExpect(remote).toHaveReceived('contacts.create', {
    tenantId: playwrightExpect.stringMatching(/^[0-9a-f-]+$/),
    userEmail: playwrightExpect.anything(),
    body: playwrightExpect.objectContaining({ firstName: 'Ada' }),
  });
  await playwrightExpect(remote).not.toHaveReceived('sms.send', {
    body: { body: playwrightExpect.not.stringContaining('secret') },
  });
  await playwrightExpect(remote).toHaveEmitted('sms.sent', {
    data: { message: { body: playwrightExpect.stringContaining('table') } },
  });
  // A value of the wrong type is refused, beside a matcher or not.
  await playwrightExpect(remote).toHaveReceived('contacts.create', {
    // @ts-expect-error -- firstName is a string
    body: { firstName: 42, lastName: playwrightExpect.any(String) },
  });
  await playwrightExpect(remote).toHaveReceived('contacts.create', {
    // @ts-expect-error -- contacts.create's body has no firstNam
    body: { firstNam: playwrightExpect.stringContaining('A') },
  });
  // Playwright's own assertions still take its matchers.
  playwrightExpect({ name: 'Ada' }).toEqual({ name: playwrightExpect.stringContaining('A') });
  playwrightExpect({ name: 'Ada' }).toMatchObject(playwrightExpect.objectContaining({ name: 'Ada' }));
}

export async function withVitest(mock: CommFlowMock, remote: RemoteMock): Promise<void> {
  vitestExpect(mock).toHaveReceived('contacts.create', {
    body: { firstName: vitestExpect.stringContaining('A'), lastName: vitestExpect.any(String) },
  });
  await vitestExpect(remote).toHaveReceived('contacts.create', {
    body: { firstName: vitestExpect.stringMatching(/^A/) },
    within: 1000,
  });
  void vitestExpect(mock).toHaveReceived('contacts.create', {
    // @ts-expect-error -- firstName is a string
    body: { firstName: 42, lastName: vitestExpect.any(String) },
  });
  void vitestExpect(mock).toHaveReceived('contacts.create', {
    // @ts-expect-error -- contacts.create's body has no firstNam
    body: { firstNam: vitestExpect.stringContaining('A') },
  });
}

export const config = defineConfig({
  workers: 2,
  use: {
    baseURL: 'http://127.0.0.1:3000',
    commflow: { mockUrl: 'http://127.0.0.1:4010', template: { from: DEMO_TENANTS.sandbox }, userEmail: null },
    tenantOptions: { failOnUnusedOverrides: true },
  },
  projects: [{ name: 'as Bob', use: { tenantOptions: { userEmail: 'bob.stone@acme.test' } } }],
});

export const misspelt = defineConfig({
  // @ts-expect-error -- the option is mockUrl
  use: { commflow: { mockURL: 'http://127.0.0.1:4010' } },
});

export const mistyped = defineConfig({
  // @ts-expect-error -- failOnUnusedOverrides is a boolean
  use: { tenantOptions: { failOnUnusedOverrides: 'yes' } },
});
