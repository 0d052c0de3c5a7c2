import { signWebhook, verifyWebhook, WebhookVerificationError } from '@commflow/sdk/webhooks';
import { describe, expect, it } from 'vitest';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const payload = JSON.stringify({ id: 'evt_1', type: 'call.started', timestamp: '', tenantId: 't', data: {} });

/** What a receiver passes when `process.env.COMMFLOW_WEBHOOK_SECRET!` is unset, or mistyped in plain JavaScript. */
const missing = [
  ['undefined (an unset environment variable)', undefined, 'got undefined.'],
  ['null', null, 'got null.'],
  ['a number', 42, 'got number.'],
] as const;

describe('a missing or non-string webhook secret (the contract tests hold the arrays)', () => {
  it.each(missing)(
    'verifyWebhook, given %s, throws a TypeError naming the secret option',
    async (_case, secret, got) => {
      const headers = await signWebhook({ payload, secret: SECRET });
      const verified = verifyWebhook({ payload, headers, secret: secret as unknown as string });
      await expect(verified).rejects.toThrow(TypeError);
      await expect(verified).rejects.not.toBeInstanceOf(WebhookVerificationError);
      await expect(verified).rejects.toThrow(/^verifyWebhook: The secret option must be a webhook secret /);
      await expect(verified).rejects.toThrow(got);
      await expect(verified).rejects.toThrow('Is its environment variable unset?');
    },
  );

  it.each(missing)('signWebhook, given %s, throws a TypeError naming the secret option', async (_case, secret, got) => {
    const signed = signWebhook({ payload, secret: secret as unknown as string });
    await expect(signed).rejects.toThrow(TypeError);
    await expect(signed).rejects.toThrow(/^signWebhook: The secret option must be a webhook secret /);
    await expect(signed).rejects.toThrow(got);
    await expect(signed).rejects.toThrow('Is its environment variable unset?');
  });

  it('is reported before the headers, so a request with none still shows the configuration error', async () => {
    const verified = verifyWebhook({ payload, headers: {}, secret: undefined as unknown as string });
    await expect(verified).rejects.toThrow(/^verifyWebhook: The secret option/);
  });
});
