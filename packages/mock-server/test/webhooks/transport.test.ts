import { describe, expect, it } from 'vitest';
import { WEBHOOK_USER_AGENT } from '../../src/sim/webhooks/index.js';
import { callStarted, smsSent, startReceiver, tenantA, fixtures } from './helpers.js';

const { receiver, harness, hangingReceiver } = fixtures();

describe('transport failures', () => {
  it('counts a redirect as a failure and never follows it', async () => {
    const { events, dispatcher } = harness();
    const target = await receiver(() => 200);
    const redirecting = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    dispatcher.subscriptions.create({ tenantId: tenantA, url: redirecting.url });
    callStarted(events);
    await dispatcher.idle();
    const [delivery] = dispatcher.deliveries();
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ status: 302 }] });
    expect(delivery!.attempts[0]!.error).toMatch(/redirect/);
    expect(target.received).toEqual([]);
  });

  it('counts a timeout as a failure', async () => {
    const { events, dispatcher } = harness({ timeoutMs: 50 });
    dispatcher.subscriptions.create({ tenantId: tenantA, url: await hangingReceiver() });
    callStarted(events);
    await dispatcher.idle();
    const [delivery] = dispatcher.deliveries();
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ error: 'timed out after 50 ms' }] });
    expect(delivery!.attempts[0]).not.toHaveProperty('status');
  });

  it('counts a refused connection as a failure', async () => {
    const { events, dispatcher } = harness();
    const gone = await startReceiver(() => 200);
    await gone.close();
    dispatcher.subscriptions.create({ tenantId: tenantA, url: gone.url });
    callStarted(events);
    await dispatcher.idle();
    expect(dispatcher.deliveries()[0]!.attempts[0]!.error).toMatch(/connection failed/);
  });

  it('counts a 4xx as a failure', async () => {
    const { events, dispatcher } = harness();
    const hook = await receiver(() => 410);
    dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    callStarted(events);
    await dispatcher.idle();
    expect(dispatcher.deliveries()[0]).toMatchObject({ status: 'pending', attempts: [{ status: 410 }] });
  });
});

describe('in-process callbacks', () => {
  it('receive exactly the bytes and headers an HTTP endpoint gets', async () => {
    const { events, dispatcher } = harness();
    const hook = await receiver(() => 200);
    const seen: { body: string; headers: Record<string, string>; method: string; url: string }[] = [];
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url, secret });
    const inProcess = dispatcher.subscriptions.create({
      tenantId: tenantA,
      secret,
      callback: async (request) => {
        seen.push({
          body: await request.text(),
          headers: Object.fromEntries(request.headers),
          method: request.method,
          url: request.url,
        });
      },
    });
    expect(inProcess.inProcess).toBe(true);
    smsSent(events);
    await dispatcher.idle();

    expect(seen).toHaveLength(1);
    const http = hook.received[0]!;
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.body).toBe(http.body);
    for (const name of ['content-type', 'user-agent', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      expect(seen[0]!.headers[name]).toBe(http.headers[name]);
    }
    expect(seen[0]!.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(dispatcher.deliveries({ subscriptionId: inProcess.id })[0]).toMatchObject({
      status: 'succeeded',
      attempts: [{ status: 204 }],
    });
  });

  it('fail on a non-2xx answer, a status code, or a throw, and retry like HTTP endpoints', async () => {
    const { clock, events, dispatcher } = harness();
    let calls = 0;
    const answers = [
      () => new Response('nope', { status: 500 }),
      () => 302,
      () => {
        throw new Error('boom');
      },
      () => 200,
    ];
    const { id } = dispatcher.subscriptions.create({
      tenantId: tenantA,
      callback: () => answers[calls++]!(),
    });
    callStarted(events);
    await dispatcher.idle();
    clock.advance(5_000);
    await dispatcher.idle();
    clock.advance(300_000);
    await dispatcher.idle();
    clock.advance(1_800_000);
    await dispatcher.idle();
    const [delivery] = dispatcher.deliveries({ subscriptionId: id });
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.attempts.map((a) => [a.status, a.error])).toEqual([
      [500, 'HTTP 500 is not a 2xx'],
      [302, 'redirect (HTTP 302): redirects are not followed'],
      [undefined, 'the callback threw: boom'],
      [200, undefined],
    ]);
  });

  it('time out like HTTP endpoints', async () => {
    const { events, dispatcher } = harness({ timeoutMs: 20 });
    dispatcher.subscriptions.create({ tenantId: tenantA, callback: () => new Promise<Response>(() => undefined) });
    callStarted(events);
    await dispatcher.idle();
    expect(dispatcher.deliveries()[0]!.attempts[0]!.error).toBe('timed out after 20 ms');
  });
});
