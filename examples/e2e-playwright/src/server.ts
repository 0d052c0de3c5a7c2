/**
 * A small web app on `@commflow/sdk`: it lists contacts, adds one and sends an SMS, for the
 * tenant of the person using it. In a real app the tenant and its key come from the signed-in
 * user's session; here two cookies stand in for that session (`cf_tenant`, `cf_key`), so each
 * Playwright test can sign in as a tenant of its own, and tests run in parallel against one mock.
 *
 * `COMMFLOW_BASE_URL` is the API (the standalone mock in the tests); `PORT` the port (default 4792).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { APIError, CommFlow } from '@commflow/sdk';
import { PAGE } from './page.js';

const baseUrl = process.env.COMMFLOW_BASE_URL ?? 'http://127.0.0.1:4791';
const port = Number(process.env.PORT ?? '4792');
/** The acting user: the demo sandbox tenant's first user, in every copy of it. */
const USER = process.env.COMMFLOW_USER_EMAIL ?? 'ann.lee@acme.test';

function cookies(request: IncomingMessage): Map<string, string> {
  const pairs = (request.headers.cookie ?? '').split(';').map((pair) => pair.trim().split('='));
  return new Map(
    pairs.filter((pair) => pair.length === 2).map(([name = '', value = '']) => [name, decodeURIComponent(value)]),
  );
}

/** The signed-in tenant's client, or undefined when nobody is signed in. */
function clientFor(request: IncomingMessage): CommFlow | undefined {
  const jar = cookies(request);
  const tenantId = jar.get('cf_tenant');
  const apiKey = jar.get('cf_key');
  if (tenantId === undefined || apiKey === undefined) return undefined;
  return new CommFlow({ apiKey, tenantId, userEmail: USER, baseUrl });
}

async function readJson(request: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const parsed: unknown = text === '' ? {} : JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return {};
  // The form's fields are strings; anything else is left out.
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://app');
  if (request.method === 'GET' && pathname === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    return;
  }
  const client = clientFor(request);
  if (client === undefined) {
    send(response, 401, { error: 'Sign in first.' });
    return;
  }
  const route = `${request.method ?? 'GET'} ${pathname}`;
  if (route === 'GET /api/contacts') {
    const contacts = await client.contacts.list({ limit: 100 }).toArray({ max: 100 });
    send(response, 200, { contacts: contacts.map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`.trim() })) });
  } else if (route === 'POST /api/contacts') {
    const { firstName = '', lastName } = await readJson(request);
    const contact = await client.contacts.create({ firstName, ...(lastName ? { lastName } : {}) });
    send(response, 201, { contact: { id: contact.id, name: `${contact.firstName} ${contact.lastName}`.trim() } });
  } else if (route === 'POST /api/sms') {
    const { body = '' } = await readJson(request);
    const [conversation] = await client.sms.conversations.list({ limit: 1 }).toArray({ max: 1 });
    if (conversation === undefined) {
      send(response, 409, { error: 'This tenant has no SMS conversation.' });
      return;
    }
    send(response, 201, { message: await client.sms.send(conversation.id, { body }) });
  } else {
    send(response, 404, { error: `No route ${route}.` });
  }
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    // The SDK's typed errors carry the service's message; anything else is a bug of this app.
    send(response, error instanceof APIError ? error.status : 500, {
      error: error instanceof Error ? error.message : String(error),
    });
  });
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`app: http://127.0.0.1:${String(port)} (API ${baseUrl})\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
  });
}
