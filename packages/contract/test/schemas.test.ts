import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MAX_PAGE_OFFSET, RequestId, operations, headersSchema, type OperationId } from '../src/index.js';

const uuid = '3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31';

/** The paths of the issues a schema reports for a value (query schemas decode wire strings). */
function failingPaths(schema: z.core.$ZodType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => [...issue.path, key].join('.'))
      : [issue.path.join('.')],
  );
}

interface Case {
  op: OperationId;
  part: 'body' | 'query' | 'pathParams';
  valid: Record<string, unknown>[];
  /** [description, value, the path that must fail] */
  invalid: [string, Record<string, unknown>, string][];
}

const CASES: Case[] = [
  {
    op: 'contacts.create',
    part: 'body',
    valid: [{ firstName: 'Ann' }, { firstName: 'Ann', lastName: '', phoneMobile: '+14155550100' }],
    invalid: [
      ['firstName is required', { lastName: 'Lee' }, 'firstName'],
      ['firstName is at least 1 char', { firstName: '' }, 'firstName'],
      ['firstName is at most 100', { firstName: 'a'.repeat(101) }, 'firstName'],
      ['lastName is at most 100', { firstName: 'A', lastName: 'b'.repeat(101) }, 'lastName'],
      ['phoneMobile is E.164', { firstName: 'A', phoneMobile: '4155550100' }, 'phoneMobile'],
      ['E.164 has no leading 0', { firstName: 'A', phoneMobile: '+04155550100' }, 'phoneMobile'],
      ['E.164 has at most 15 digits', { firstName: 'A', phoneMobile: '+1234567890123456' }, 'phoneMobile'],
      ['unknown fields are rejected', { firstName: 'A', email: 'a@b.co' }, 'email'],
      ['types are checked', { firstName: 42 }, 'firstName'],
    ],
  },
  {
    op: 'voice.click2dial',
    part: 'body',
    valid: [{ destination: '+14155550100' }, { destination: '1002' }, { destination: '12' }],
    invalid: [
      ['destination is required', {}, 'destination'],
      ['an extension has at most 6 digits', { destination: '1234567' }, 'destination'],
      ['a number is E.164', { destination: '555-0100' }, 'destination'],
      ['unknown fields are rejected', { destination: '1002', callerId: 'x' }, 'callerId'],
    ],
  },
  {
    op: 'chat.conversations.create',
    part: 'body',
    valid: [{ participantEmail: 'bob@example.com', message: 'hi' }],
    invalid: [
      ['participantEmail is an email', { participantEmail: 'bob', message: 'hi' }, 'participantEmail'],
      ['message is at least 1 char', { participantEmail: 'bob@example.com', message: '' }, 'message'],
      ['message is at most 4000', { participantEmail: 'bob@example.com', message: 'x'.repeat(4001) }, 'message'],
    ],
  },
  {
    op: 'chat.messages.send',
    part: 'body',
    valid: [{ conversationId: uuid, content: 'on my way' }],
    invalid: [
      ['conversationId is a uuid', { conversationId: '42', content: 'x' }, 'conversationId'],
      ['content is at most 4000', { conversationId: uuid, content: 'x'.repeat(4001) }, 'content'],
    ],
  },
  {
    op: 'chat.messages.list',
    part: 'query',
    valid: [{ conversationId: uuid }, { conversationId: uuid, limit: '10', cursor: 'abc' }],
    invalid: [
      ['conversationId is required', {}, 'conversationId'],
      ['offset is not accepted', { conversationId: uuid, offset: '5' }, 'offset'],
    ],
  },
  {
    op: 'sms.send',
    part: 'body',
    valid: [{ body: 'x' }, { body: 'x'.repeat(1600) }],
    invalid: [
      ['body is at least 1 char', { body: '' }, 'body'],
      ['body is at most 1600', { body: 'x'.repeat(1601) }, 'body'],
    ],
  },
  {
    op: 'sms.send',
    part: 'pathParams',
    valid: [{ id: uuid }],
    invalid: [['id is a uuid', { id: 'abc' }, 'id']],
  },
  {
    op: 'ai.agents.chat',
    part: 'body',
    valid: [
      {
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'hello' },
        ],
      },
    ],
    invalid: [
      ['messages has at least 1 item', { messages: [] }, 'messages'],
      ['messages has at most 50 items', { messages: Array(51).fill({ role: 'user', content: 'x' }) }, 'messages'],
      ['role is user, assistant or system', { messages: [{ role: 'bot', content: 'x' }] }, 'messages.0.role'],
      ['content is at most 4000', { messages: [{ role: 'user', content: 'x'.repeat(4001) }] }, 'messages.0.content'],
      ['one message is from the user', { messages: [{ role: 'assistant', content: 'x' }] }, 'messages'],
    ],
  },
  {
    op: 'pricing.quote',
    part: 'body',
    valid: [
      { planId: uuid, seatCount: 1, didCount: 0, billingTerm: 'MONTHLY' },
      { planId: uuid, seatCount: 10000, didCount: 10000, billingTerm: 'ANNUAL' },
    ],
    invalid: [
      ['planId is a uuid', { planId: 'basic', seatCount: 1, didCount: 0, billingTerm: 'MONTHLY' }, 'planId'],
      ['seatCount is at least 1', { planId: uuid, seatCount: 0, didCount: 0, billingTerm: 'MONTHLY' }, 'seatCount'],
      ['seatCount is an integer', { planId: uuid, seatCount: 1.5, didCount: 0, billingTerm: 'MONTHLY' }, 'seatCount'],
      [
        'didCount is at most 10000',
        { planId: uuid, seatCount: 1, didCount: 10001, billingTerm: 'MONTHLY' },
        'didCount',
      ],
      [
        'billingTerm is MONTHLY or ANNUAL',
        { planId: uuid, seatCount: 1, didCount: 0, billingTerm: 'WEEKLY' },
        'billingTerm',
      ],
    ],
  },
  {
    op: 'calendar.create',
    part: 'body',
    valid: [{ title: 'Demo', startTime: '2026-11-23T10:00:00Z', endTime: '2026-11-23T11:30:00.000+01:00' }],
    invalid: [
      [
        'title is at most 200',
        { title: 'x'.repeat(201), startTime: '2026-11-23T10:00:00Z', endTime: '2026-11-23T11:00:00Z' },
        'title',
      ],
      ['startTime is ISO 8601', { title: 'x', startTime: 'tomorrow', endTime: '2026-11-23T11:00:00Z' }, 'startTime'],
      [
        'endTime is after startTime',
        { title: 'x', startTime: '2026-11-23T10:00:00Z', endTime: '2026-11-23T10:00:00Z' },
        'endTime',
      ],
    ],
  },
  {
    op: 'calendar.list',
    part: 'query',
    valid: [{}, { startDate: '2026-11-01', endDate: '2026-12-01T00:00:00Z' }],
    invalid: [
      ['startDate is ISO 8601', { startDate: '11/01/2026' }, 'startDate'],
      ['endDate is after startDate', { startDate: '2026-12-01', endDate: '2026-11-01' }, 'endDate'],
    ],
  },
  {
    op: 'presence.update',
    part: 'body',
    valid: [
      { status: 'busy', message: '' },
      { status: 'dnd', message: 'x'.repeat(140) },
    ],
    invalid: [
      ['status is one of five', { status: 'lunch', message: '' }, 'status'],
      ['message is at most 140', { status: 'away', message: 'x'.repeat(141) }, 'message'],
    ],
  },
  {
    op: 'fax.list',
    part: 'query',
    valid: [{}, { type: 'inbox' }, { type: 'queue', limit: '1', offset: '0' }],
    invalid: [['type is inbox, sent or queue', { type: 'trash' }, 'type']],
  },
  {
    op: 'contacts.list',
    part: 'query',
    valid: [{}, { search: 'ann', limit: '100', cursor: 'abc' }, { cursor: 'abc', offset: '0' }],
    invalid: [
      ['limit is at least 1', { limit: '0' }, 'limit'],
      ['limit is at most 100', { limit: '101' }, 'limit'],
      ['limit is an integer', { limit: '2.5' }, 'limit'],
      ['limit is a number', { limit: 'ten' }, 'limit'],
      ['offset is not negative', { offset: '-1' }, 'offset'],
      ['cursor excludes a non-zero offset', { cursor: 'abc', offset: '10' }, 'offset'],
      ['search is at most 200', { search: 'x'.repeat(201) }, 'search'],
      ['search is not empty', { search: '' }, 'search'],
      ['unknown parameters are rejected', { sort: 'name' }, 'sort'],
    ],
  },
  {
    op: 'cdr.list',
    part: 'query',
    valid: [{ limit: '1', offset: '99' }],
    invalid: [['cursor is not accepted', { cursor: 'abc' }, 'cursor']],
  },
];

