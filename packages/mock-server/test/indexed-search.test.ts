// The indexed search answers exactly what decisions §2 says: a case-insensitive substring of the
// searched fields (phone numbers by digits), in list order, with stable cursors. Checked against
// a naive filter of the plain list, over random worlds big enough to span several index blocks,
// with records created through the API afterwards (some landing in the middle of the list).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock, type ScenarioInput } from '../src/index.js';

const OWNER = 'owner@search.test';
const START = Date.UTC(2026, 5, 1);
const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': OWNER };
// Letters whose lower case is special (İ grows, Σ has a final form, ß, Turkish ı), digits and spaces.
const ALPHABET = ['a', 'B', 'c', 'İ', 'ı', 'Σ', 'σ', 'ß', 'é', ' ', '1', '2', '-', '+'];
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength }).map((chars) => chars.join(''));
const phone = fc
  .array(fc.constantFrom('1', '2', '3', '0'), { minLength: 7, maxLength: 11 })
  .map((digits) => `+1${digits.join('')}`);

/** The §2 rule, written out independently of the mock's code. */
const containsText = (term: string, ...fields: (string | null | undefined)[]) =>
  fields.some((field) => field?.toLowerCase().includes(term.toLowerCase()) === true);
const digitsOf = (term: string) =>
  /^[\d\s+().-]+$/.test(term.toLowerCase()) && /\d/.test(term) ? term.replace(/\D/g, '') : undefined;
const containsDigits = (term: string, number: string | null) => {
  const digits = digitsOf(term);
  return digits !== undefined && digits !== '' && number?.replace(/\D/g, '').includes(digits) === true;
};

interface Item {
  id: string;
  [field: string]: unknown;
}

async function get(mock: CommFlowMock, path: string): Promise<{ items: Item[]; nextCursor: string | null }> {
  const response = await mock.fetch(path, { headers });
  const body = (await response.json()) as {
    data: Record<string, Item[]>;
    meta: { pagination: { nextCursor: string | null } };
  };
  expect(response.status).toBe(200);
  const items = Object.values(body.data)[0] ?? [];
  return { items, nextCursor: body.meta.pagination.nextCursor };
}

/** Every item of a list, walked page by page with cursors. */
async function walk(mock: CommFlowMock, path: string, query: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10_000; page++) {
    const suffix: string = cursor === null ? '' : `&cursor=${cursor}`;
    const result = await get(mock, `${path}?limit=${limit}${query}${suffix}`);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (cursor === null) return items;
  }
  throw new Error('the walk did not end');
}

const CONSTANT_TERMS = ['12', '2 1', '+1 3', '(0)', 'zzzz', 'ss'];
/** How to pick a term: a slice of a field in random case, random text, or a fixed term. */
const termSpecs = fc.array(
  fc.record({
    kind: fc.nat(9),
    field: fc.nat(),
    from: fc.nat(),
    length: fc.integer({ min: 1, max: 5 }),
    upper: fc.boolean(),
    random: text(4),
  }),
  { minLength: 6, maxLength: 6 },
);
interface TermSpec {
  kind: number;
  field: number;
  from: number;
  length: number;
  upper: boolean;
  random: string;
}

/** The term a spec picks from the fields (never empty). */
function pickTerm(spec: TermSpec, fields: readonly string[]): string {
  if (spec.kind >= 8) return CONSTANT_TERMS[spec.from % CONSTANT_TERMS.length] ?? 'zzzz';
  const field = fields[spec.field % Math.max(1, fields.length)];
  if (spec.kind >= 6 || field === undefined || field === '') return spec.random;
  const start = spec.from % field.length;
  const piece = field.slice(start, start + spec.length);
  return spec.upper ? piece.toUpperCase() : piece;
}

/** Many filler records (several index blocks) plus the random ones. */
const FILLER = 2_100;

