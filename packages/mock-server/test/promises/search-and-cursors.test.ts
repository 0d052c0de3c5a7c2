/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ANN, call, createEnv, describeTransports, type Env, type Reply } from '../helpers/env.js';

/**
 * decisions §2 and "search is answered from an index": `search` is a case-insensitive substring of
 * an item's search fields, whatever the term. A term containing U+0000 (the index's separator
 * between fields) cannot be answered by the index and is checked item by item, by the same rule.
 * Cursors are opaque and bound to their list and filters: a malformed, tampered or foreign one is
 * `400 INVALID_CURSOR` with a message, never a 500 and never a page of another query.
 */

const CONTACTS = '/api/v1/contacts';

/** The ids of the contacts a search returns (one page, large enough for the test's data). */
async function search(env: Env, term: string, extra = ''): Promise<string[]> {
  const reply = await call(env, 'GET', `${CONTACTS}?limit=100&search=${encodeURIComponent(term)}${extra}`);
  expect(reply.status, term).toBe(200);
  return (reply.json.data.contacts as { id: string }[]).map((contact) => contact.id);
}

async function createContact(env: Env, firstName: string, lastName: string): Promise<string> {
  const reply = await call(env, 'POST', CONTACTS, { body: { firstName, lastName } });
  expect(reply.status).toBe(201);
  return reply.json.data.contact.id as string;
}

function expectInvalidCursor(reply: Reply, what: string): void {
  expect([reply.status, reply.json?.error?.code], what).toEqual([400, 'INVALID_CURSOR']);
  expect(reply.json.error.message, what).toMatch(/\S/);
}

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A genuine cursor of the contacts list (limit 1), decoded. */
async function genuineCursor(env: Env): Promise<{ cursor: string; k: unknown[]; i: string; f: string }> {
  await createContact(env, 'Cursor', 'One');
  await createContact(env, 'Cursor', 'Two');
  const first = await call(env, 'GET', `${CONTACTS}?limit=1`);
  const cursor: string = first.json.meta.pagination.nextCursor;
  expect(cursor).toEqual(expect.any(String));
  const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
    k: unknown[];
    i: string;
    f: string;
  };
  return { cursor, ...decoded };
}

describeTransports('search with a term the index cannot answer', (env) => {
  it('matches a field containing U+0000 case-insensitively, and nothing else', async () => {
    const withNul = await createContact(env(), 'A\u0000B', 'Lee');
    const other = await createContact(env(), 'Zed', 'X\u0000Y');
    for (const term of ['a\u0000b', 'A\u0000B', 'a\u0000B lee', '\u0000b L']) {
      expect(await search(env(), term), JSON.stringify(term)).toEqual([withNul]);
    }
    expect((await search(env(), '\u0000')).sort()).toEqual([withNul, other].sort());
    expect(await search(env(), 'x\u0000y')).toEqual([other]);
    expect(await search(env(), 'q\u0000q')).toEqual([]);
  });

  it('never matches across two fields of an item', async () => {
    // A user's searched fields are the name, the email and the extension, each on its own.
    const users = await call(env(), 'GET', `/api/v1/users?search=${encodeURIComponent('lee')}`);
    const ann = (users.json.data.users as { email: string }[]).find((user) => user.email === ANN);
    expect(ann).toBeDefined();
    const across = await call(env(), 'GET', `/api/v1/users?search=${encodeURIComponent(`lee\u0000${ANN}`)}`);
    expect(across.status).toBe(200);
    expect(across.json.data.users).toEqual([]);
  });

  it('pages with cursors over the matches only, in list order', async () => {
    const ids: string[] = [];
    for (const name of ['N\u0000one', 'plain', 'N\u0000two', 'N\u0000three'])
      ids.push(await createContact(env(), name, 'Pager'));
    const expected = await search(env(), 'n\u0000');
    expect(expected.sort()).toEqual([ids[0], ids[2], ids[3]].sort());
    const all = await search(env(), 'n\u0000');
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const suffix: string = cursor === null ? '' : `&cursor=${cursor}`;
      const reply = await call(env(), 'GET', `${CONTACTS}?limit=1&search=${encodeURIComponent('N\u0000')}${suffix}`);
      expect(reply.status).toBe(200);
      walked.push(...(reply.json.data.contacts as { id: string }[]).map((contact) => contact.id));
      cursor = reply.json.meta.pagination.nextCursor;
      if (cursor === null) break;
    }
    expect(walked).toEqual(all);
  });
});

it('a term containing U+0000 finds exactly the contacts whose name contains it, ignoring case (property)', async () => {
  const env = await createEnv('in-process');
  const char = fc.constantFrom('a', 'B', 'İ', 'ß', ' ', '\u0000');
  const name = fc.array(char, { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));
  const term = fc
    .tuple(fc.array(char, { maxLength: 2 }), fc.array(char, { maxLength: 2 }))
    .map(([before, after]) => `${before.join('')}\u0000${after.join('')}`);
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 6 }), term, async (names, needle) => {
      env.mock.reset();
      const created = new Map<string, string>();
      for (const [first, last] of names) created.set(await createContact(env, first, last), `${first} ${last}`);
      const expected = [...created]
        .filter(([, full]) => full.toLowerCase().includes(needle.toLowerCase()))
        .map(([id]) => id)
        .sort();
      // Demo contacts hold no U+0000, so only created ones can match.
      expect((await search(env, needle)).sort()).toEqual(expected);
    }),
    { numRuns: 40 },
  );
});

