import { createMock, demoScenario, type ScenarioInput } from '@commflow/mock-server';
import { beforeEach, describe, expect, it } from 'vitest';
import { APIUserAbortError, InternalServerError, type Page } from '../src/index.js';
import { rejectionOf, setup } from './helpers.js';

// Walks that chain their pages, a failed
// getNextPage cached for good, an abort ignored within a fetched page, toArray({ max: NaN }).

const COUNT = 260;
const [sandbox, live] = demoScenario.tenants as unknown as [
  NonNullable<ScenarioInput['tenants']>[number],
  NonNullable<ScenarioInput['tenants']>[number],
];

/** The demo scenario with 260 contacts in the sandbox tenant. */
function bigMock() {
  return createMock({
    ...demoScenario,
    tenants: [
      {
        ...sandbox,
        contacts: Array.from({ length: COUNT }, (_, i) => ({ firstName: 'Contact', lastName: String(i) })),
      },
      live,
    ],
  });
}

let env: ReturnType<typeof setup>;
beforeEach(() => {
  env = setup({ maxRetries: 0 }, bigMock());
});

const contactRequests = () => env.sent.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/contacts');

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * A full collection, once the current job has ended: a `WeakRef` keeps its target alive until
 * then, so a macrotask turn comes first.
 */
async function collectGarbage(): Promise<void> {
  if (gc === undefined) throw new Error('globalThis.gc is missing: vitest.config.ts passes --expose-gc');
  await new Promise<void>((resolve) => setImmediate(resolve));
  gc();
}

/** How many of the references are still alive. */
const alive = (refs: readonly WeakRef<object>[]) => refs.filter((ref) => ref.deref() !== undefined).length;

describe('walks do not keep the pages they moved past', () => {
  it('for await over a list call: earlier pages are collected during the walk', async () => {
    const firstItems: WeakRef<object>[] = [];
    let n = 0;
    let checked = false;
    for await (const contact of env.client.contacts.list({ limit: 10 })) {
      // A page's items are held by its Page: once an item is collected, so is its page.
      if (n % 10 === 0) firstItems.push(new WeakRef(contact));
      n++;
      if (n === 55) {
        // On page 6: pages 1 to 4 are behind the walk (page 5 may still be in its registers).
        await collectGarbage();
        expect(alive(firstItems.slice(0, 4))).toBe(0);
        expect(firstItems[5]?.deref()).toBeDefined(); // the current page
        expect(contact).toBeDefined();
        checked = true;
      }
    }
    expect(checked).toBe(true);
    expect(n).toBe(COUNT);
    // Every page once, and nothing past the end.
    expect(contactRequests()).toHaveLength(26);
    expect(new Set(contactRequests().map((r) => r.url.search)).size).toBe(26);
  });

  it('iterPages: a page the loop has moved past is collected; the caller keeps its own', async () => {
    const first = await env.client.contacts.list({ limit: 10 });
    const pages: WeakRef<Page<unknown>>[] = [];
    let checked = false;
    for await (const page of first.iterPages()) {
      pages.push(new WeakRef(page));
      if (pages.length === 6) {
        await collectGarbage();
        expect(pages[0]?.deref()).toBe(first); // the caller's variable
        expect(alive(pages.slice(1, 4))).toBe(0);
        expect(pages[5]?.deref()).toBe(page);
        checked = true;
      }
    }
    expect(checked).toBe(true);
    expect(pages).toHaveLength(26);
    expect(contactRequests()).toHaveLength(26);
  });

  it('toArray does not chain its pages either: a kept list call holds its first page only', async () => {
    const list = env.client.contacts.list({ limit: 10 });
    const items = await list.toArray();
    expect(items).toHaveLength(COUNT);
    const refs = items.filter((_, i) => i % 10 === 0).map((item) => new WeakRef(item));
    items.length = 0;
    await collectGarbage();
    expect(refs[0]?.deref()).toBeDefined(); // page 1, which `list` resolves to
    expect(alive(refs.slice(1))).toBe(0);
    expect((await list).items).toHaveLength(10);
  });

  it('a walk reuses what getNextPage already requested, and getNextPage stays cached', async () => {
    const first = await env.client.contacts.list({ limit: 100 });
    const second = first.getNextPage();
    expect(first.getNextPage()).toBe(second);
    const third = (await second).getNextPage();
    const walked: Page<unknown>[] = [];
    for await (const page of first.iterPages()) walked.push(page);
    expect(walked.map((p) => p.items.length)).toEqual([100, 100, 60]);
    expect(walked[1]).toBe(await second);
    expect(walked[2]).toBe(await third);
    expect(contactRequests()).toHaveLength(3);
    expect(first.getNextPage()).toBe(second);
  });
});

