import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  WebhookVerificationError,
  generateWebhookSecret,
  signWebhookPayload,
  verifyWebhookSignature,
  type WebhookVerificationReason,
} from '../src/webhooks/index.js';

// The Standard Webhooks test vector, as decisions.md §10 quotes it.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1614265330;
const payload = '{"test": 2432232314}';
const expected = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const now = timestamp * 1000;

const headers = (signature = expected, ts = String(timestamp), msgId = id) => ({
  'webhook-id': msgId,
  'webhook-timestamp': ts,
  'webhook-signature': signature,
});

async function reason(promise: Promise<unknown>): Promise<WebhookVerificationReason | 'accepted'> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
}

describe('Standard Webhooks signing', () => {
  it('signs the spec test vector', async () => {
    expect(await signWebhookPayload({ id, timestamp, payload, secret })).toBe(expected);
  });

  it('signs the same bytes given as Uint8Array', async () => {
    expect(await signWebhookPayload({ id, timestamp, payload: new TextEncoder().encode(payload), secret })).toBe(
      expected,
    );
  });

  it('sends one signature per secret during a rotation', async () => {
    const other = generateWebhookSecret();
    const header = await signWebhookPayload({ id, timestamp, payload, secret: [secret, other] });
    expect(header.split(' ')).toHaveLength(2);
    expect(header.startsWith(`${expected} v1,`)).toBe(true);
  });

  it('generates whsec_ secrets of 24 to 64 random bytes', () => {
    const generated = generateWebhookSecret();
    expect(generated).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(atob(generated.slice(6))).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(generated);
    expect(() => generateWebhookSecret(16)).toThrow(RangeError);
  });
});

describe('Standard Webhooks verification', () => {
  it('accepts the test vector', async () => {
    expect(await verifyWebhookSignature({ payload, headers: headers(), secret, now })).toEqual({ id, timestamp });
  });

  it('accepts the secret without its whsec_ prefix, and a Headers object', async () => {
    const result = await verifyWebhookSignature({
      payload,
      headers: new Headers(headers()),
      secret: secret.slice(6),
      now,
    });
    expect(result.id).toBe(id);
  });

  it('accepts any of several signatures and any of several secrets', async () => {
    const wrong = 'v1,' + btoa('x'.repeat(32));
    expect(
      await reason(verifyWebhookSignature({ payload, headers: headers(`${wrong} ${expected}`), secret, now })),
    ).toBe('accepted');
    const other = generateWebhookSecret();
    expect(await reason(verifyWebhookSignature({ payload, headers: headers(), secret: [other, secret], now }))).toBe(
      'accepted',
    );
  });

  it.each([
    ['a tampered body', { payload: '{"test": 2432232315}' }, 'invalid_signature'],
    ['a tampered id', { headers: headers(expected, String(timestamp), 'msg_other') }, 'invalid_signature'],
    ['a tampered timestamp', { headers: headers(expected, String(timestamp + 1)) }, 'invalid_signature'],
    [
      'a tampered signature',
      { headers: headers('v1,g0hM9SsE+OTPJTGu/tmIKtSyZlE3uFJELVlNIOLJ1OE=') },
      'invalid_signature',
    ],
    ['a wrong secret', { secret: generateWebhookSecret() }, 'invalid_signature'],
    ['an unknown version', { headers: headers(expected.replace('v1,', 'v2,')) }, 'invalid_signature'],
    ['a stale timestamp', { now: now + 301_000 }, 'timestamp_too_old'],
    ['a future timestamp', { now: now - 301_000 }, 'timestamp_too_new'],
    [
      'no signature header',
      { headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp) } },
      'missing_header',
    ],
    ['a malformed timestamp', { headers: headers(expected, '16142653.30') }, 'invalid_header'],
    ['a secret that is not base64', { secret: 'whsec_***' }, 'invalid_secret'],
  ] as const)('rejects %s', async (_case, override, expectedReason) => {
    expect(await reason(verifyWebhookSignature({ payload, headers: headers(), secret, now, ...override }))).toBe(
      expectedReason,
    );
  });

  it('honours a custom tolerance, at its edge', async () => {
    expect(
      await reason(
        verifyWebhookSignature({ payload, headers: headers(), secret, now: now + 10_000, toleranceSeconds: 10 }),
      ),
    ).toBe('accepted');
    expect(
      await reason(
        verifyWebhookSignature({ payload, headers: headers(), secret, now: now + 11_000, toleranceSeconds: 10 }),
      ),
    ).toBe('timestamp_too_old');
  });
});

describe('interoperability with the standardwebhooks package', () => {
  it('our signatures verify there, and theirs verify here, for any payload', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), fc.stringMatching(/^[A-Za-z0-9_]{1,40}$/), async (body, msgId) => {
        const key = generateWebhookSecret();
        const theirs = new Webhook(key);
        const ts = Math.floor(Date.now() / 1000);
        const ours = await signWebhookPayload({ id: msgId, timestamp: ts, payload: body, secret: key });
        expect(() => theirs.verify(body, headers(ours, String(ts), msgId))).not.toThrow();
        const signed = theirs.sign(msgId, new Date(ts * 1000), body);
        await expect(
          verifyWebhookSignature({ payload: body, headers: headers(signed, String(ts), msgId), secret: key }),
        ).resolves.toEqual({
          id: msgId,
          timestamp: ts,
        });
      }),
      { numRuns: 50 },
    );
  });
});
