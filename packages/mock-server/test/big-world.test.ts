// Big worlds keep scenario contacts as compact rows: what a client sees must not change. Dates
// round-trip exactly, ids left out are valid, unique and the same on every reset, and reset
// brings back exactly the scenario's contacts.
import { Id } from '@commflow/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock, type ScenarioInput } from '../src/index.js';

const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };

function world(contacts: NonNullable<ScenarioInput['tenants']>[number]['contacts']): ScenarioInput {
  return {
    tenants: [
      {
        id: DEMO_TENANTS.sandbox,
        name: 'Big',
        mode: 'sandbox',
        users: [{ email: 'big@world.test', firstName: 'Big', lastName: 'World' }],
        contacts,
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
}

async function listAll(mock: CommFlowMock): Promise<{ id: string; firstName: string; createdAt: string }[]> {
  const all: { id: string; firstName: string; createdAt: string }[] = [];
  let cursor = '';
  for (let page = 0; page < 1_000; page++) {
    const response = await mock.fetch(`/api/v1/contacts?limit=100${cursor}`, { headers });
    const body = (await response.json()) as {
      data: { contacts: { id: string; firstName: string; createdAt: string }[] };
      meta: { pagination: { nextCursor: string | null } };
    };
    all.push(...body.data.contacts);
    if (body.meta.pagination.nextCursor === null) return all;
    cursor = `&cursor=${body.meta.pagination.nextCursor}`;
  }
  throw new Error('the walk did not end');
}

describe('big worlds: compact scenario contacts', () => {
  it('a given createdAt comes back exactly, whatever the date', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.date({
            min: new Date('1900-01-01T00:00:00.000Z'),
            max: new Date('2199-12-31T23:59:59.999Z'),
            noInvalidDate: true,
          }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        async (dates) => {
          const mock = createMock(
            world(dates.map((date, i) => ({ firstName: `C${i}`, createdAt: date.toISOString() }))),
          );
          const listed = await listAll(mock);
          const byName = new Map(listed.map((contact) => [contact.firstName, contact.createdAt]));
          dates.forEach((date, i) => {
            expect(byName.get(`C${i}`)).toBe(date.toISOString());
          });
          await mock.close();
        },
      ),
      { numRuns: 50 },
    );
  });

  it('ids left out are valid UUIDs, unique, and the same after reset; given ids are kept', async () => {
    const given = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const contacts = Array.from({ length: 3_000 }, (_, i) =>
      i === 1_234 ? { id: given, firstName: `N${i}` } : { firstName: `N${i}` },
    );
    const mock = createMock(world(contacts));
    const before = await listAll(mock);
    expect(before).toHaveLength(3_000);
    expect(new Set(before.map((contact) => contact.id)).size).toBe(3_000);
    for (const contact of before) expect(Id.safeParse(contact.id).success).toBe(true);
    expect(before.find((contact) => contact.firstName === 'N1234')?.id).toBe(given);
    const scenarioIds = mock.scenario.tenants[0]?.contacts.map((contact) => contact.id);
    expect(new Set(scenarioIds)).toEqual(new Set(before.map((contact) => contact.id)));

    const created = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers: { ...headers, 'X-User-Email': 'big@world.test', 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Extra' }),
    });
    expect(created.status).toBe(201);
    expect(await listAll(mock)).toHaveLength(3_001);
    mock.reset();
    expect(await listAll(mock)).toEqual(before);
    expect(mock.scenario.tenants[0]?.contacts.map((contact) => contact.id)).toEqual(scenarioIds);
    await mock.close();
  });
});
