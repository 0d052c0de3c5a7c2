import { signWebhook, verifyWebhook, WebhookVerificationError } from '@commflow/sdk/webhooks';
import { describe, expect, it } from 'vitest';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const payload = JSON.stringify({ id: 'evt_1', type: 'call.started', timestamp: '', tenantId: 't', data: {} });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

// What a receiver passes when `process.env.COMMFLOW_WEBHOOK_SECRET!` is unset, or mistyped in plain JavaScript.
const missing: readonly [string, unknown, string][] = [
  ['undefined (an unset environment variable)', undefined, 'got undefined.'],
  ['null', null, 'got null.'],
  ['a number', 42, 'got number.'],
  ['an empty array', [], 'got [].'],
  ['an array with an unset variable in it', [SECRET, undefined], 'got [string, undefined].'],
];

describe('a missing or non-string webhook secret', () => {
  it.each(missing)(
    'verifyWebhook, given %s, throws a TypeError naming the secret option',
    async (_case, secret, got) => {
      const headers = await signWebhook({ payload, secret: SECRET });
      const error = await rejection(verifyWebhook({ payload, headers, secret: secret as string }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error).not.toBeInstanceOf(WebhookVerificationError);
      expect((error as Error).message).toMatch(/^verifyWebhook: The secret option must be a webhook secret /);
      expect((error as Error).message).toContain(got);
      expect((error as Error).message).toContain('environment variable');
    },
  );

  it.each(missing)('signWebhook, given %s, throws a TypeError naming the secret option', async (_case, secret, got) => {
    const error = await rejection(signWebhook({ payload, secret: secret as string }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/^signWebhook: The secret option must be a webhook secret /);
    expect((error as Error).message).toContain(got);
    expect((error as Error).message).toContain('environment variable');
  });

  it('is reported before the headers, so a request with none still shows the configuration error', async () => {
    const error = await rejection(verifyWebhook({ payload, headers: {}, secret: undefined as unknown as string }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain('secret option');
  });
});
