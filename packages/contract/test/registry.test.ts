import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  OPERATION_LIST,
  isAssumed,
  isUserScoped,
  operationErrors,
  operations,
  takesIdempotencyKey,
} from '../src/index.js';

/**
 * The endpoint table of service-api.md §4 and the gating tables of §5 and decisions.md §3,
 * transcribed independently of the registry so that a drift in either shows here.
 */
const SPEC = [
  ['users.list', 'GET /api/v1/users', 'T R', 'users', null, null],
  ['contacts.list', 'GET /api/v1/contacts', 'T R', 'contacts', 'contacts', 'contacts.use'],
  ['contacts.create', 'POST /api/v1/contacts', 'T U R I', 'contacts', 'contacts', 'contacts.use'],
  ['voice.click2dial', 'POST /api/v1/click2dial', 'T U R I', 'click2dial', 'voice', null],
  ['cdr.list', 'GET /api/v1/cdr', 'T R', 'cdr', 'cdr', 'cdr.view'],
  ['chat.conversations', 'GET /api/v1/chat/conversations', 'T U R', 'chat', 'chat', 'chat.use'],
  ['chat.conversations.create', 'POST /api/v1/chat/conversations', 'T U R I', 'chat', 'chat', 'chat.use'],
  ['sms.conversations', 'GET /api/v1/sms/conversations', 'T U R', 'sms', 'sms', 'sms.use'],
  ['sms.messages.list', 'GET /api/v1/sms/conversations/{id}/messages', 'T U R', 'sms', 'sms', 'sms.use'],
  ['sms.send', 'POST /api/v1/sms/conversations/{id}/messages', 'T U R I', 'sms', 'sms', 'sms.use'],
  ['ai.agents.list', 'GET /api/v1/ai/agents', 'T R', 'ai', 'aiAgents', 'aiAgents.use'],
  ['ai.agents.get', 'GET /api/v1/ai/agents/{id}', 'T R', 'ai', 'aiAgents', 'aiAgents.use'],
  ['ai.agents.chat', 'POST /api/v1/ai/agents/{id}/test-chat', 'T R I', 'ai', 'aiAgents', 'aiAgents.use'],
  ['pricing.quote', 'POST /api/v1/pricing/quote', 'T R', 'pricing', null, null],
  ['chat.messages.list', 'GET /api/v1/chat/messages', 'T U R', 'chat', 'chat', 'chat.use'],
  ['chat.messages.send', 'POST /api/v1/chat/messages', 'T U R I', 'chat', 'chat', 'chat.use'],
  ['files.list', 'GET /api/v1/files', 'T R', 'files', 'files', 'files.view'],
  ['calendar.list', 'GET /api/v1/calendar', 'T U R', 'calendar', 'calendar', 'calendar.use'],
  ['calendar.create', 'POST /api/v1/calendar', 'T U R I', 'calendar', 'calendar', 'calendar.use'],
  ['presence.list', 'GET /api/v1/presence', 'T R', 'presence', 'presence', null],
  ['presence.update', 'PUT /api/v1/presence', 'T U R I', 'presence', 'presence', null],
  ['fax.list', 'GET /api/v1/fax', 'T R', 'fax', 'fax', 'fax.view'],
] as const;

/** The nine operations the service spec leaves without an id. */
const UNNAMED_IN_SPEC = new Set([
  'pricing.quote',
  'chat.messages.list',
  'chat.messages.send',
  'files.list',
  'calendar.list',
  'calendar.create',
  'presence.list',
  'presence.update',
  'fax.list',
]);

