/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- response bodies are JSON read as `any`. */
/**
 * After a restore, everything goes on as if nothing had happened: one test per rule, with the
 * snapshot taken over HTTP in one process (A: a standalone mock on a frozen clock) and restored
 * over HTTP in another (B: the `commflow-mock` CLI, its clock following the wall clock). Each
 * test makes its world in A from a reset, so the tests do not depend on each other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { verifyWebhookSignature } from '@commflow/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packageRoot, SPAWN_TIMEOUT_MS, startCli, tsxCli } from '../helpers/cli.js';
import { api, control, DEMO_TENANTS, START, startReceiver, type Target } from './helpers.js';

/** Starts the frozen-clock mock in a child process: the child at once, and its base URL when it listens. */
function startFrozen(): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, [tsxCli, '--conditions=source', 'test/snapshot/serve-frozen.ts', START], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  return { child, url: (once(lines, 'line') as Promise<[string]>).then(([line]) => line) };
}

/** Resolves with `value`, or rejects when the process exits first (no time budget involved). */
async function unlessExited<T>(child: ChildProcess, value: Promise<T>, name: () => string): Promise<T> {
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${name()} exited with ${String(code)} before it listened`);
  });
  return Promise.race([value, exited]);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child?.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const overHttp = (base: string): Target => ({ base, fetch: (input, init) => fetch(input, init) });

describe('a snapshot taken in one process goes on in another, over HTTP', { timeout: SPAWN_TIMEOUT_MS }, () => {
  let a: Target;
  let b: Target;
  let processA: ChildProcess | undefined;
  let processB: ChildProcess | undefined;

  beforeAll(async () => {
    const cli = startCli(['--port', '0']);
    const frozen = startFrozen();
    processA = frozen.child;
    processB = cli.child;
    const [urlA, firstLine] = await Promise.all([
      unlessExited(frozen.child, frozen.url, () => 'process A'),
      unlessExited(cli.child, cli.firstLine, () => `process B (${cli.stderr()})`),
    ]);
    a = overHttp(urlA);
    b = overHttp(firstLine);
    expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  }, SPAWN_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([stop(processA), stop(processB)]);
  }, SPAWN_TIMEOUT_MS);

  beforeEach(async () => {
    expect((await control(a, 'POST', '/reset')).status).toBe(200);
  });

  /** GET /__mock/snapshot from A, PUT /__mock/snapshot into B. */
  async function handOver(): Promise<void> {
    const taken = await control(a, 'GET', '/snapshot');
    expect(taken.status).toBe(200);
    const restored = await control(b, 'PUT', '/snapshot', taken.json.data.snapshot);
    expect(restored.status).toBe(200);
    expect(restored.json.data.restored).toBe(true);
  }

  it('a cursor handed out before still returns the next page', async () => {
    const tag = `Pager${Date.now().toString(36)}`;
    for (const n of [1, 2, 3, 4, 5]) {
      expect((await api(a, 'POST', '/api/v1/contacts', { body: { firstName: tag, lastName: `N${n}` } })).status).toBe(
        201,
      );
    }
    const first = await api(a, 'GET', `/api/v1/contacts?search=${tag}&limit=2`);
    const cursor: string = first.json.meta.pagination.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const secondInA = await api(a, 'GET', `/api/v1/contacts?search=${tag}&limit=2&cursor=${cursor}`);
    expect(secondInA.json.data.contacts).toHaveLength(2);
    // B has never seen these contacts: the cursor means nothing there yet.
    expect((await api(b, 'GET', `/api/v1/contacts?search=${tag}`)).json.data.contacts).toEqual([]);

    await handOver();

    const secondInB = await api(b, 'GET', `/api/v1/contacts?search=${tag}&limit=2&cursor=${cursor}`);
    expect(secondInB.status).toBe(200);
    expect(secondInB.json.data).toEqual(secondInA.json.data);
    expect(secondInB.json.meta.pagination).toEqual(secondInA.json.meta.pagination);
    const last = await api(
      b,
      'GET',
      `/api/v1/contacts?search=${tag}&limit=2&cursor=${secondInB.json.meta.pagination.nextCursor}`,
    );
    expect(last.json.data.contacts).toHaveLength(1);
    expect(last.json.meta.pagination).toMatchObject({ hasMore: false, nextCursor: null });
    const seen = [first, secondInB, last].flatMap((page) => page.json.data.contacts.map((c: { id: string }) => c.id));
    expect(new Set(seen).size).toBe(5);
  });

  it('a retried request with the same Idempotency-Key is still a replay', async () => {
    const key = `cross-process-${Date.now().toString(36)}`;
    const tag = `Once${Date.now().toString(36)}`;
    const request = { body: { firstName: tag }, headers: { 'Idempotency-Key': key } };
    const original = await api(a, 'POST', '/api/v1/contacts', request);
    expect(original.status).toBe(201);
    expect(original.headers.get('idempotent-replayed')).toBeNull();

    await handOver();

    const retried = await api(b, 'POST', '/api/v1/contacts', request);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    // The first response again; only `meta.requestId` is the retry's own.
    expect(retried.json.data).toEqual(original.json.data);
    expect(retried.json.meta.timestamp).toBe(original.json.meta.timestamp);
    // Acted once: the retry created nothing.
    expect((await api(b, 'GET', `/api/v1/contacts?search=${tag}`)).json.data.contacts).toHaveLength(1);
    // The key still remembers what it was used for.
    const reused = await api(b, 'POST', '/api/v1/contacts', { ...request, body: { firstName: `${tag}x` } });
    expect(reused.status).toBe(409);
    expect(reused.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('calls in progress go on along their timeline', async () => {
    const dialed = await api(a, 'POST', '/api/v1/click2dial', { body: { destination: '+14155550100' } });
    expect(dialed.status).toBe(200);
    const callId: string = dialed.json.data.callId;
    expect((await control(a, 'POST', '/clock/advance', { ms: 1_500 })).status).toBe(200);
    const inA = (await control(a, 'GET', '/calls')).json.data.calls.find(
      (c: { callId: string }) => c.callId === callId,
    );
    expect(inA.status).toBe('ringing');
    const createdAt = Date.parse(inA.createdAt);

    await handOver();

    const listed = (await control(b, 'GET', '/calls')).json.data.calls.find(
      (c: { callId: string }) => c.callId === callId,
    );
    expect(listed.history.slice(0, 2)).toEqual(inA.history);
    // Past the end of the timeline; B's clock also follows the wall clock, which only moves it further.
    expect((await control(b, 'POST', '/clock/advance', { ms: 70_000 })).status).toBe(200);
    const ended = (await control(b, 'GET', '/calls')).json.data.calls.find(
      (c: { callId: string }) => c.callId === callId,
    );
    expect(ended.status).toBe('completed');
    // Each step at its scheduled time after origination, however long the hand-over took.
    expect(
      ended.history.map((step: { status: string; at: string }) => [step.status, Date.parse(step.at) - createdAt]),
    ).toEqual([
      ['initiated', 0],
      ['ringing', 1_000],
      ['answered', 4_000],
      ['bridged', 5_000],
      ['completed', 65_000],
    ]);
    const cdr = (await api(b, 'GET', '/api/v1/cdr')).json.data.records.find(
      (record: { callId: string }) => record.callId === callId,
    );
    expect(cdr).toMatchObject({ disposition: 'answered', durationSeconds: 60 });
  });

  it('pending webhook retries still fire', async () => {
    // Fails the first attempt, then accepts.
    const receiver = await startReceiver((n) => (n === 1 ? 500 : 204));
    try {
      const subscribed = await control(a, 'POST', '/webhooks', {
        tenantId: DEMO_TENANTS.sandbox,
        url: receiver.url,
        events: ['contact.changed'],
      });
      expect(subscribed.status).toBe(201);
      const secret: string = subscribed.json.data.secret;
      expect((await api(a, 'POST', '/api/v1/contacts', { body: { firstName: 'Hooked' } })).status).toBe(201);
      const [pending] = (await control(a, 'GET', '/deliveries?wait=true')).json.data.deliveries;
      expect(pending).toMatchObject({ status: 'pending', attempts: [{ status: 500 }] });
      expect(receiver.received).toHaveLength(1);

      await handOver();

      // Past the 5 s retry (B's wall clock may already have fired it: the outcome is the same).
      expect((await control(b, 'POST', '/clock/advance', { ms: 10_000 })).status).toBe(200);
      // `?wait=true`: once the attempt in flight has finished.
      const settled = (await control(b, 'GET', '/deliveries?wait=true')).json.data.deliveries.find(
        (d: { id: string }) => d.id === pending.id,
      );
      expect(settled).toMatchObject({ status: 'succeeded', attempts: [{ status: 500 }, { status: 204 }] });
      // The retry counts as made at the time A scheduled it, on the mock clock.
      expect(settled.attempts[1].at).toBe(pending.nextAttemptAt);
      expect(receiver.received).toHaveLength(2);
      const [firstTry, retry] = receiver.received;
      expect(retry?.headers['webhook-id']).toBe(firstTry?.headers['webhook-id']);
      expect(retry?.body).toBe(firstTry?.body);
      // B signs with the subscription's secret, carried over in the snapshot.
      await expect(
        verifyWebhookSignature({ payload: retry?.body ?? '', headers: retry?.headers ?? {}, secret }),
      ).resolves.toMatchObject({ id: retry?.headers['webhook-id'] });
    } finally {
      await receiver.close();
    }
  });

  it('keys created at run time still work', async () => {
    const created = await control(a, 'POST', '/api-keys', {
      tenantIds: [DEMO_TENANTS.sandbox],
      permissions: ['users'],
    });
    expect(created.status).toBe(201);
    const key: string = created.json.data.apiKey.key;
    expect((await api(a, 'GET', '/api/v1/users', { key })).status).toBe(200);
    // B has never heard of this key.
    expect((await api(b, 'GET', '/api/v1/users', { key })).status).toBe(401);

    await handOver();

    expect((await api(b, 'GET', '/api/v1/users', { key })).status).toBe(200);
    // With the permissions it was made with.
    const denied = await api(b, 'GET', '/api/v1/contacts', { key });
    expect(denied.status).toBe(403);
    expect(denied.json.error.code).toBe('PERMISSION_DENIED');
  });
});
