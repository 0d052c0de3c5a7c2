/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { readFileSync } from 'node:fs';
import { AiAgent, Contact, Fax, FileItem, User } from '@commflow/contract';
import { describe, expect, it } from 'vitest';
import {
  createMock,
  demoScenario,
  DEMO_KEYS,
  DEMO_TENANTS,
  parseScenario,
  ScenarioError,
  ScenarioSchema,
} from '../src/index.js';
import { scenarioJsonSchemaText } from '../src/scenario/json-schema.js';

const errorsOf = (input: unknown) => {
  try {
    parseScenario(input);
  } catch (error) {
    if (error instanceof ScenarioError) return error.issues.map((issue) => issue.path);
    throw error;
  }
  return [];
};

describe('scenarios', () => {
  it('scenario.schema.json is generated from the exported zod schema and up to date', () => {
    const committed = readFileSync(new URL('../scenario.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(scenarioJsonSchemaText());
    expect(ScenarioSchema.safeParse(demoScenario).success).toBe(true);
  });

  it('names the bad path of each error, including broken references', () => {
    const tenant = { id: DEMO_TENANTS.sandbox, name: 'T', mode: 'sandbox' as const };
    expect(errorsOf({ tenants: [{ ...tenant, users: [{ email: 'x', firstName: 'A', lastName: 'B' }] }] })).toEqual([
      'tenants[0].users[0].email',
    ]);
    expect(errorsOf({ tenants: [{ ...tenant, colour: 'red' }] })).toEqual(['tenants[0].colour']);
    expect(
      errorsOf({
        tenants: [{ ...tenant, smsConversations: [{ smsNumber: '+14155550100', peerNumber: '+14155550101' }] }],
      }),
    ).toEqual(['tenants[0].smsConversations[0].smsNumber']);
    expect(
      errorsOf({ tenants: [{ ...tenant, smsNumbers: [{ number: '+14155550100', ownerEmail: 'ghost@x.test' }] }] }),
    ).toEqual(['tenants[0].smsNumbers[0].ownerEmail']);
    expect(
      errorsOf({
        tenants: [tenant],
        apiKeys: [{ key: DEMO_KEYS.sandbox, tenantIds: ['99999999-9999-4999-8999-999999999999'], permissions: ['*'] }],
      }),
    ).toEqual(['apiKeys[0].tenantIds[0]']);
    expect(errorsOf({ tenants: [tenant, tenant] })).toEqual(['tenants[1].id']);
    expect(
      errorsOf({
        tenants: [
          {
            ...tenant,
            users: [
              { email: 'a@x.test', firstName: 'A', lastName: 'B', extension: '10' },
              { email: 'b@x.test', firstName: 'B', lastName: 'B', extension: '10' },
            ],
          },
        ],
      }),
    ).toEqual(['tenants[0].users[1].extension']);
    expect(
      errorsOf({
        tenants: [tenant, { ...tenant, id: DEMO_TENANTS.live }],
        apiKeys: [{ key: DEMO_KEYS.sandbox, tenantIds: [DEMO_TENANTS.sandbox, DEMO_TENANTS.live], permissions: ['*'] }],
      }),
    ).toEqual(['apiKeys[0].tenantIds']);
    expect(
      errorsOf({
        plans: [
          {
            id: DEMO_TENANTS.sandbox,
            name: 'P',
            currency: 'usd',
            seatPrice: 1.5,
            didPrice: 0,
            annualDiscountPercent: 0,
          },
        ],
      }),
    ).toEqual(['plans[0].currency', 'plans[0].seatPrice']);
  });

  it('generates omitted ids once: stable across reset', async () => {
    const mock = createMock('demo');
    const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
    const before = await (await mock.fetch('/api/v1/contacts', { headers })).text();
    mock.reset();
    const after = await (await mock.fetch('/api/v1/contacts', { headers })).text();
    expect(JSON.parse(after).data).toEqual(JSON.parse(before).data);
    expect(mock.scenario.tenants[0]?.users.every((user) => typeof user.id === 'string')).toBe(true);
  });

  it('the demo has two tenants (sandbox, live), users without extension, and contract-valid resources', async () => {
    const mock = createMock('demo');
    expect(mock.scenario.tenants.map((t) => t.mode)).toEqual(['sandbox', 'live']);
    expect(mock.scenario.tenants[0]?.users.some((user) => user.extension === undefined)).toBe(true);
    const headers = { 'X-API-Key': DEMO_KEYS.partner, 'X-User-Email': 'ann.lee@acme.test' };
    for (const tenant of mock.scenario.tenants) {
      const h = { ...headers, 'X-Tenant-Id': tenant.id };
      const read = async (path: string) =>
        ((await (await mock.fetch(path, { headers: h })).json()) as { data: Record<string, unknown[]> }).data;
      for (const user of (await read('/api/v1/users')).users ?? []) User.parse(user);
      for (const contact of (await read('/api/v1/contacts')).contacts ?? []) Contact.parse(contact);
      for (const agent of (await read('/api/v1/ai/agents')).agents ?? []) AiAgent.parse(agent);
      if (tenant.mode === 'sandbox') {
        for (const file of (await read('/api/v1/files')).files ?? []) FileItem.parse(file);
        for (const fax of (await read('/api/v1/fax')).faxes ?? []) Fax.parse(fax);
      }
    }
    expect(mock.scenario.apiKeys.length).toBeGreaterThanOrEqual(4);
  });
});