describe.each(CASES)('$op $part', ({ op, part, valid, invalid }) => {
  const schema = operations[op][part] as z.core.$ZodType | undefined;
  if (!schema) throw new Error(`${op} has no ${part}`);

  it.each(valid)('accepts %j', (value) => {
    expect(failingPaths(schema, value)).toEqual([]);
  });

  it.each(invalid)('rejects when %s', (_rule, value, path) => {
    expect(failingPaths(schema, value)).toContain(path);
  });
});

describe('query codecs', () => {
  it('decode wire strings to numbers and encode numbers back', () => {
    const query = operations['contacts.list'].query;
    expect(z.decode(query, { limit: '25', offset: '0' })).toEqual({ limit: 25, offset: 0 });
    expect(z.encode(query, { limit: 25, search: 'ann' })).toEqual({ limit: '25', search: 'ann' });
  });

  it('round-trip every valid limit and offset', () => {
    const query = operations['files.list'].query;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.nat({ max: MAX_PAGE_OFFSET }), (limit, offset) => {
        expect(z.decode(query, z.encode(query, { limit, offset }))).toEqual({ limit, offset });
      }),
    );
  });

  it('reject every offset past MAX_PAGE_OFFSET', () => {
    const query = operations['files.list'].query;
    fc.assert(
      fc.property(fc.integer({ min: MAX_PAGE_OFFSET + 1, max: Number.MAX_SAFE_INTEGER }), (offset) => {
        const parsed = query.safeParse({ offset: String(offset) });
        expect(parsed.success).toBe(false);
      }),
    );
  });

  it('reject every limit outside 1..100', () => {
    const query = operations['users.list'].query;
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 })),
        (limit) => !query.safeParse({ limit: String(limit) }).success,
      ),
    );
  });
});

