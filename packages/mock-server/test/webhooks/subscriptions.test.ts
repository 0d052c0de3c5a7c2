import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { MockClock } from '../../src/sim/clock.js';
import {
  CreateWebhookSubscriptionSchema,
  ScenarioWebhookSchema,
  SubscriptionStore,
} from '../../src/sim/webhooks/index.js';
import { tenantA } from './helpers.js';

const store = (options: Partial<ConstructorParameters<typeof SubscriptionStore>[0]> = {}) =>
  new SubscriptionStore({ clock: new MockClock({ frozen: true }), ...options });

describe('subscriptions', () => {
  it('shows the secret once and lists a masked hint only', () => {
    const subscriptions = store();
    const created = subscriptions.create({ tenantId: tenantA, url: 'https://example.com/hooks' });
    expect(created).toMatchObject({ events: ['*'], enabled: true, inProcess: false });
    const [listed] = subscriptions.list({ tenantId: tenantA });
    expect(listed).not.toHaveProperty('secret');
    expect(listed!.maskedSecret).toBe(`${created.secret.slice(0, 10)}…`);
    expect(subscriptions.list({ tenantId: randomUUID() })).toEqual([]);
  });

  it('normalises filters, keeps given ids and refuses duplicates and unknown tenants', () => {
    const id = randomUUID();
    const subscriptions = store({ tenantExists: (tenantId) => tenantId === tenantA });
    expect(
      subscriptions.create({ id, tenantId: tenantA, url: 'http://localhost:1/x', events: ['sms.sent', '*'] }).events,
    ).toEqual(['*']);
    expect(() => subscriptions.create({ id, tenantId: tenantA, url: 'http://localhost:1/x' })).toThrow(
      /already exists/,
    );
    expect(() =>
      subscriptions.create({ tenantId: randomUUID(), url: 'http://localhost:1/x' }, ['tenants', '0']),
    ).toThrow(/Invalid tenants\.0\.tenantId: no tenant has id/);
    expect(() => subscriptions.create({ tenantId: tenantA, url: 'http://localhost:1/x', events: [] })).toThrow(
      /Invalid events/,
    );
    expect(() => subscriptions.get(randomUUID())).toThrow(/not found/);
    expect(() => subscriptions.rotateSecret(randomUUID())).toThrow(/not found/);
  });

  it('requires a url unless a callback is given', () => {
    const subscriptions = store();
    expect(() => subscriptions.create({ tenantId: tenantA } as never)).toThrow(/Invalid url/);
    expect(subscriptions.create({ tenantId: tenantA, callback: () => 204 }).url).toBe(
      'http://in-process.invalid/webhooks',
    );
  });

  it('exports schemas the scenario and its JSON Schema can reuse', () => {
    const parsed = ScenarioWebhookSchema.parse({ url: 'http://127.0.0.1:4000/hooks' });
    expect(parsed).toEqual({ url: 'http://127.0.0.1:4000/hooks', events: ['*'], enabled: true });
    const schema = z.toJSONSchema(z.array(ScenarioWebhookSchema), { io: 'input' });
    expect(JSON.stringify(schema)).toContain('"call.started"');
    expect(CreateWebhookSubscriptionSchema.safeParse({ url: 'http://127.0.0.1:4000/hooks' }).success).toBe(false);
  });
});
