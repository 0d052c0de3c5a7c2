import {
  signWebhookPayload,
  verifyWebhookSignature,
  WebhookVerificationError,
  type VerifyWebhookSignatureOptions,
} from '@commflow/contract/webhooks';
import { describe, expect, it } from 'vitest';

// The Standard Webhooks test vector, as decisions.md §10 quotes it.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1614265330;
const payload = '{"test": 2432232314}';
const headers = {
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

// `process.env.COMMFLOW_WEBHOOK_SECRET!` is undefined when the variable is unset; plain JavaScript passes anything.
const wrong: readonly [string, unknown, string][] = [
  ['undefined', undefined, 'got undefined.'],
  ['null', null, 'got null.'],
  ['a number', 42, 'got number.'],
  ['an empty array', [], 'got [].'],
  ['an array holding undefined', [secret, undefined], 'got [string, undefined].'],
];

describe('a missing or non-string secret is a TypeError naming the option, not "secrets is not iterable"', () => {
  it.each(wrong)('verifyWebhookSignature, given %s', async (_case, value, got) => {
    const options = { payload, headers, secret: value, now: timestamp * 1000 } as VerifyWebhookSignatureOptions;
    const error = await rejection(verifyWebhookSignature(options));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(WebhookVerificationError);
    expect((error as Error).message).toMatch(/^The secret option must be a webhook secret /);
    expect((error as Error).message).toContain(got);
    expect((error as Error).message).toContain('environment variable');
  });

  it.each(wrong)('signWebhookPayload, given %s', async (_case, value, got) => {
    const error = await rejection(signWebhookPayload({ id, timestamp, payload, secret: value as string }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/^The secret option must be a webhook secret /);
    expect((error as Error).message).toContain(got);
    expect((error as Error).message).toContain('environment variable');
  });

  it('is checked before the headers: a configuration error shows on every delivery', async () => {
    const options = { payload, headers: {}, secret: undefined } as unknown as VerifyWebhookSignatureOptions;
    expect(await rejection(verifyWebhookSignature(options))).toBeInstanceOf(TypeError);
  });

  it('an empty string keeps its own message: invalid_secret', async () => {
    const error = await rejection(verifyWebhookSignature({ payload, headers, secret: '', now: timestamp * 1000 }));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe('invalid_secret');
  });
});