describeTransports('cursors', (env) => {
  it('a genuine cursor continues the list where the page ended', async () => {
    const { cursor } = await genuineCursor(env());
    const first = await call(env(), 'GET', `${CONTACTS}?limit=1`);
    const next = await call(env(), 'GET', `${CONTACTS}?limit=1&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.json.data.contacts[0].id).not.toBe(first.json.data.contacts[0].id);
  });

  it('a malformed or tampered cursor is 400 INVALID_CURSOR with a message', async () => {
    const { cursor, k, i, f } = await genuineCursor(env());
    const cases: Record<string, string> = {
      'characters outside base64url': 'not a cursor!',
      'a genuine cursor with a character appended': `${cursor}.`,
      'a genuine cursor with a character prepended': `*${cursor}`,
      padding: `${cursor}=`,
      'not JSON': encode('not json'),
      'JSON null': encode('null'),
      'a JSON number': encode('42'),
      'a JSON string': encode('"text"'),
      'a JSON array': encode(JSON.stringify([k, i, f])),
      'an empty object': encode('{}'),
      'a key that is no list': encode(JSON.stringify({ k: 'x', i, f })),
      'a key part that is an object': encode(JSON.stringify({ k: [{}], i, f })),
      'a key part that is a boolean': encode(JSON.stringify({ k: [true], i, f })),
      'a key part that is not finite': encode(`{"k":[1e999],"i":${JSON.stringify(i)},"f":${JSON.stringify(f)}}`),
      'a key with one good part and one bad': encode(JSON.stringify({ k: [...k, {}], i, f })),
      'an id that is no string': encode(JSON.stringify({ k, i: 5, f })),
      'no id': encode(JSON.stringify({ k, f })),
      'a digest that is no string': encode(JSON.stringify({ k, i, f: 5 })),
      'another digest': encode(JSON.stringify({ k, i, f: `${f}x` })),
    };
    for (const [what, bad] of Object.entries(cases)) {
      expectInvalidCursor(await call(env(), 'GET', `${CONTACTS}?limit=1&cursor=${encodeURIComponent(bad)}`), what);
    }
  });

  it('a cursor is refused on another list, with other filters, or for another user', async () => {
    const { cursor } = await genuineCursor(env());
    expectInvalidCursor(await call(env(), 'GET', `/api/v1/users?limit=1&cursor=${cursor}`), 'users');
    expectInvalidCursor(await call(env(), 'GET', `${CONTACTS}?limit=1&search=cursor&cursor=${cursor}`), 'search');
    expect((await call(env(), 'GET', `${CONTACTS}?limit=1&cursor=${cursor}`)).status).toBe(200);
  });
});

it('any string or JSON value sent as a cursor is a 400 INVALID_CURSOR, never a server error (property)', async () => {
  const env = await createEnv('in-process');
  const garbage = fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => encode(JSON.stringify(value))),
    fc
      .record({ k: fc.jsonValue({ maxDepth: 2 }), i: fc.jsonValue({ maxDepth: 1 }), f: fc.string({ maxLength: 20 }) })
      .map((value) => encode(JSON.stringify(value))),
  );
  await fc.assert(
    fc.asyncProperty(garbage, async (bad) => {
      expectInvalidCursor(await call(env, 'GET', `${CONTACTS}?cursor=${encodeURIComponent(bad)}`), bad);
    }),
    { numRuns: 150 },
  );
});

it('offset and limit page through the matches of a search, whichever way it is answered (property)', async () => {
  const env = await createEnv('in-process');
  for (const name of ['Ann\u0000a', 'Bob', 'Anna\u0000b', 'Cid', 'Dana\u0000c', 'Ed', 'Nan\u0000d']) {
    await createContact(env, name, 'Offset');
  }
  // 'an' is answered by the index, 'n\u0000' item by item.
  const terms = ['an', 'n\u0000', 'offset'];
  const full = new Map<string, string[]>();
  for (const term of terms) full.set(term, await search(env, term));
  expect(full.get('an')?.length).toBeGreaterThanOrEqual(4);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...terms),
      fc.integer({ min: 0, max: 8 }),
      fc.integer({ min: 1, max: 4 }),
      async (term, offset, limit) => {
        const page = await call(
          env,
          'GET',
          `${CONTACTS}?search=${encodeURIComponent(term)}&offset=${offset}&limit=${limit}`,
        );
        expect(page.status).toBe(200);
        const all = full.get(term) ?? [];
        expect((page.json.data.contacts as { id: string }[]).map((contact) => contact.id)).toEqual(
          all.slice(offset, offset + limit),
        );
        expect(page.json.meta.pagination).toMatchObject({ offset, limit, hasMore: all.length > offset + limit });
      },
    ),
    { numRuns: 60 },
  );
});
