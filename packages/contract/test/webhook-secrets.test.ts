import {
  signWebhookPayload,
  verifyWebhookSignature,
  WebhookVerificationError,
  type VerifyWebhookSignatureOptions,
} from '@commflow/contract/webhooks';
import { describe, expect, it } from 'vitest';

// The secret is checked before anything else, so any id, time, body and headers will do.
const signing = { id: 'msg_1', timestamp: 1614265330, payload: '{}' };
const verifying = { payload: '{}', headers: { 'webhook-id': 'msg_1' } };

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
  ['an array holding undefined', ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', undefined], 'got [string, undefined].'],
];

describe('a missing or non-string secret is a TypeError naming the option, not "secrets is not iterable"', () => {
  it.each(wrong)('verifyWebhookSignature, given %s, before it reads the headers', async (_case, secret, got) => {
    const error = await rejection(verifyWebhookSignature({ ...verifying, secret } as VerifyWebhookSignatureOptions));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(WebhookVerificationError);
    expect((error as Error).message).toMatch(/^The secret option must be a webhook secret /);
    expect((error as Error).message).toContain(got);
    expect((error as Error).message).toContain('environment variable');
  });

  it.each(wrong)('signWebhookPayload, given %s', async (_case, secret, got) => {
    const error = await rejection(signWebhookPayload({ ...signing, secret: secret as string }));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/^The secret option must be a webhook secret /);
    expect((error as Error).message).toContain(got);
  });

  it('an empty string keeps its own reason: invalid_secret', async () => {
    const error = await rejection(signWebhookPayload({ ...signing, secret: '' }));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe('invalid_secret');
  });
});
