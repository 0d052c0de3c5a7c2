import type { WebhookEvent } from '@commflow/contract';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../runtime/access.js';
import type { EventListener } from '../state/events/index.js';
import type { OperationId } from '@commflow/contract';
import { journalEntry, type JournalEntry } from '../state/journal.js';
import type { OperationJournalEntry, RequestFilter, TypedJournalEntry } from '../state/journal-operations.js';
import type { ApiKeyView } from '../state/keys.js';
import { MockCore } from './core.js';
import { CreateKeyInputSchema } from '../runtime/control-inputs.js';
import { invalid, parseInput } from '../lib/api-error.js';
import { unknownNameMessage } from '../control-api/closest-names.js';
import { OPERATION_IDS } from '../control-api/inputs.js';
import { EVENT_TYPE_NAMES } from '@commflow/contract';
import { checkTenantFilter } from '../runtime/tenant-filter.js';

/** A journal entry typed by its operation, as `mock.requests()` answers it. */
function typedEntry(entry: JournalEntry): TypedJournalEntry {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the journal keeps each request as sent under the operation it matched; typing it by `operationId` is the claim `OperationJournalEntry` documents (a request refused before validation holds what was sent), which no schema checks
  return entry as TypedJournalEntry;
}

/**
 * The second layer of {@link CommFlowMock}: who may call (API keys) and what was called (the
 * journal and the events).
 *
 * @example
 * ```ts
 * const mock: MockTraffic = createMock('demo');
 * mock.journal().length; // 0
 * ```
 */
export class MockTraffic extends MockCore {
  /**
   * Creates an API key. The secret is returned this once; the mock keeps its hash.
   *
   * @throws ApiError `VALIDATION_ERROR` naming each bad field, as `POST /__mock/api-keys` does.
   * @example
   * ```ts
   * const { key } = mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], permissions: ['contacts'] });
   * ```
   */
  createApiKey(input: CreateApiKeyInput): CreatedApiKey {
    const { rateLimit, prefix, ...rest } = parseInput(CreateKeyInputSchema, input, ['input']);
    return createApiKey(this.runtime, {
      ...rest,
      ...(rateLimit === undefined ? {} : { rateLimit }),
      ...(prefix === undefined ? {} : { prefix }),
    });
  }

  /**
   * The API keys the mock accepts, revoked ones included, by hint and id; never a secret.
   *
   * @example
   * ```ts
   * mock.apiKeys().map((key) => `${key.hint} ${key.revoked ? 'revoked' : 'active'}`);
   * ```
   */
  apiKeys(): ApiKeyView[] {
    return listApiKeys(this.runtime);
  }

  /**
   * Revokes a key by the `id` {@link MockTraffic.apiKeys} lists: its requests get `401` from now on.
   *
   * @throws ApiError `NOT_FOUND` for an unknown id.
   * @example
   * ```ts
   * const [key] = mock.apiKeys();
   * mock.revokeApiKey(key.id);
   * ```
   */
  revokeApiKey(id: string): ApiKeyView {
    return revokeApiKey(this.runtime, id);
  }

  /**
   * The requests received, oldest first, without secrets.
   *
   * @example
   * ```ts
   * expect(mock.journal().at(-1)?.status).toBe(201);
   * ```
   */
  journal(): JournalEntry[] {
    return this.runtime.world.state.journal.entries();
  }

  /**
   * The requests received, oldest first, typed by operation: give an `operationId` and each
   * entry's query, path parameters and body have that operation's types. Without secrets.
   *
   * @throws ApiError `VALIDATION_ERROR` for an `operationId` the contract does not have, naming
   *   the closest ones (a misspelling never reads as "no such request"), and for a `tenantId` no
   *   tenant has, naming the closest tenants.
   * @example
   * ```ts
   * const sent = mock.requests({ operationId: 'sms.send', status: 200 });
   * expect(sent.map((entry) => entry.request.body?.body)).toEqual(['Hello']);
   * ```
   */
  requests<Id extends OperationId>(filter: RequestFilter<Id> & { operationId: Id }): OperationJournalEntry<Id>[];
  requests(filter?: RequestFilter): TypedJournalEntry[];
  requests(filter: RequestFilter = {}): TypedJournalEntry[] {
    const { operationId } = filter;
    if (operationId !== undefined && !OPERATION_IDS.includes(operationId)) {
      throw invalid(['filter', 'operationId'], unknownNameMessage('operation id', operationId, OPERATION_IDS));
    }
    checkTenantFilter(this.runtime, filter.tenantId, ['filter', 'tenantId']);
    return this.runtime.world.state.journal.entries(filter).map(typedEntry);
  }

  /**
   * One request, by the `X-Request-Id` it was answered with; `undefined` when the journal has
   * none (never received, or past `journalLimit`).
   *
   * @example
   * ```ts
   * const response = await mock.fetch('/api/v1/users', { headers });
   * mock.request(response.headers.get('x-request-id')!)?.status; // 200
   * ```
   */
  request(requestId: string): TypedJournalEntry | undefined {
    const entry = this.runtime.world.state.journal.get(requestId);
    return entry === undefined ? undefined : typedEntry(entry);
  }

  /**
   * Calls `listener` with each journal entry as it is recorded; returns the unsubscribe function.
   *
   * @example
   * ```ts
   * const off = mock.onRequest((entry) => console.log(entry.method, entry.path, entry.status));
   * ```
   */
  onRequest(listener: (entry: JournalEntry) => void): () => void {
    return this.runtime.world.state.journal.subscribe((record) => {
      listener(journalEntry(record));
    });
  }

  /**
   * The events recorded, oldest first, optionally of one tenant or type.
   *
   * @throws ApiError `VALIDATION_ERROR` for a `type` the contract does not have, naming the closest
   *   ones, and for a `tenantId` no tenant has, naming the closest tenants.
   * @example
   * ```ts
   * mock.events({ type: 'call.started' }).length; // 1
   * ```
   */
  events(filter: { tenantId?: string; type?: string } = {}): WebhookEvent[] {
    const { type } = filter;
    if (type !== undefined && !EVENT_TYPE_NAMES.some((name) => name === type)) {
      throw invalid(['filter', 'type'], unknownNameMessage('event type', type, EVENT_TYPE_NAMES));
    }
    checkTenantFilter(this.runtime, filter.tenantId, ['filter', 'tenantId']);
    return this.runtime.world.state.events.list(filter);
  }

  /**
   * Subscribes to every event as it is recorded; returns the unsubscribe function.
   *
   * @example
   * ```ts
   * const off = mock.onEvent((event) => received.push(event));
   * ```
   */
  onEvent(listener: EventListener): () => void {
    return this.runtime.world.state.events.subscribe(listener);
  }
}
