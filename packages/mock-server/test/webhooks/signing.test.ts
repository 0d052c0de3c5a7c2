import { EVENT_SCHEMAS } from '@commflow/contract';
import { verifyWebhookSignature } from '@commflow/contract/webhooks';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_USER_AGENT } from '../../src/sim/webhooks/index.js';
import { callStarted, headerRecord, smsSent, tenantA, fixtures } from './helpers.js';

const { receiver, harness } = fixtures();

describe('signing', () => {
  it('sends what the standardwebhooks package verifies: raw JSON body, headers, schema-valid payload', async () => {
    const { events, dispatcher } = harness();
    const hook = await receiver();
    const { secret } = dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const event = smsSent(events);
    await dispatcher.idle();

    const [request] = hook.received;
    expect(request).toBeDefined();
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(request!.headers['webhook-id']).toBe(event.id);
    expect(request!.body).toBe(JSON.stringify(event)); // byte for byte, non-ASCII included

    const verified = new Webhook(secret).verify(request!.body, headerRecord(request!.headers));
    expect(verified).toEqual(event);
    expect(EVENT_SCHEMAS['sms.sent'].parse(verified)).toEqual(event);
    expect(() => new Webhook(secret).verify(`${request!.body} `, headerRecord(request!.headers))).toThrow();
  });

  it('signs with a given secret', async () => {
    const { events, dispatcher } = harness();
    const hook = await receiver();
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const created = dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url, secret });
    expect(created.secret).toBe(secret);
    expect(created.maskedSecret).toBe('whsec_MfKQ…');
    callStarted(events);
    await dispatcher.idle();
    expect(() =>
      new Webhook(secret).verify(hook.received[0]!.body, headerRecord(hook.received[0]!.headers)),
    ).not.toThrow();
  });

  it('sends both signatures during a rotation window, each secret verifying alone, then only the new one', async () => {
    const { clock, events, dispatcher } = harness();
    const hook = await receiver();
    const { id, secret: oldSecret } = dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    const rotated = dispatcher.subscriptions.rotateSecret(id);
    expect(rotated.secret).not.toBe(oldSecret);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(clock.now() + 86_400_000).toISOString());
    expect(dispatcher.subscriptions.get(id).rotationEndsAt).toBe(rotated.previousSecretExpiresAt);
    expect(dispatcher.subscriptions.get(id)).not.toHaveProperty('secret');

    callStarted(events);
    await dispatcher.idle();
    const during = hook.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, rotated.secret]) {
      expect(() => new Webhook(secret).verify(during.body, headerRecord(during.headers))).not.toThrow();
    }

    // A day later on the mock clock: deliveries are still signed with the wall clock, so a
    // verifier on its own clock accepts them.
    clock.advance(86_400_000);
    expect(dispatcher.subscriptions.get(id).rotationEndsAt).toBeUndefined();
    callStarted(events);
    await dispatcher.idle();
    const after = hook.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const verify = (secret: string) =>
      verifyWebhookSignature({ payload: after.body, headers: headerRecord(after.headers), secret });
    await expect(verify(rotated.secret)).resolves.toHaveProperty('id');
    await expect(verify(oldSecret)).rejects.toMatchObject({ reason: 'invalid_signature' });
  });

  it('honours a custom rotation window', () => {
    const { clock, dispatcher } = harness();
    const { id } = dispatcher.subscriptions.create({ tenantId: tenantA, callback: () => 204 });
    dispatcher.subscriptions.rotateSecret(id, { windowMs: 60_000 });
    expect(dispatcher.subscriptions.target(id)?.secrets).toHaveLength(2);
    clock.advance(60_000);
    expect(dispatcher.subscriptions.target(id)?.secrets).toHaveLength(1);
  });
});
