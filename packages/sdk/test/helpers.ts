import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock } from '@commflow/mock-server';
import { CommFlow, type ClientOptions, type Fetch } from '../src/index.js';

export { DEMO_KEYS, DEMO_TENANTS };

export const BASE_URL = 'http://commflow.mock';
export const ANN = 'ann.lee@acme.test';
export const BOB = 'bob.stone@acme.test';
export const DAN = 'dan.fox@acme.test'; // no extension
export const EVE = 'eve.moss@acme.test'; // only contacts.use, chat.use, calendar.use

/** A request as the SDK sent it, recorded on its way to the mock. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
}

/**
 * A fresh demo mock, a client on it, and the requests the client sent. The recording wrapper
 * only watches: every request is answered by the mock's own `fetch`.
 */
export function setup(options: ClientOptions = {}, mock: CommFlowMock = createMock('demo')) {
  const sent: SentRequest[] = [];
  const fetch: Fetch = (request, init) => {
    sent.push({ method: request.method, url: new URL(request.url), headers: new Headers(request.headers) });
    return mock.fetch(request, init);
  };
  const client = new CommFlow({
    apiKey: DEMO_KEYS.sandbox,
    tenantId: DEMO_TENANTS.sandbox,
    baseUrl: BASE_URL,
    fetch,
    ...options,
  });
  return { mock, client, sent, ann: client.withUser(ANN) };
}

/** The rejection of a promise that must reject. */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
