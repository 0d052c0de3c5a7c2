// The standalone mock as a user runs it: the built CLI (`packages/mock-server/dist`) on the demo
// world, in its own process, driven over HTTP like any client.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { freePort, startServer, waitForHttp } from './processes.mjs';

export const ROOT = join(import.meta.dirname, '../../..');
export const CLI = join(ROOT, 'packages/mock-server/bin/commflow-mock.js');
/** The demo's sandbox tenant (docs/guides/cli.md). */
export const TENANT = '11111111-1111-4111-8111-111111111111';
export const CONTACTS = 50;

/** Our packages' "version" in the table: the commit of this tree (`+` when it has changes). */
export const OURS = (() => {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages'], { cwd: ROOT, encoding: 'utf8' });
    return `this tree @ ${sha}${dirty.trim() === '' ? '' : '+'}`;
  } catch {
    return 'this tree';
  }
})();

async function json(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

const control = (base, method, path, body) =>
  json(`${base}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * Starts the CLI on a free port with `extraArgs`, then, over its control API, gives it a key
 * whose rate limit no load reaches. Answers `{ server, url, headers }`, the headers those of an
 * API request with that key.
 */
export async function startMock(name, extraArgs = [], cliArgs = []) {
  const port = await freePort();
  const server = startServer(name, process.execPath, [
    ...extraArgs,
    CLI,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    ...cliArgs,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(server, `${url}/__mock/clock`);
  const { data } = await control(url, 'POST', '/api-keys', {
    tenantIds: [TENANT],
    rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
  });
  return { server, url, headers: { 'X-API-Key': data.apiKey.key, 'X-Tenant-Id': TENANT } };
}

/** The email of a user of the sandbox tenant: a write names its acting user. */
export async function actingUser({ url, headers }) {
  const { data } = await json(`${url}/api/v1/users?limit=1`, { headers });
  return data.users[0].email;
}

/** A contact to create, `i` making each one's name its own. */
export const newContact = (i) => ({ firstName: 'Bench', lastName: `Contact ${i}`, phoneMobile: '+14155550100' });

/** Creates contacts through the API until the sandbox holds `CONTACTS` of them. */
export async function fillContacts(mock) {
  const { data } = await json(`${mock.url}/api/v1/contacts?limit=100`, { headers: mock.headers });
  const email = await actingUser(mock);
  for (let i = data.contacts.length; i < CONTACTS; i++) {
    await json(`${mock.url}/api/v1/contacts`, {
      method: 'POST',
      headers: { ...mock.headers, 'X-User-Email': email, 'content-type': 'application/json' },
      body: JSON.stringify(newContact(i)),
    });
  }
}

/** 100 overrides that no request of the sandbox can match: each aimed at a tenant of its own. */
export async function addIdleOverrides(mock, count = 100) {
  for (let i = 0; i < count; i++) {
    const { data } = await control(mock.url, 'POST', '/tenants', {});
    await control(mock.url, 'POST', '/overrides', {
      tenantId: data.tenant.id,
      operationId: 'contacts.list',
      fault: { status: 503 },
    });
  }
}

/**
 * One answer exactly as it went on the wire, less the headers Node's `http` adds by itself
 * (`Date`, `Connection`, `Keep-Alive`): a bare server sending these sends the same bytes.
 */
export function capture(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const kept = {};
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i].toLowerCase();
          if (name !== 'date' && name !== 'connection' && name !== 'keep-alive')
            kept[name] = response.rawHeaders[i + 1];
        }
        resolve({ status: response.statusCode, headers: kept, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

/** Writes a capture where `servers/bare.mjs` reads it. */
export function writeFixture(path, captured) {
  writeFileSync(path, JSON.stringify({ ...captured, body: captured.body.toString('base64') }));
}
