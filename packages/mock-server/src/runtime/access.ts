/** API keys on the runtime: created at run time (secret shown once), listed by hint, revoked. */
import { invalid, notFound } from '../lib/api-error.js';
import { generateKeySecret, hashKey, keyView, type ApiKeyView, type RateLimit } from '../state/keys.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * A key just created: its listed view (`id` revokes it) and `key`, the secret, shown this once.
 * The one shape of a new key, from `createApiKey` and `tenants.create` alike.
 *
 * @example
 * ```ts
 * const { id, key } = mock.createApiKey({ tenantIds: [tenantId] });
 * ```
 */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

/**
 * What a new key is for.
 *
 * @example
 * ```ts
 * const input: CreateApiKeyInput = { tenantIds: [tenantId], permissions: ['contacts'] };
 * ```
 */
export interface CreateApiKeyInput {
  tenantIds: string[];
  permissions?: string[];
  rateLimit?: RateLimit;
  prefix?: 'cf' | 'cfa';
}

/**
 * Creates a key; only its hash is kept. Every tenant it names must exist: a problem is a
 * `VALIDATION_ERROR` under `at` (`['input']` in process, `['body']` over HTTP).
 */
export function createApiKey(
  runtime: MockRuntime,
  input: CreateApiKeyInput,
  at: readonly string[] = ['input'],
): CreatedApiKey {
  const prefix = input.prefix ?? (input.tenantIds.length === 1 ? 'cf' : 'cfa');
  if (prefix === 'cf' && input.tenantIds.length !== 1) {
    throw invalid([...at, 'prefix'], 'a cf_ key belongs to exactly one tenant; use prefix "cfa" for several');
  }
  const tenantIds = input.tenantIds.map((id) => id.toLowerCase());
  tenantIds.forEach((id, i) => {
    if (!runtime.world.state.tenants.has(id)) {
      throw invalid([...at, 'tenantIds', String(i)], `no tenant has id "${input.tenantIds[i] ?? id}"`);
    }
  });
  const key = generateKeySecret(prefix);
  const record = runtime.world.state.keys.add({
    key,
    tenantIds,
    permissions: input.permissions ?? ['*'],
    rateLimit: input.rateLimit,
  });
  return { ...keyView(record), key };
}

/** The keys, revoked ones included, with the scenario's labels; never a secret. */
export function listApiKeys(runtime: MockRuntime): ApiKeyView[] {
  const { scenario, keys } = runtime.baseline;
  const labels = new Map(scenario.apiKeys.map((key) => [hashKey(key.key), key.label ?? null]));
  for (const key of keys ?? []) labels.set(key.hash, key.label);
  return runtime.world.state.keys.list().map((record) => keyView(record, labels.get(record.hash) ?? null));
}

/** Revokes a key by its listed id (the first 16 hex digits of its hash). */
export function revokeApiKey(runtime: MockRuntime, id: string): ApiKeyView {
  const record = runtime.world.state.keys.list().find((candidate) => candidate.hash.startsWith(id.toLowerCase()));
  if (record === undefined || id.length < 16) throw notFound('API key');
  record.revoked = true;
  return listApiKeys(runtime).find((view) => record.hash.startsWith(view.id)) ?? keyView(record);
}
