// A webhook receiver, end to end: start the standalone commflow-mock CLI, run a node:http server
// that verifies every delivery with @commflow/sdk/webhooks, subscribe it through the control
// surface, trigger each kind of event, and wait (bounded) until all have arrived verified.
// Exits 0 when they have; non-zero on any failure or after TIMEOUT_MS.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { CommFlow } from '@commflow/sdk';
import { verifyWebhook, WebhookVerificationError, type VerifiedWebhookEvent } from '@commflow/sdk/webhooks';

// Generous: spawning the mock through tsx takes many seconds on a loaded machine. A bound on a
// hang, no speed target.
const TIMEOUT_MS = 180_000;
const EXPECTED = ['contact.changed', 'call.started', 'sms.sent', 'sms.received'];

// Whatever happens, never hang: a CI job must end.
const watchdog = setTimeout(() => {
  console.error(`webhook-receiver: timed out after ${TIMEOUT_MS} ms`);
  process.exit(1);
}, TIMEOUT_MS);
watchdog.unref();

// 1. The standalone mock, as any test suite would run it. The first stdout line is its URL.
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@commflow/mock-server/package.json'));
// tsx as a loader in the one process, not its CLI: the CLI is a second process that relays
// signals with a 30 ms wait, and on a busy machine it could SIGKILL the mock mid-stop.
const tsx = pathToFileURL(require.resolve('tsx')).href;
const mock = spawn(
  process.execPath,
  ['--import', tsx, '--conditions=source', join(packageDir, 'src', 'cli.ts'), '--port', '0'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [base] = (await once(createInterface({ input: mock.stdout }), 'line')) as [string];

// 2. The receiver: verify the raw body, de-duplicate by webhook-id, acknowledge fast.
let secret = '';
const events = new Map<string, VerifiedWebhookEvent>();
const rejected: string[] = [];
let failNextInbound = true; // fail the first sms.received attempt once, to show a retry
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    verifyWebhook({ payload: Buffer.concat(chunks), headers: req.headers, secret }).then(
      (event) => {
        if (event.type === 'sms.received' && failNextInbound) {
          failNextInbound = false;
          console.log(`  ← ${event.type.padEnd(15)} verified, answering 503 on purpose`);
          res.writeHead(503).end();
          return;
        }
        if (!events.has(event.id)) {
          events.set(event.id, event);
          console.log(`  ← ${event.type.padEnd(15)} verified  ${describe(event)}`);
        }
        res.writeHead(204).end();
      },
      (error: unknown) => {
        rejected.push(error instanceof WebhookVerificationError ? error.reason : String(error));
        res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
      },
    );
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/commflow`;

function describe(event: VerifiedWebhookEvent): string {
  switch (event.type) {
    case 'contact.changed':
      return `contact ${event.data.contact.firstName} ${event.data.contact.lastName} ${event.data.change}`;
    case 'call.started':
      return `call to ${event.data.destination} by ${event.data.userEmail}, ${event.data.status}`;
    case 'sms.sent':
    case 'sms.failed':
    case 'sms.received':
      return `${event.data.message.from} → ${event.data.message.to}: "${event.data.message.body}"`;
    default:
      return `(a type this SDK does not know yet)`;
  }
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  assert.ok(response.ok, `${method} /__mock${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

interface Delivery {
  eventType: string;
  status: string;
  attempts: { status?: number }[];
}
/** The deliveries, once every attempt in flight has finished. */
const deliveries = () => control<{ deliveries: Delivery[] }>('GET', '/deliveries?wait=true');

let failed = false;
try {
  // 3. Subscribe the receiver to every event of the sandbox tenant. The secret is shown once.
  const subscription = await control<{ id: string; secret: string }>('POST', '/webhooks', {
    tenantId: DEMO_TENANTS.sandbox,
    url: receiverUrl,
    events: ['*'],
  });
  secret = subscription.secret;
  console.log(`mock ${base}, receiver ${receiverUrl}, subscription ${subscription.id}`);

  // 4. Trigger events through the SDK, and an inbound SMS through the control surface.
  const client = new CommFlow({
    apiKey: DEMO_KEYS.sandbox,
    tenantId: DEMO_TENANTS.sandbox,
    baseUrl: base,
    userEmail: 'ann.lee@acme.test',
  });
  await client.contacts.create({ firstName: 'Ada', lastName: 'Lovelace' });
  await client.voice.click2dial({ destination: '+14155550100' });
  const [conversation] = await client.sms.conversations.list().toArray();
  assert.ok(conversation, 'the demo user has an SMS conversation');
  await client.sms.send(conversation.id, { body: 'Your table is ready' });
  await control('POST', '/sms/inbound', {
    tenantId: DEMO_TENANTS.sandbox,
    to: conversation.smsNumber,
    from: conversation.peerNumber,
    body: 'On my way!',
  });

  // 5. The inbound SMS's first attempt failed: move the mock's clock past the first retry delay.
  const pending = (await deliveries()).deliveries.filter((delivery) => delivery.status === 'pending');
  assert.deepEqual(
    pending.map((delivery) => delivery.eventType),
    ['sms.received'],
  );
  await control('POST', '/clock/advance', { ms: 5_000 });

  // 6. Wait, bounded, until every event has arrived verified.
  for (let round = 0; round < 100 && events.size < EXPECTED.length; round++) {
    await deliveries();
    if (events.size < EXPECTED.length) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Deliveries run concurrently, so arrival order may differ from emission order.
  assert.deepEqual([...events.values()].map((event) => event.type).sort(), [...EXPECTED].sort());
  assert.deepEqual(rejected, [], 'no delivery failed verification');
  const final = (await deliveries()).deliveries;
  assert.ok(
    final.every((delivery) => delivery.status === 'succeeded'),
    'every delivery succeeded',
  );
  console.log('deliveries:');
  for (const delivery of final) {
    const statuses = delivery.attempts.map((attempt) => attempt.status ?? 'error').join(', ');
    console.log(`  ${delivery.eventType.padEnd(15)} ${delivery.status}  attempts: ${statuses}`);
  }
  console.log(`webhook-receiver: ok, ${events.size} events verified`);
} catch (error) {
  failed = true;
  console.error('webhook-receiver: failed', error);
} finally {
  receiver.closeAllConnections();
  receiver.close();
  mock.kill('SIGTERM');
  const [code, signal] = (await once(mock, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    failed = true;
    console.error(
      `webhook-receiver: the mock did not stop cleanly (exit code ${String(code)}, signal ${String(signal)})`,
    );
  }
  clearTimeout(watchdog);
}
process.exitCode = failed ? 1 : 0;
