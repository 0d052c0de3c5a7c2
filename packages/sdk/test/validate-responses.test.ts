import { describe, expect, it } from 'vitest';
import { CommFlow, UnexpectedResponseError, type Fetch } from '../src/index.js';
import { ANN, BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

/** The mock's own fetch, with the answer's JSON changed by `edit`. */
function editing(fetch: Fetch, edit: (body: { data: Record<string, unknown> }) => void): Fetch {
  return async (request, init) => {
    const response = await fetch(request, init);
    const body = (await response.json()) as { data: Record<string, unknown> };
    edit(body);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(body), { status: response.status, headers });
  };
}

function breakContacts(body: { data: Record<string, unknown> }): void {
  const contacts = body.data.contacts as Record<string, unknown>[];
  const [first, second] = contacts;
  if (first) first.firstName = 42;
  if (second) delete second.id;
}

describe('validateResponses', () => {
  it('true: answers that match the contract resolve as usual, across operations', async () => {
    const { client, ann } = setup({ validateResponses: true });
    expect((await client.users.list()).items).not.toHaveLength(0);
    await expect(ann.contacts.create({ firstName: 'Ann' })).resolves.toMatchObject({ firstName: 'Ann' });
    await expect(client.withUser(ANN).contacts.list().toArray()).resolves.not.toHaveLength(0);
  });

  it('true: an answer that does not match raises UnexpectedResponseError naming every path', async () => {
    const holder = setup();
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: editing((request, init) => holder.mock.fetch(request, init), breakContacts),
      validateResponses: true,
    });
    const error = await rejectionOf(client.withUser(ANN).contacts.list());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).operation).toBe('contacts.list');
    expect((error as UnexpectedResponseError).paths).toEqual(['data.contacts[0].firstName', 'data.contacts[1].id']);
    expect((error as Error).message).toMatch(
      /^contacts\.list: the response does not match the contract at data\.contacts\[0\]\.firstName \(.+\), data\.contacts\[1\]\.id \(.+\)\.$/,
    );
  });

  it('off by default: the same answer resolves unchecked', async () => {
    const holder = setup();
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: editing((request, init) => holder.mock.fetch(request, init), breakContacts),
    });
    expect((await client.withUser(ANN).contacts.list()).items).not.toHaveLength(0);
  });

  it('anything but a boolean is refused by the constructor', () => {
    const options = { apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox, baseUrl: BASE_URL };
    expect(() => new CommFlow({ ...options, validateResponses: 'yes' as unknown as boolean })).toThrow(
      /validateResponses must be true or false/,
    );
  });
});
