import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { CommFlow } from '../src/index.js';
import {
  isKnownEvent,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type VerifiedWebhookEvent,
} from '../src/webhooks.js';

// The Standard Webhooks test vector (decisions.md section 10).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const SECRET = VECTOR.secret;
const NOW = new Date('2026-11-21T22:38:59.000Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

const event = {
  id: '3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31',
  type: 'call.started',
  timestamp: NOW.toISOString(),
  tenantId: '0b7f3c1e-1f3a-4c55-9a7e-3d2b1c0a9f88',
  data: {
    callId: '6e2b0f4c-8d7a-4b1e-9c3f-5a4d2e1b0c9f',
    status: 'initiated',
    destination: '+14155550100',
    userEmail: 'ann@example.com',
  },
};
const payload = JSON.stringify(event);

async function expectReason(promise: Promise<unknown>, reason: string) {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  expect((error as WebhookVerificationError).reason).toBe(reason);
}

describe('signWebhook', () => {
  it('reproduces the Standard Webhooks test vector', async () => {
    const headers = await signWebhook({
      payload: VECTOR.payload,
      secret: VECTOR.secret,
      id: VECTOR.id,
      timestamp: VECTOR.timestamp,
    });
    expect(headers).toEqual({
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': VECTOR.signature,
    });
  });

  it('defaults the id to the event id and the timestamp to now', async () => {
    const headers = await signWebhook({ payload, secret: SECRET, timestamp: NOW });
    expect(headers['webhook-id']).toBe(event.id);
    expect(headers['webhook-timestamp']).toBe(String(nowSeconds));
    const noId = await signWebhook({ payload: 'not json', secret: SECRET });
    expect(noId['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('signs with every secret during a rotation', async () => {
    const headers = await signWebhook({ payload, secret: [SECRET, 'whsec_' + btoa('x'.repeat(32))], timestamp: NOW });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
  });
});

describe('verifyWebhook', () => {
  it('returns the typed event of a valid delivery', async () => {
    const headers = await signWebhook({ payload, secret: SECRET, timestamp: NOW });
    const verified = await verifyWebhook({ payload, headers, secret: SECRET, now: NOW });
    expect(verified).toEqual(event);
    expect(isKnownEvent(verified)).toBe(true);
  });

  it('accepts bytes, a Headers object, a bare base64 secret and a list of secrets', async () => {
    const headers = await signWebhook({ payload, secret: SECRET, timestamp: NOW });
    const bytes = new TextEncoder().encode(payload);
    await expect(
      verifyWebhook({ payload: bytes, headers: new Headers(headers), secret: SECRET.slice(6), now: NOW }),
    ).resolves.toMatchObject({ id: event.id });
    const other = 'whsec_' + btoa('y'.repeat(32));
    await expect(verifyWebhook({ payload, headers, secret: [other, SECRET], now: NOW })).resolves.toMatchObject({
      type: 'call.started',
    });
  });

  it('is reachable from a client', async () => {
    const client = new CommFlow({
      apiKey: 'cf_test_0123456789abcdefghijklmn',
      tenantId: event.tenantId,
      baseUrl: 'http://127.0.0.1:1',
    });
    const headers = await client.webhooks.sign({ payload, secret: SECRET, timestamp: NOW });
    await expect(client.webhooks.verify({ payload, headers, secret: SECRET, now: NOW })).resolves.toEqual(event);
  });

  it('returns events of unknown types instead of throwing', async () => {
    const future = JSON.stringify({ ...event, type: 'fax.received', data: { faxId: 'x' } });
    const headers = await signWebhook({ payload: future, secret: SECRET, timestamp: NOW });
    const verified: VerifiedWebhookEvent = await verifyWebhook({ payload: future, headers, secret: SECRET, now: NOW });
    expect(verified.type).toBe('fax.received');
    expect(isKnownEvent(verified)).toBe(false);
  });

  it('rejects every kind of tampering with a reason', async () => {
    const headers = await signWebhook({ payload, secret: SECRET, timestamp: NOW });
    const verify = (overrides: Partial<Parameters<typeof verifyWebhook>[0]>) =>
      verifyWebhook({ payload, headers, secret: SECRET, now: NOW, ...overrides });

    await expectReason(verify({ payload: payload.replace('+1415', '+1416') }), 'invalid_signature');
    await expectReason(verify({ payload: JSON.stringify(JSON.parse(payload)) + ' ' }), 'invalid_signature');
    await expectReason(
      verify({ headers: { ...headers, 'webhook-timestamp': String(nowSeconds + 1) } }),
      'invalid_signature',
    );
    await expectReason(
      verify({ headers: { ...headers, 'webhook-signature': 'v1,' + btoa('z'.repeat(32)) } }),
      'invalid_signature',
    );
    await expectReason(verify({ secret: 'whsec_' + btoa('w'.repeat(32)) }), 'invalid_signature');
    await expectReason(verify({ headers: { ...headers, 'webhook-id': undefined } }), 'missing_header');
    await expectReason(verify({ headers: { ...headers, 'webhook-timestamp': 'yesterday' } }), 'invalid_header');
    await expectReason(verify({ now: NOW.getTime() + 301_000 }), 'timestamp_too_old');
    await expectReason(verify({ now: NOW.getTime() - 301_000 }), 'timestamp_too_new');
    await expect(verify({ now: NOW.getTime() + 299_000 })).resolves.toBeDefined();
    await expectReason(verify({ now: NOW.getTime() + 61_000, toleranceSeconds: 60 }), 'timestamp_too_old');
  });

  it('a malformed secret is a TypeError (the receiver’s configuration), never a verification failure', async () => {
    const headers = await signWebhook({ payload, secret: SECRET, timestamp: NOW });
    const verify = (overrides: Partial<Parameters<typeof verifyWebhook>[0]>) =>
      verifyWebhook({ payload, headers, secret: SECRET, now: NOW, ...overrides });
    for (const call of [verify({ secret: 'whsec_!!!' }), signWebhook({ payload, secret: 'whsec_!!!' })]) {
      const error = await call.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error).not.toBeInstanceOf(WebhookVerificationError);
      expect((error as Error).message).toMatch(/secret must be "whsec_" followed by base64.*configuration error/);
    }
  });

  it('rejects a validly signed body that is not an event', async () => {
    for (const body of ['[1,2]', '{"id":"x","type":"call.started"}', 'not json']) {
      const headers = await signWebhook({ payload: body, secret: SECRET, id: 'msg_1', timestamp: NOW });
      await expectReason(verifyWebhook({ payload: body, headers, secret: SECRET, now: NOW }), 'invalid_payload');
    }
  });
});

describe('interoperability with the standardwebhooks package', () => {
  it('standardwebhooks verifies what signWebhook signs', async () => {
    const headers = await signWebhook({ payload, secret: SECRET });
    expect(new Webhook(SECRET).verify(payload, headers)).toEqual(event);
  });

  it('verifyWebhook accepts what standardwebhooks signs', async () => {
    const id = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
    const signature = new Webhook(SECRET).sign(id, NOW, payload);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(nowSeconds), 'webhook-signature': signature };
    await expect(verifyWebhook({ payload, headers, secret: SECRET, now: NOW })).resolves.toEqual(event);
  });
});
