/** API keys on the runtime: created at run time (secret shown once), listed by hint, revoked. */
import { notFound } from '../lib/api-error.js';
import { generateKeySecret, hashKey, keyHint, keyView, type ApiKeyView, type RateLimit } from '../state/keys.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * A key created through the control surface. `key` is the secret, shown this once.
 *
 * @example
 * ```ts
 * const { key } = mock.createApiKey({ tenantIds: [tenantId] });
 * ```
 */
export interface CreatedApiKey {
  key: string;
  hint: string;
  tenantIds: string[];
  permissions: string[];
  rateLimit: RateLimit | null;
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

/** Creates a key; only its hash is kept. */
export function createApiKey(runtime: MockRuntime, input: CreateApiKeyInput): CreatedApiKey {
  const prefix = input.prefix ?? (input.tenantIds.length === 1 ? 'cf' : 'cfa');
  if (prefix === 'cf' && input.tenantIds.length !== 1) {
    throw new TypeError('a cf_ key belongs to exactly one tenant; use prefix "cfa" for several');
  }
  const key = generateKeySecret(prefix);
  const permissions = input.permissions ?? ['*'];
  const tenantIds = input.tenantIds.map((id) => id.toLowerCase());
  runtime.world.state.keys.add({ key, tenantIds, permissions, rateLimit: input.rateLimit });
  return { key, hint: keyHint(key), tenantIds, permissions, rateLimit: input.rateLimit ?? null };
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
