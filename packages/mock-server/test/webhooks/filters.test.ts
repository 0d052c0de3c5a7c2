import { describe, expect, it } from 'vitest';
import { callStarted, type Receiver, smsSent, startReceiver, tenantA, tenantB, fixtures } from './helpers.js';

const { receiver, harness, defer } = fixtures();

const types = (hook: Receiver) => hook.received.map((r) => (JSON.parse(r.body) as { type: string }).type);

describe('who receives what', () => {
  it('delivers every type to "*" and only the named types to a filtered subscription', async () => {
    const { events, dispatcher } = harness();
    const all = await receiver();
    const calls = await receiver();
    dispatcher.subscriptions.create({ tenantId: tenantA, url: all.url, events: ['*'] });
    dispatcher.subscriptions.create({ tenantId: tenantA, url: calls.url, events: ['call.started', 'call.started'] });
    callStarted(events);
    smsSent(events);
    await dispatcher.idle();
    expect(types(all).sort()).toEqual(['call.started', 'sms.sent']);
    expect(types(calls)).toEqual(['call.started']);
  });

  it("never delivers another tenant's events", async () => {
    const { events, dispatcher } = harness();
    const a = await receiver();
    const b = await receiver();
    dispatcher.subscriptions.create({ tenantId: tenantA, url: a.url });
    dispatcher.subscriptions.create({ tenantId: tenantB, url: b.url });
    const event = callStarted(events, tenantB);
    await dispatcher.idle();
    expect(a.received).toEqual([]);
    expect(b.received.map((r) => r.headers['webhook-id'])).toEqual([event.id]);
    expect(dispatcher.deliveries({ tenantId: tenantA })).toEqual([]);
  });

  it('sends nothing to a disabled subscription, and again once it is enabled', async () => {
    const { events, dispatcher } = harness();
    const hook = await receiver();
    const { id } = dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url, enabled: false });
    callStarted(events);
    await dispatcher.idle();
    expect(hook.received).toEqual([]);
    expect(dispatcher.deliveries()).toEqual([]);

    dispatcher.subscriptions.enable(id);
    callStarted(events);
    await dispatcher.idle();
    expect(hook.received).toHaveLength(1);

    dispatcher.subscriptions.disable(id);
    expect(dispatcher.subscriptions.list()).toEqual([expect.objectContaining({ id, enabled: false })]);
    callStarted(events);
    await dispatcher.idle();
    expect(hook.received).toHaveLength(1);
  });

  it('fails the pending retries of a subscription disabled or deleted meanwhile, without sending', async () => {
    const { clock, events, dispatcher } = harness();
    const hook = await startReceiver(() => 500);
    defer(hook.close);
    const disabled = dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    const deleted = dispatcher.subscriptions.create({ tenantId: tenantA, url: hook.url });
    callStarted(events);
    await dispatcher.idle();
    expect(hook.received).toHaveLength(2);
    dispatcher.subscriptions.disable(disabled.id);
    dispatcher.subscriptions.delete(deleted.id);
    clock.advance(5_000);
    await dispatcher.idle();
    expect(hook.received).toHaveLength(2);
    expect(dispatcher.deliveries({ subscriptionId: disabled.id })[0]).toMatchObject({
      status: 'failed',
      attempts: [{ status: 500 }, { error: 'the subscription is disabled' }],
    });
    expect(dispatcher.deliveries({ subscriptionId: deleted.id })[0]?.attempts[1]?.error).toBe(
      'the subscription was deleted',
    );
    expect(() => dispatcher.replay(dispatcher.deliveries({ subscriptionId: disabled.id })[0]!.id)).toThrow(/disabled/);
    expect(() => dispatcher.replay(dispatcher.deliveries({ subscriptionId: deleted.id })[0]!.id)).toThrow(/not found/);
  });
});
