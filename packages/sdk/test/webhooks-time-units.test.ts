import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WebhookVerificationError } from '../src/webhooks.js';

// verifyWebhook's `now` is epoch
// milliseconds, signWebhook's `timestamp` unix seconds, and a millisecond timestamp given to
// signWebhook by mistake is rejected rather than signed into the year 50000.

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NOW = new Date('2026-11-21T22:38:59.000Z');
const NOW_MS = NOW.getTime();
const NOW_SECONDS = NOW_MS / 1000;
const payload = JSON.stringify({
  id: 'evt_1',
  type: 'call.started',
  timestamp: NOW.toISOString(),
  tenantId: '0b7f3c1e-1f3a-4c55-9a7e-3d2b1c0a9f88',
  data: { callId: 'c1' },
});

describe('signWebhook({ timestamp }) takes unix seconds', () => {
  it('signs a number of seconds (floored) or a Date as the same header', async () => {
    const fromSeconds = await signWebhook({ payload, secret: SECRET, timestamp: NOW_SECONDS + 0.9 });
    const fromDate = await signWebhook({ payload, secret: SECRET, timestamp: NOW });
    expect(fromSeconds['webhook-timestamp']).toBe(String(NOW_SECONDS));
    expect(fromDate).toEqual(fromSeconds);
  });

  it('rejects milliseconds given by mistake with a RangeError that says so', async () => {
    const error: unknown = await signWebhook({ payload, secret: SECRET, timestamp: NOW_MS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toMatch(/milliseconds/);
    await expect(signWebhook({ payload, secret: SECRET, timestamp: 1e11 + 1 })).rejects.toThrow(RangeError);
    // 1e11 seconds itself (the year 5138) is still seconds.
    await expect(signWebhook({ payload, secret: SECRET, timestamp: 1e11 })).resolves.toMatchObject({
      'webhook-timestamp': '100000000000',
    });
  });

  it.each([NaN, -1, Infinity, new Date(NaN)])('rejects timestamp %s', async (timestamp) => {
    await expect(signWebhook({ payload, secret: SECRET, timestamp })).rejects.toThrow(RangeError);
  });
});

describe('verifyWebhook({ now }) takes epoch milliseconds', () => {
  it('accepts now as milliseconds or a Date; seconds are a RangeError naming the unit, as signWebhook does', async () => {
    const headers = await signWebhook({ payload, secret: SECRET, timestamp: NOW });
    await expect(verifyWebhook({ payload, headers, secret: SECRET, now: NOW_MS })).resolves.toMatchObject({
      id: 'evt_1',
    });
    await expect(verifyWebhook({ payload, headers, secret: SECRET, now: NOW })).resolves.toMatchObject({ id: 'evt_1' });
    const error = await verifyWebhook({ payload, headers, secret: SECRET, now: NOW_SECONDS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect(error).not.toBeInstanceOf(WebhookVerificationError);
    expect((error as Error).message).toMatch(
      /now must be a Date or epoch milliseconds \(Date\.now\(\), not unix seconds\)/,
    );
    await expect(verifyWebhook({ payload, headers, secret: SECRET, now: new Date(Number.NaN) })).rejects.toThrow(
      RangeError,
    );
  });
});
