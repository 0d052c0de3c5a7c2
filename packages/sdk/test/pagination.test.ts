import { createMock, demoScenario, type ScenarioInput } from '@commflow/mock-server';
import { beforeEach, describe, expect, it } from 'vitest';
import { APIUserAbortError, type Page } from '../src/index.js';
import { ANN, rejectionOf, setup } from './helpers.js';

const COUNT = 260;
const [sandbox, live] = demoScenario.tenants as unknown as [
  NonNullable<ScenarioInput['tenants']>[number],
  NonNullable<ScenarioInput['tenants']>[number],
];
const teammates = Array.from({ length: COUNT + 5 }, (_, i) => ({
  email: `mate${String(i).padStart(3, '0')}@acme.test`,
  firstName: 'Mate',
  lastName: String(i),
}));

/** The demo scenario with 260 contacts, 260 files and 265 extra users. */
function bigMock() {
  const scenario: ScenarioInput = {
    ...demoScenario,
    tenants: [
      {
        ...sandbox,
        users: [...(sandbox.users ?? []), ...teammates],
        contacts: Array.from({ length: COUNT }, (_, i) => ({ firstName: 'Contact', lastName: String(i) })),
        files: Array.from({ length: COUNT }, (_, i) => ({
          name: `file-${i}.txt`,
          mimeType: 'text/plain',
          size: i,
          ownerEmail: ANN,
        })),
      },
      live,
    ],
  };
  return createMock(scenario);
}

let env: ReturnType<typeof setup>;
beforeEach(() => {
  env = setup({}, bigMock());
});

const listRequests = (path: string) => env.sent.filter((r) => r.method === 'GET' && r.url.pathname === path);

describe('cursor pagination', () => {
  it('walks 260 contacts in pages of 100, stable under inserts, and stops exactly at the end', async () => {
    const originals = (await env.client.contacts.list({ limit: 100 }).toArray()).map((c) => c.id);
    expect(originals).toHaveLength(COUNT);
    env.sent.length = 0;

    const seen: string[] = [];
    for await (const contact of env.ann.contacts.list({ limit: 100 })) {
      seen.push(contact.id);
      // Between pages, someone adds contacts: they sort first (newest), so the walk never sees them.
      if (seen.length % 100 === 0)
        await env.ann.contacts.create({ firstName: 'Inserted', lastName: String(seen.length) });
    }
    expect(seen).toEqual(originals);
    const requests = listRequests('/api/v1/contacts');
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.url.searchParams.get('limit'))).toEqual(['100', '100', '100']);
    expect(requests[0]?.url.searchParams.has('cursor')).toBe(false);
    const cursors = requests.slice(1).map((r) => r.url.searchParams.get('cursor'));
    expect(new Set(cursors).size).toBe(2);
    expect(requests.every((r) => !r.url.searchParams.has('offset'))).toBe(true);
  });

  it('follows the cursor after a first page asked by offset', async () => {
    const page = await env.client.contacts.list({ limit: 100, offset: 200 });
    expect(page.items).toHaveLength(60);
    expect(page.hasNextPage()).toBe(false);
    const first = await env.client.contacts.list({ limit: 50, offset: 10 });
    const second = await first.getNextPage();
    expect(second.items).toHaveLength(50);
    const last = listRequests('/api/v1/contacts').at(-1)!;
    expect(last.url.searchParams.has('offset')).toBe(false);
    expect(last.url.searchParams.get('cursor')).toBe(first.pagination.nextCursor);
  });

  it('uses the server default page size when none is given', async () => {
    const items = await env.client.contacts.list().toArray();
    expect(items).toHaveLength(COUNT);
    expect(listRequests('/api/v1/contacts')).toHaveLength(6); // 50 a page
  });
});

