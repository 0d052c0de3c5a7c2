import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/service/api-error.js';
import { handleWebhookControlRequest, type WebhookDelivery } from '../../src/webhooks/index.js';
import { callStarted, setup, tenantA, fixtures } from './helpers.js';

const { receiver, defer } = fixtures();

function harness() {
  const h = setup();
  defer(() => h.dispatcher.close());
  const call = async (method: string, path: string, body?: unknown) => {
    const init: RequestInit = { method };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await handleWebhookControlRequest(h.dispatcher, new Request(`http://mock.test${path}`, init));
    if (response === undefined) return { status: 0, body: undefined as unknown };
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as unknown };
  };
  return { ...h, call };
}

describe('control routes', () => {
  it('creates, lists, rotates, deletes, and lists and replays deliveries', async () => {
    const { call, events, dispatcher } = harness();
    let healthy = false;
    const hook = await receiver(() => (healthy ? 200 : 500));

    const created = await call('POST', '/__mock/webhooks', {
      tenantId: tenantA,
      url: hook.url,
      events: ['call.started'],
    });
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);

    const listed = await call('GET', `/__mock/webhooks?tenantId=${tenantA}`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body).toEqual({ data: [expect.objectContaining({ id, url: hook.url, events: ['call.started'] })] });

    const rotated = await call('POST', `/__mock/webhooks/${id}/rotate-secret`, { windowSeconds: 60 });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id });
    expect((rotated.body as { secret: string }).secret).toMatch(/^whsec_/);

    const event = callStarted(events);
    const pending = await call('GET', '/__mock/deliveries?status=pending&wait=true');
    expect(pending.body).toEqual({ data: [expect.objectContaining({ eventId: event.id, status: 'pending' })] });
    const [delivery] = (pending.body as { data: WebhookDelivery[] }).data;

    healthy = true;
    const replay = await call('POST', `/__mock/deliveries/${delivery!.id}/replay`);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ replayOf: delivery!.id, status: 'pending' });
    await dispatcher.idle();
    const succeeded = await call('GET', '/__mock/deliveries?status=succeeded');
    expect(succeeded.body).toEqual({ data: [expect.objectContaining({ replayOf: delivery!.id })] });

    expect((await call('PATCH', `/__mock/webhooks/${id}`, { enabled: false })).body).toMatchObject({ enabled: false });
    expect((await call('DELETE', `/__mock/webhooks/${id}`)).status).toBe(204);
    await expect(call('DELETE', `/__mock/webhooks/${id}`)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect((await call('GET', '/__mock/elsewhere')).status).toBe(0); // not one of its routes
  });

  it('names the bad field in validation errors', async () => {
    const { call } = harness();
    const attempt = (body: unknown) =>
      call('POST', '/__mock/webhooks', body).then(
        () => undefined,
        (error: unknown) => error,
      );

    const badUrl = await attempt({ tenantId: tenantA, url: 'ftp://example.com' });
    expect(badUrl).toBeInstanceOf(ApiError);
    expect(badUrl).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: ['body', 'url'] }] });

    const badEvent = (await attempt({
      tenantId: tenantA,
      url: 'http://127.0.0.1:1/x',
      events: ['sms.sent', 'sms.nope'],
    })) as ApiError;
    const [eventIssue, ...others] = badEvent.details as { path: string[]; message: string }[];
    expect(others).toEqual([]);
    expect(eventIssue?.path).toEqual(['body', 'events', '1']);
    expect(eventIssue?.message).toContain('"sms.nope"');
    expect(badEvent.message).toContain('body.events.1');

    const badSecret = (await attempt({
      tenantId: tenantA,
      url: 'http://127.0.0.1:1/x',
      secret: 'whsec_c2hvcnQ=',
    })) as ApiError;
    expect(badSecret.details).toEqual([{ path: ['body', 'secret'], message: 'must encode 24 to 64 bytes' }]);

    const missing = (await attempt({ url: 'http://127.0.0.1:1/x', extra: 1 })) as ApiError;
    // An unknown key is named by its own path, as everywhere else.
    expect((missing.details as { path: string[] }[]).map((d) => d.path.join('.')).sort()).toEqual([
      'body.extra',
      'body.tenantId',
    ]);

    const status = await call('GET', '/__mock/deliveries?status=done').catch((error: unknown) => error);
    expect(status).toMatchObject({ details: [{ path: ['query', 'status'] }] });
  });
});