describe('indexed search equals the naive filter (decisions §2)', () => {
  it('contacts: full name and phone digits, across blocks and after creates', async () => {
    const contact = fc.record({
      firstName: text(8),
      lastName: fc.option(text(8), { nil: undefined }),
      phoneMobile: fc.option(phone, { nil: undefined }),
      offsetMinutes: fc.integer({ min: -5_000, max: 5_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(contact, { minLength: 1, maxLength: 30 }),
        fc.array(contact, { maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 3, maxLength: 3 }),
        termSpecs,
        async (seeded, created, limits, specs) => {
          const filler = Array.from({ length: FILLER }, (_, i) => ({
            firstName: `F${i % 97}`,
            lastName: i % 3 === 0 ? 'Σσ' : 'b',
            phoneMobile: `+1${String(1_000_000 + i * 7)}`,
            createdAt: new Date(START - (i % 1_500) * 60_000).toISOString(),
          }));
          const scenario: ScenarioInput = {
            tenants: [
              {
                id: DEMO_TENANTS.sandbox,
                name: 'Search',
                mode: 'sandbox',
                users: [{ email: OWNER, firstName: 'O', lastName: 'W' }],
                contacts: [
                  ...filler,
                  ...seeded.map(({ offsetMinutes, ...fields }) => ({
                    ...fields,
                    createdAt: new Date(START + offsetMinutes * 60_000).toISOString(),
                  })),
                ],
              },
            ],
            apiKeys: [
              {
                key: DEMO_KEYS.sandbox,
                tenantIds: [DEMO_TENANTS.sandbox],
                permissions: ['*'],
                rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
              },
            ],
          };
          const mock = createMock(scenario, { clock: { frozen: true, start: START } });
          // Search once, so the blocks exist and the creates below must keep them up to date.
          await get(mock, '/api/v1/contacts?search=b');
          for (const { offsetMinutes, ...body } of created) {
            mock.advanceClock(Math.abs(offsetMinutes));
            const response = await mock.fetch('/api/v1/contacts', {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            expect(response.status).toBe(201);
          }
          const all = await walk(mock, '/api/v1/contacts', '', 100);
          const fields = [...seeded, ...created].flatMap((c) => [c.firstName, c.lastName ?? '', c.phoneMobile ?? '']);
          for (const [i, spec] of specs.entries()) {
            const term = pickTerm(spec, fields);
            const expected = all.filter(
              (c) =>
                containsText(term, `${String(c.firstName)} ${String(c.lastName)}`) ||
                containsDigits(term, c.phoneMobile as string | null),
            );
            const limit = limits[i % limits.length] ?? 50;
            const found = await walk(mock, '/api/v1/contacts', `&search=${encodeURIComponent(term)}`, limit);
            expect(found.map((c) => c.id)).toEqual(expected.map((c) => c.id));
            const offset = Math.min(expected.length, limit);
            const page = await get(
              mock,
              `/api/v1/contacts?limit=7&offset=${offset}&search=${encodeURIComponent(term)}`,
            );
            expect(page.items.map((c) => c.id)).toEqual(expected.slice(offset, offset + 7).map((c) => c.id));
          }
          await mock.close();
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('users (name, email, extension) and SMS conversations (peer name, number digits)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ first: text(6), last: text(6), extension: fc.option(fc.nat(9_999)) }), {
          minLength: 1,
          maxLength: 25,
          selector: (user) => user.extension ?? Symbol(),
        }),
        fc.array(fc.record({ peerName: fc.option(text(8), { nil: undefined }), peer: phone }), {
          minLength: 1,
          maxLength: 25,
        }),
        termSpecs,
        async (users, conversations, specs) => {
          const scenario: ScenarioInput = {
            tenants: [
              {
                id: DEMO_TENANTS.sandbox,
                name: 'Search',
                mode: 'sandbox',
                users: [
                  { email: OWNER, firstName: 'Owner', lastName: 'Zed' },
                  ...users.map((user, i) => ({
                    email: `u${i}.${user.extension ?? 'x'}@search.test`,
                    firstName: user.first,
                    lastName: user.last,
                    ...(user.extension === null ? {} : { extension: String(10 + user.extension) }),
                  })),
                ],
                smsNumbers: [{ number: '+14150000000', ownerEmail: OWNER }],
                smsConversations: conversations.map((conversation, i) => ({
                  smsNumber: '+14150000000',
                  peerNumber: `${conversation.peer}${i}`,
                  ...(conversation.peerName === undefined ? {} : { peerName: conversation.peerName }),
                })),
              },
            ],
            apiKeys: [
              {
                key: DEMO_KEYS.sandbox,
                tenantIds: [DEMO_TENANTS.sandbox],
                permissions: ['*'],
                rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
              },
            ],
          };
          const mock = createMock(scenario, { clock: { frozen: true, start: START } });
          const allUsers = await walk(mock, '/api/v1/users', '', 100);
          const allConversations = await walk(mock, '/api/v1/sms/conversations', '', 100);
          const fields = [
            ...users.flatMap((user) => [user.first, user.last]),
            ...conversations.flatMap((c) => [c.peerName ?? '', c.peer]),
          ].filter((field) => field !== '');
          for (const spec of specs) {
            const term = pickTerm(spec, fields);
            const query = `&search=${encodeURIComponent(term)}`;
            const expectedUsers = allUsers.filter((u) =>
              containsText(
                term,
                `${String(u.firstName)} ${String(u.lastName)}`,
                u.email as string,
                u.extension as string | null,
              ),
            );
            expect((await walk(mock, '/api/v1/users', query, 3)).map((u) => u.id)).toEqual(
              expectedUsers.map((u) => u.id),
            );
            const expectedConversations = allConversations.filter(
              (c) => containsText(term, c.peerName as string | null) || containsDigits(term, c.peerNumber as string),
            );
            expect((await walk(mock, '/api/v1/sms/conversations', query, 4)).map((c) => c.id)).toEqual(
              expectedConversations.map((c) => c.id),
            );
          }
          await mock.close();
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