describe('headers', () => {
  const tenant = { 'X-Tenant-Id': uuid };

  it('require X-Tenant-Id as a uuid on every operation', () => {
    for (const op of Object.values(operations)) {
      const schema = headersSchema(op.headers);
      expect(failingPaths(schema, {})).toContain('X-Tenant-Id');
      expect(failingPaths(schema, { 'X-Tenant-Id': 'acme' })).toContain('X-Tenant-Id');
    }
  });

  it('require X-User-Email as an email on user-scoped operations only', () => {
    const scoped = headersSchema(operations['sms.send'].headers);
    expect(failingPaths(scoped, tenant)).toContain('X-User-Email');
    expect(failingPaths(scoped, { ...tenant, 'X-User-Email': 'ann' })).toContain('X-User-Email');
    expect(failingPaths(scoped, { ...tenant, 'X-User-Email': 'ann@example.com' })).toEqual([]);
    expect(failingPaths(headersSchema(operations['users.list'].headers), tenant)).toEqual([]);
  });

  it('limit Idempotency-Key to printable ASCII of bounded length, and never refuse a request id', () => {
    const schema = headersSchema(operations['contacts.create'].headers);
    const base = { ...tenant, 'X-User-Email': 'ann@example.com' };
    expect(
      failingPaths(schema, { ...base, 'X-Request-Id': 'r'.repeat(200), 'Idempotency-Key': 'k'.repeat(255) }),
    ).toEqual([]);
    // An unusable request id is replaced by a generated one, never refused.
    expect(failingPaths(schema, { ...base, 'X-Request-Id': 'r'.repeat(201) })).toEqual([]);
    expect(RequestId.safeParse('r'.repeat(201)).success).toBe(false);
    expect(failingPaths(schema, { ...base, 'Idempotency-Key': 'k'.repeat(256) })).toContain('Idempotency-Key');
    expect(failingPaths(schema, { ...base, 'Idempotency-Key': 'ключ' })).toContain('Idempotency-Key');
  });
});