describe('offset pagination', () => {
  it('walks 260 files in pages of 100 by offset and stops exactly at the end', async () => {
    const files = await env.client.files.list({ limit: 100 }).toArray();
    expect(files).toHaveLength(COUNT);
    expect(new Set(files.map((f) => f.id)).size).toBe(COUNT);
    const requests = listRequests('/api/v1/files');
    expect(requests.map((r) => r.url.searchParams.get('offset'))).toEqual([null, '100', '200']);
    expect(requests.every((r) => r.url.searchParams.get('limit') === '100')).toBe(true);
  });

  it('walks 260 chat rooms with inserts between pages: nothing is skipped, and offset shows the shift', async () => {
    for (const mate of teammates.slice(0, COUNT)) {
      await env.ann.chat.conversations.create({ participantEmail: mate.email, message: 'Hello' });
    }
    const originals = new Set((await env.ann.chat.conversations.list({ limit: 100 }).toArray()).map((c) => c.id));
    expect(originals.size).toBe(COUNT);
    env.sent.length = 0;

    const seen: string[] = [];
    let inserts = 0;
    for await (const page of (await env.ann.chat.conversations.list({ limit: 100 })).iterPages()) {
      seen.push(...page.items.map((c) => c.id));
      if (page.hasNextPage()) {
        // A new room sorts first (most recent activity), shifting every offset by one.
        await env.ann.chat.conversations.create({
          participantEmail: teammates[COUNT + inserts]!.email,
          message: 'New',
        });
        inserts++;
      }
    }
    expect(inserts).toBe(2);
    expect([...originals].every((id) => seen.includes(id))).toBe(true);
    expect(seen.length - new Set(seen).size).toBe(inserts); // offset pages re-show shifted items
    const offsets = listRequests('/api/v1/chat/conversations').map((r) =>
      Number(r.url.searchParams.get('offset') ?? 0),
    );
    expect(offsets).toEqual([0, 100, 200]);
  });
});

describe('pages', () => {
  it('getNextPage never requests a page twice, and throws at the end', async () => {
    const page = await env.client.files.list({ limit: 100 });
    const a = page.getNextPage();
    const b = page.getNextPage();
    expect(a).toBe(b);
    const second = await a;
    const third = await second.getNextPage();
    expect(third.items).toHaveLength(60);
    expect(third.hasNextPage()).toBe(false);
    expect(third.nextPageQuery()).toBeNull();
    expect(() => third.getNextPage()).toThrow(/no next page/);
    for await (const _ of page.iterPages()) {
      // Walking again reuses the pages already fetched.
    }
    expect(listRequests('/api/v1/files')).toHaveLength(3);
  });

  it('toArray({ max }) stops requesting once it has enough', async () => {
    const items = await env.client.contacts.list({ limit: 100 }).toArray({ max: 150 });
    expect(items).toHaveLength(150);
    expect(listRequests('/api/v1/contacts')).toHaveLength(2);
    expect(await env.client.contacts.list({ limit: 10 }).toArray({ max: 0 })).toEqual([]);
  });

  it('breaking out of a loop requests nothing more', async () => {
    let n = 0;
    for await (const _ of env.client.contacts.list({ limit: 100 })) if (++n === 5) break;
    expect(listRequests('/api/v1/contacts')).toHaveLength(1);
  });

  it('exposes items, pagination and the response', async () => {
    const page: Page<unknown> = await env.client.contacts.list({ limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.pagination).toEqual({ limit: 2, offset: 0, hasMore: true, nextCursor: expect.any(String) as unknown });
    expect(page.response.status).toBe(200);
  });

  it('honours the signal across pages', async () => {
    const controller = new AbortController();
    let n = 0;
    const walk = async () => {
      for await (const _ of env.client.contacts.list({ limit: 100 }, { signal: controller.signal })) {
        if (++n === 100) controller.abort();
      }
    };
    expect(await rejectionOf(walk())).toBeInstanceOf(APIUserAbortError);
    expect(n).toBe(100);
    expect(listRequests('/api/v1/contacts')).toHaveLength(1);
  });
});