describe('operation registry', () => {
  it('has exactly the 22 operations of the spec, each method and path once', () => {
    expect(OPERATION_LIST).toHaveLength(22);
    const routes = OPERATION_LIST.map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(22);
    expect(routes.sort()).toEqual(SPEC.map(([, route]) => route).sort());
  });

  it('keys every entry by its own id', () => {
    for (const [key, op] of Object.entries(operations)) expect(op.id).toBe(key);
  });

  it.each(SPEC)(
    '%s matches the spec: route, headers and gating',
    (id, route, headers, permission, module, capability) => {
      const op = operations[id];
      expect(`${op.method} ${op.path}`).toBe(route);
      expect(op.headers.join(' ')).toBe(headers);
      expect(op.gating).toEqual({ permission, module, capability });
    },
  );

  it('has no /api/v1/sms/messages route', () => {
    expect(OPERATION_LIST.some((op) => op.path.startsWith('/api/v1/sms/messages'))).toBe(false);
  });

  it('marks the ids and gating that decisions.md supplied as assumed, and only those', () => {
    for (const op of OPERATION_LIST) {
      const assumedId = isAssumed(op, 'operationId');
      expect(assumedId, op.id).toBe(UNNAMED_IN_SPEC.has(op.id));
      expect(isAssumed(op, 'gating'), op.id).toBe(UNNAMED_IN_SPEC.has(op.id));
    }
  });

  it('derives scoping and idempotency from the header codes', () => {
    expect(
      OPERATION_LIST.filter(isUserScoped)
        .map((op) => op.id)
        .sort(),
    ).toEqual(
      SPEC.filter(([, , headers]) => headers.includes('U'))
        .map(([id]) => id)
        .sort(),
    );
    const idempotent = OPERATION_LIST.filter(takesIdempotencyKey).map((op) => op.id);
    // Every POST and PUT but pricing.quote, a pure computation.
    expect(idempotent.sort()).toEqual(
      OPERATION_LIST.filter((op) => op.method !== 'GET' && op.id !== 'pricing.quote')
        .map((op) => op.id)
        .sort(),
    );
  });

  it('pages exactly the lists whose spec row takes limit and offset', () => {
    const kinds = Object.fromEntries(OPERATION_LIST.map((op) => [op.id, op.pagination]));
    expect(kinds).toMatchObject({
      'users.list': 'cursor',
      'contacts.list': 'cursor',
      'sms.conversations': 'cursor',
      'sms.messages.list': 'cursor',
      'calendar.list': 'cursor',
      'chat.messages.list': 'cursor',
      'cdr.list': 'offset',
      'chat.conversations': 'offset',
      'files.list': 'offset',
      'fax.list': 'offset',
      'ai.agents.list': 'none',
      'presence.list': 'none',
    });
  });

  it('lists the events of the spec, and no others', () => {
    const events = Object.fromEntries(OPERATION_LIST.filter((op) => op.events.length).map((op) => [op.id, op.events]));
    expect(events).toEqual({
      'contacts.create': ['contact.changed'],
      'voice.click2dial': ['call.started'],
      'sms.send': ['sms.sent', 'sms.failed'],
    });
  });

  it('gives chat.conversations.create both 201 (new) and 200 (existing)', () => {
    expect([...operations['chat.conversations.create'].successStatus].sort()).toEqual([200, 201]);
    expect(operations['contacts.create'].successStatus).toEqual([201]);
    expect(operations['sms.send'].successStatus).toEqual([200]);
  });
});

describe('operationErrors: every error an operation can answer with, derived from the registry', () => {
  const codes = (id: keyof typeof operations) => operationErrors(operations[id]).map((error) => error.code);

  it('names the operation-specific errors: NO_EXTENSION and an unknown extension on click-to-dial', () => {
    const errors = operationErrors(operations['voice.click2dial']);
    const noExtension = errors.find((error) => error.code === 'NO_EXTENSION');
    expect(noExtension).toMatchObject({ status: 409, specific: true });
    expect(errors.find((error) => error.code === 'NOT_FOUND')?.specific).toBe(true);
    expect(codes('contacts.list')).not.toContain('NO_EXTENSION');
  });

  it('derives INVALID_CURSOR from cursor pagination, and body errors from a body', () => {
    for (const op of OPERATION_LIST) {
      expect(operationErrors(op).some((error) => error.code === 'INVALID_CURSOR')).toBe(op.pagination === 'cursor');
      expect(operationErrors(op).some((error) => error.code === 'INVALID_JSON')).toBe(op.body !== undefined);
      expect(operationErrors(op).some((error) => error.code === 'UNKNOWN_USER')).toBe(isUserScoped(op));
      expect(operationErrors(op).some((error) => error.code === 'IDEMPOTENCY_KEY_REUSED')).toBe(
        takesIdempotencyKey(op),
      );
      expect(operationErrors(op).some((error) => error.code === 'MODULE_DISABLED')).toBe(op.gating.module !== null);
    }
  });

  it('lists each code once, with its catalogue status, in check order, and names the permission', () => {
    for (const op of OPERATION_LIST) {
      const errors = operationErrors(op);
      expect(new Set(errors.map((error) => error.code)).size).toBe(errors.length);
      for (const error of errors) expect(error.status).toBe(ERROR_CATALOGUE[error.code].status);
      expect(errors[0]?.code).toBe('UNAUTHENTICATED');
      expect(errors.at(-1)?.code).toBe('INTERNAL_ERROR');
      expect(errors.find((error) => error.code === 'PERMISSION_DENIED')?.reasons[0]).toContain(op.gating.permission);
    }
  });

  it('covers every catalogue code but METHOD_NOT_ALLOWED across the registry', () => {
    const raised = new Set(OPERATION_LIST.flatMap((op) => operationErrors(op).map((error) => error.code)));
    expect(ERROR_CODES.filter((code) => !raised.has(code))).toEqual(['METHOD_NOT_ALLOWED']);
  });
});
