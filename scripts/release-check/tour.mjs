// Run by scripts/release-check.sh in the plain npm project, with the packages installed by name
// from the local registry: a first hour against `npx commflow-mock` (its base URL is the argument).
// It subscribes a receiver on 127.0.0.1 to the tenant's events, creates a contact with the SDK,
// verifies the webhook the mock delivers with @commflow/sdk/webhooks, and checks that the SDK
// names its published version in X-CommFlow-Client (its build ran after `changeset version`).
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { CommFlow } from '@commflow/sdk';
import { verifyWebhook } from '@commflow/sdk/webhooks';
import { DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { connectMock } from '@commflow/mock-server/remote';

const baseUrl = process.argv[2];
const tenantId = DEMO_TENANTS.sandbox;
const { version } = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@commflow/sdk/package.json'), 'utf8'),
);

const delivered = Promise.withResolvers();
const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    response.writeHead(204).end();
    delivered.resolve({ payload: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
// Bounded: a delivery that never comes fails the check rather than holding CI.
const timer = setTimeout(() => delivered.reject(new Error('no webhook delivery within 30 s')), 30_000);

try {
  const remote = await connectMock(baseUrl);
  const { secret } = await remote.subscribeWebhook({
    tenantId,
    url: `http://127.0.0.1:${receiver.address().port}/hooks`,
    events: ['contact.changed'],
  });
  const client = new CommFlow({ apiKey: DEMO_KEYS.sandbox, tenantId, baseUrl });
  const contact = await client.withUser('ann.lee@acme.test').contacts.create({ firstName: 'Published' });
  const { payload, headers } = await delivered.promise;
  const event = await verifyWebhook({ payload, headers, secret });
  // The newest: the conformance kit, run before, created contacts too.
  const entry = (await remote.requests({ operationId: 'contacts.create', tenantId })).at(-1);
  const report = {
    created: contact.firstName,
    event: event.type === 'contact.changed' && event.data.contact.id === contact.id,
    clientHeader: entry?.request.headers['x-commflow-client']?.startsWith(`@commflow/sdk/${version} `),
  };
  const expected = { created: 'Published', event: true, clientHeader: true };
  if (JSON.stringify(report) !== JSON.stringify(expected)) {
    throw new Error(
      `unexpected: ${JSON.stringify(report)} (X-CommFlow-Client: ${entry?.request.headers['x-commflow-client']})`,
    );
  }
  console.log(`ok: @commflow/sdk@${version} on Node ${process.versions.node}`, JSON.stringify(report));
} finally {
  clearTimeout(timer);
  receiver.close();
  receiver.closeAllConnections();
}