describe('getNextPage after a failure', () => {
  it('does not keep the failure: asking again requests that page again', async () => {
    const first = await env.client.contacts.list({ limit: 100 });
    env.mock.injectFault({ method: 'GET', path: '/api/v1/contacts', status: 500, times: 1 });
    const failed = first.getNextPage();
    expect(first.getNextPage()).toBe(failed); // the same request while it is pending
    expect(await rejectionOf(failed)).toBeInstanceOf(InternalServerError);

    const retried = first.getNextPage();
    expect(retried).not.toBe(failed);
    const second = await retried;
    expect(second.items).toHaveLength(100);
    expect(first.getNextPage()).toBe(retried); // a success is kept
    expect(contactRequests()).toHaveLength(3);
    expect(contactRequests()[2]?.url.search).toBe(contactRequests()[1]?.url.search);
  });

  it('a walk after a failed getNextPage requests the page again and completes', async () => {
    const first = await env.client.contacts.list({ limit: 100 });
    env.mock.injectFault({ method: 'GET', path: '/api/v1/contacts', status: 500, times: 1 });
    expect(await rejectionOf(first.getNextPage())).toBeInstanceOf(InternalServerError);
    let n = 0;
    for await (const _ of first) n++;
    expect(n).toBe(COUNT);
    expect(contactRequests()).toHaveLength(1 + 1 + 2);
  });
});

describe('an abort during a walk', () => {
  it('stops the loop before the next item of a page already fetched', async () => {
    const controller = new AbortController();
    let n = 0;
    const walk = async () => {
      for await (const _ of env.client.contacts.list({ limit: 100 }, { signal: controller.signal })) {
        if (++n === 50) controller.abort(new Error('enough'));
      }
    };
    const error = await rejectionOf(walk());
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).cause).toEqual(new Error('enough'));
    expect(n).toBe(50);
    expect(contactRequests()).toHaveLength(1);
  });

  it('stops iterating a page obtained before the abort, and iterPages too', async () => {
    const controller = new AbortController();
    const first = await env.client.contacts.list({ limit: 100 }, { signal: controller.signal });
    controller.abort();
    let n = 0;
    const items = async () => {
      for await (const _ of first) n++;
    };
    expect(await rejectionOf(items())).toBeInstanceOf(APIUserAbortError);
    const pages = async () => {
      for await (const _ of first.iterPages()) n++;
    };
    expect(await rejectionOf(pages())).toBeInstanceOf(APIUserAbortError);
    expect(await rejectionOf(first.toArray())).toBeInstanceOf(APIUserAbortError);
    expect(n).toBe(0);
    expect(first.items).toHaveLength(100); // the page itself stays readable
    expect(contactRequests()).toHaveLength(1);
  });

  it('a call without a signal walks to the end', async () => {
    expect(await env.client.contacts.list({ limit: 100 }).toArray()).toHaveLength(COUNT);
  });
});

describe('toArray({ max })', () => {
  it.each([NaN, -1, 1.5, Infinity, '3'])('rejects max = %s with a RangeError', async (max) => {
    const error = await rejectionOf(env.client.contacts.list({ limit: 100 }).toArray({ max: max as number }));
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toMatch(/max must be a non-negative integer/);
    const page = await env.client.contacts.list({ limit: 100 });
    expect(await rejectionOf(page.toArray({ max: max as number }))).toBeInstanceOf(RangeError);
  });

  it('takes 0, an integer, or nothing', async () => {
    expect(await env.client.contacts.list({ limit: 100 }).toArray({ max: 0 })).toEqual([]);
    expect(await env.client.contacts.list({ limit: 100 }).toArray({ max: 101 })).toHaveLength(101);
    expect(await env.client.contacts.list({ limit: 100 }).toArray({})).toHaveLength(COUNT);
  });
});
