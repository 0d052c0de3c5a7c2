// The mocks a user would pick instead, each started from this package's node_modules on a free
// port of 127.0.0.1 and given a stub of the same answer: the mock's body for
// `GET /api/v1/contacts?limit=50` (50 contacts in the service's envelope). Each at its quietest
// logging, its stdout to /dev/null like every server of the bench.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startServer, waitForHttp } from './processes.mjs';

export const PATH = '/api/v1/contacts';
const CONTENT_TYPE = 'application/json; charset=utf-8';

/** A package's directory and version, from this package's node_modules (read directly: some
 * packages export no `./package.json`). */
export function packageInfo(name) {
  const dir = join(import.meta.dirname, '..', 'node_modules', name);
  return { dir, version: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version };
}

/** The file of a package's `bin` (its only one, or the one named `bin`). */
function binOf(name, bin) {
  const { dir } = packageInfo(name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin ?? Object.keys(manifest.bin)[0]];
  return join(dir, file);
}

async function started(server, url) {
  await waitForHttp(server, `${url}${PATH}?limit=50`);
  return { server, url };
}

/** WireMock standalone (the jar the npm package ships), on Java from PATH. */
async function wiremock(work, body) {
  const root = join(work, 'wiremock');
  mkdirSync(join(root, 'mappings'), { recursive: true });
  writeFileSync(
    join(root, 'mappings', 'contacts.json'),
    JSON.stringify({
      request: { method: 'GET', urlPath: PATH },
      response: { status: 200, body, headers: { 'Content-Type': CONTENT_TYPE } },
    }),
  );
  const { dir } = packageInfo('wiremock');
  const jar = readdirSync(join(dir, 'build')).find((file) => file.endsWith('.jar'));
  if (jar === undefined) throw new Error(`no jar in ${dir}/build`);
  const port = await freePort();
  // Its request journal bounded like the mock's (1,000 entries) instead of growing for ever.
  const server = startServer('wiremock', 'java', [
    '-jar',
    join(dir, 'build', jar),
    '--bind-address',
    '127.0.0.1',
    '--port',
    String(port),
    '--root-dir',
    root,
    '--disable-banner',
    '--max-request-journal-entries',
    '1000',
  ]);
  return started(server, `http://127.0.0.1:${port}`);
}

/** Prism, serving a one-operation OpenAPI document whose example is the answer (static mode). */
async function prism(work, body) {
  const document = join(work, 'prism-openapi.json');
  writeFileSync(
    document,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'bench', version: '1' },
      paths: {
        [PATH]: {
          get: {
            parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
            responses: { 200: { description: 'ok', content: { 'application/json': { example: JSON.parse(body) } } } },
          },
        },
      },
    }),
  );
  const port = await freePort();
  const server = startServer('prism', process.execPath, [
    binOf('@stoplight/prism-cli'),
    'mock',
    document,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--verboseLevel',
    'warn',
  ]);
  return started(server, `http://127.0.0.1:${port}`);
}

/**
 * json-server 0.17 (its `latest`), read-only and quiet: the answer as a singular resource, the
 * path routed to it. It sends the JSON indented (two spaces): more bytes than the others.
 */
async function jsonServer(work, body) {
  const db = join(work, 'json-server-db.json');
  const routes = join(work, 'json-server-routes.json');
  writeFileSync(db, JSON.stringify({ contactsPage: JSON.parse(body) }));
  writeFileSync(routes, JSON.stringify({ [`${PATH}*`]: '/contactsPage' }));
  const port = await freePort();
  const server = startServer('json-server', process.execPath, [
    binOf('json-server'),
    db,
    '--routes',
    routes,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--read-only',
    '--quiet',
  ]);
  return started(server, `http://127.0.0.1:${port}`);
}

/** Mockoon's CLI, one environment with one route whose inline body is the answer (no templating). */
async function mockoon(work, body) {
  const port = await freePort();
  const file = join(work, 'mockoon.json');
  const uuid = (n) => `b3f1c1a0-0000-4000-8000-00000000000${n}`;
  writeFileSync(
    file,
    JSON.stringify({
      uuid: uuid(1),
      lastMigration: 33,
      name: 'bench',
      endpointPrefix: '',
      latency: 0,
      port,
      hostname: '127.0.0.1',
      folders: [],
      routes: [
        {
          uuid: uuid(2),
          type: 'http',
          documentation: '',
          method: 'get',
          endpoint: PATH.slice(1),
          responses: [
            {
              uuid: uuid(3),
              body,
              latency: 0,
              statusCode: 200,
              label: '',
              headers: [{ key: 'Content-Type', value: CONTENT_TYPE }],
              bodyType: 'INLINE',
              filePath: '',
              databucketID: '',
              sendFileAsBody: false,
              rules: [],
              rulesOperator: 'OR',
              disableTemplating: true,
              fallbackTo404: false,
              default: true,
              crudKey: 'id',
              callbacks: [],
            },
          ],
          responseMode: null,
          streamingMode: null,
          streamingInterval: 0,
        },
      ],
      rootChildren: [{ type: 'route', uuid: uuid(2) }],
      proxyMode: false,
      proxyHost: '',
      proxyRemovePrefix: false,
      tlsOptions: { enabled: false, type: 'CERT', pfxPath: '', certPath: '', keyPath: '', caPath: '', passphrase: '' },
      cors: false,
      headers: [],
      proxyReqHeaders: [],
      proxyResHeaders: [],
      data: [],
      callbacks: [],
    }),
  );
  const server = startServer('mockoon', process.execPath, [
    binOf('@mockoon/cli'),
    'start',
    '--data',
    file,
    '--disable-log-to-file',
    '--disable-admin-api',
  ]);
  return started(server, `http://127.0.0.1:${port}`);
}

/** The peers, by the name the table gives them, with the npm package whose version it prints. */
export const PEERS = [
  { name: 'WireMock', pkg: 'wiremock', start: wiremock },
  { name: 'Prism', pkg: '@stoplight/prism-cli', start: prism },
  { name: 'json-server', pkg: 'json-server', start: jsonServer },
  { name: 'Mockoon CLI', pkg: '@mockoon/cli', start: mockoon },
];
