// An override that cannot match or answer is refused naming the field and what is wrong, before
// it is stored: an unknown operation, a path or a method no operation has, both effects or none,
// and an error stub that the operation could never answer as written.
import { describe, expect, it } from 'vitest';
import { ApiError, createMock, DEMO_KEYS, DEMO_TENANTS, type OverrideInput } from '../../src/index.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const closing = closeAfterEach();

/** The issues of adding `override`; nothing is stored. */
function refused(override: unknown): { path: (string | number)[]; message: string }[] {
  const mock = createMock('demo', { clock: { frozen: true } });
  closing(mock);
  let thrown: unknown;
  try {
    mock.overrides.add(override as OverrideInput);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  expect(mock.overrides.list()).toEqual([]);
  return (thrown as ApiError).details as { path: (string | number)[]; message: string }[];
}

const fault = { status: 503 };
const messageAt = (issues: { path: (string | number)[]; message: string }[], field: string) =>
  issues.find((issue) => issue.path.at(-1) === field)?.message;

describe('an override is refused naming what cannot be', () => {
  it('an operation id the contract lacks', () => {
    expect(messageAt(refused({ operationId: 'contacts.lst', fault }), 'operationId')).toBe(
      'unknown operation id "contacts.lst"; did you mean "contacts.list" or "contacts.create"?',
    );
  });

  it('a path no operation has, with the method when one is given and the methods the path has', () => {
    expect(messageAt(refused({ path: '/api/v1/nothing', fault }), 'path')).toBe(
      'no operation has the path /api/v1/nothing; use a template of the contract, such as /api/v1/contacts/{id}',
    );
    expect(messageAt(refused({ method: 'DELETE', path: '/api/v1/users', fault }), 'path')).toBe(
      'no operation for DELETE has the path /api/v1/users; it has GET (users.list)',
    );
  });

  it('a method no operation has, or another than the operation’s', () => {
    expect(messageAt(refused({ operationId: 'contacts.list', method: 'POST', fault }), 'method')).toBe(
      'the operation id and the method disagree: contacts.list is GET /api/v1/contacts, not POST',
    );
    expect(messageAt(refused({ method: 'TRACE', fault }), 'method')).toBe('no operation has the method TRACE');
  });

  it('a query or body key that no operation it matches has: the request would be refused first', () => {
    const issues = refused({ operationId: 'contacts.list', query: { serch: 'Ann', limit: '5' }, fault });
    expect(issues).toEqual([
      {
        path: ['override', 'query', 'serch'],
        message: 'no operation it matches has the query parameter serch: they take cursor, limit, offset, search',
      },
    ]);
    expect(messageAt(refused({ operationId: 'contacts.create', body: { first: 'Ann' }, fault }), 'first')).toBe(
      'no operation it matches has the body field first: they take firstName, lastName, phoneMobile',
    );
    expect(messageAt(refused({ operationId: 'ai.agents.get', body: { id: 'x' }, fault }), 'id')).toBe(
      'no operation it matches has the body field id: none takes a body',
    );
  });

  it('a key that one of the operations it matches has is accepted', () => {
    const mock = closing(createMock('demo', { clock: { frozen: true } }));
    const { id } = mock.overrides.add({ method: 'GET', query: { conversationId: 'x' }, fault });
    expect(mock.overrides.list().map((override) => override.id)).toEqual([id]);
    const { operations } = mock.overrides.add({ method: 'POST', body: { seatCount: 10 }, fault });
    expect(operations).toContain('pricing.quote');
    expect(operations).toContain('contacts.create');
  });

  it('both effects, or none', () => {
    const both = { operationId: 'contacts.list', fault, respond: { status: 200, body: {} } };
    for (const override of [both, { operationId: 'contacts.list' }]) {
      expect(messageAt(refused(override), 'fault')).toBe('give exactly one of fault and respond');
    }
  });

  it('an error stub with a code the operation never answers with that status, no message, or success not false', () => {
    const issues = refused({
      tenantId: DEMO_TENANTS.sandbox,
      operationId: 'ai.agents.get',
      respond: { status: 404, body: { success: true, error: { code: 'RATE_LIMITED' } } },
    });
    // Each message names the operation it is about, as a stub may answer several.
    expect(messageAt(issues, 'code')).toBe('ai.agents.get answers 404 with NOT_FOUND (ai.agents.get)');
    expect(messageAt(issues, 'message')).toBe('a message is required (ai.agents.get)');
    expect(messageAt(issues, 'success')).toBe('an error answer has success: false (ai.agents.get)');
    expect(refused({ operationId: 'ai.agents.get', respond: { status: 404 } }).map((issue) => issue.message)).toEqual([
      'ai.agents.get answers 404 with NOT_FOUND (ai.agents.get)',
      'a message is required (ai.agents.get)',
      'an error answer has success: false (ai.agents.get)',
    ]);
  });

  it('an error status the operation never answers, listing those it does', () => {
    const [issue] = refused({ operationId: 'ai.agents.get', respond: { status: 418, body: {} } });
    expect(issue?.message).toMatch(/^ai\.agents\.get answers 200, 401, .*404.*, never 418/);
  });

  it('a well-formed error stub is stored and answered', async () => {
    const mock = createMock('demo', { clock: { frozen: true } });
    closing(mock);
    mock.overrides.add({
      operationId: 'ai.agents.get',
      respond: { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: 'gone' } } },
    });
    expect(mock.overrides.list()).toHaveLength(1);
    const response = await mock.fetch('/api/v1/ai/agents/5b0d8c61-5a3e-4c1f-9d2a-7e6f4b3a2c10', {
      headers: {
        'X-API-Key': DEMO_KEYS.sandbox,
        'X-Tenant-Id': DEMO_TENANTS.sandbox,
        'X-User-Email': 'ann.lee@acme.test',
      },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND', message: 'gone' } });
  });
});
