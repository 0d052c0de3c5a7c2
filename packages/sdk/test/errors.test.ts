import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  CommFlow,
  CommFlowError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  type Fetch,
} from '../src/index.js';
import { BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf } from './helpers.js';

// The mock always answers with the contract's envelope; these bodies come from proxies and
// load balancers in front of the service, so a stub fetch stands in for them.
function clientAnswering(response: () => Response) {
  const fetch: Fetch = () => Promise.resolve(response());
  return new CommFlow({
    apiKey: DEMO_KEYS.sandbox,
    tenantId: DEMO_TENANTS.sandbox,
    baseUrl: BASE_URL,
    maxRetries: 0,
    fetch,
  });
}

describe('off-contract bodies still give useful errors', () => {
  it('an HTML 502 from a proxy', async () => {
    const client = clientAnswering(
      () =>
        new Response('<html><body>Bad gateway</body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html', 'X-Request-Id': 'edge-1' },
        }),
    );
    const error = await rejectionOf(client.presence.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, code: null, requestId: 'edge-1' });
    expect((error as APIError).message).toBe('502 Bad Gateway: <html><body>Bad gateway</body></html>');
  });

  it('an empty 401 and a JSON body of another shape', async () => {
    const empty = await rejectionOf(clientAnswering(() => new Response(null, { status: 401 })).presence.list());
    expect(empty).toBeInstanceOf(AuthenticationError);
    expect((empty as APIError).message).toBe('401: (empty body)');
    const other = await rejectionOf(
      clientAnswering(() => Response.json({ message: 'Forbidden by WAF' }, { status: 403 })).presence.list(),
    );
    expect(other).toBeInstanceOf(PermissionDeniedError);
    expect((other as APIError).code).toBeNull();
    expect((other as APIError).message).toContain('Forbidden by WAF');
  });

  it('a long body is cut in the message', async () => {
    const error = await rejectionOf(
      clientAnswering(() => new Response('x'.repeat(5000), { status: 404 })).presence.list(),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as APIError).message.length).toBeLessThan(260);
  });

  it('a status outside the named classes is a plain APIError', async () => {
    const error = await rejectionOf(
      clientAnswering(() =>
        Response.json(
          { success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too big' }, meta: { requestId: 'r-1' } },
          { status: 413 },
        ),
      ).presence.list(),
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      requestId: 'r-1',
      message: '413 PAYLOAD_TOO_LARGE: Too big',
    });
    expect((error as Error).name).toBe('APIError');
  });

  it('a 2xx that is not an envelope', async () => {
    const error = await rejectionOf(clientAnswering(() => new Response('OK', { status: 200 })).presence.list());
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toMatch(/not a CommFlow envelope/);
  });

  it('every error is a CommFlowError with its class name', async () => {
    const error = await rejectionOf(clientAnswering(() => new Response(null, { status: 404 })).presence.list());
    expect(error).toBeInstanceOf(CommFlowError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('NotFoundError');
  });
});
