import { hash, randomBytes } from 'node:crypto';
import { ApiKey } from '@commflow/contract';
import * as z from 'zod';
import { flat } from '../lib/ids.js';

/**
 * A rate limit: `limit` requests per fixed window of `windowSeconds`.
 *
 * @example
 * ```ts
 * RateLimitSchema.parse({ limit: 600, windowSeconds: 60 });
 * ```
 */
export const RateLimitSchema = z.strictObject({
  limit: z.int().min(1).max(1_000_000_000),
  windowSeconds: z.int().min(1).max(86_400),
});

/**
 * A rate limit: `limit` requests per fixed window of `windowSeconds`.
 *
 * @example
 * ```ts
 * mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit: 5, windowSeconds: 60 } });
 * ```
 */
export type RateLimit = Readonly<z.output<typeof RateLimitSchema>>;

/** What the mock remembers of an API key: never the secret, only its SHA-256 hash. */
export interface KeyRecord {
  readonly hash: string;
  /** A short, non-secret hint for the journal and logs: the prefix and last four characters. */
  readonly hint: string;
  readonly kind: 'tenant' | 'account';
  readonly tenantIds: ReadonlySet<string>;
  /** `null`: every permission. */
  readonly permissions: ReadonlySet<string> | null;
  readonly rateLimit: RateLimit | undefined;
  revoked: boolean;
}

/** A key as plain data, as a snapshot holds it: its hash, never its secret. */
export const KeyDataSchema = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest'),
  hint: z.string(),
  kind: z.enum(['tenant', 'account']),
  tenantIds: z.array(z.string()),
  /** `null`: every permission. */
  permissions: z.array(z.string()).nullable(),
  rateLimit: RateLimitSchema.nullable(),
  revoked: z.boolean(),
});
/** The key store as plain data: every key, in the order they were added. */
export const KeysDataSchema = z.array(KeyDataSchema);
/** A key record as plain data, as a snapshot holds it: the hash, never the secret. */
export type KeyRecordData = z.output<typeof KeyDataSchema>;

/** A key record as plain data. */
export function keyData(record: KeyRecord): KeyRecordData {
  return {
    hash: record.hash,
    hint: record.hint,
    kind: record.kind,
    tenantIds: [...record.tenantIds],
    permissions: record.permissions === null ? null : [...record.permissions],
    rateLimit: record.rateLimit ?? null,
    revoked: record.revoked,
  };
}

/**
 * A key as the control surface lists it: never the secret, only a hint and an id.
 *
 * @example
 * ```ts
 * mock.apiKeys().filter((key) => !key.revoked).map((key) => key.hint);
 * ```
 */
export interface ApiKeyView {
  /** The first 16 hex digits of the key's SHA-256 hash: stable, and no use without the secret. */
  id: string;
  hint: string;
  kind: 'tenant' | 'account';
  tenantIds: string[];
  /** `["*"]` for every permission. */
  permissions: string[];
  rateLimit: RateLimit | null;
  revoked: boolean;
  /** The scenario's label of the key, if it gave one. */
  label: string | null;
}

/** The listed view of a key record. */
export function keyView(record: KeyRecord, label: string | null = null): ApiKeyView {
  return {
    label,
    id: record.hash.slice(0, 16),
    hint: record.hint,
    kind: record.kind,
    tenantIds: [...record.tenantIds],
    permissions: record.permissions === null ? ['*'] : [...record.permissions],
    rateLimit: record.rateLimit ?? null,
    revoked: record.revoked,
  };
}

/**
 * The SHA-256 hex digest of a key secret. `crypto.hash` is the one-shot, synchronous form: no
 * Hash object per call, several times cheaper than `createHash()` for a short input.
 */
export function hashKey(secret: string): string {
  return flat(hash('sha256', secret, 'hex'));
}

/** A non-secret hint of a key: `cf_…wxyz`. */
export function keyHint(secret: string): string {
  return `${secret.startsWith('cfa_') ? 'cfa_' : 'cf_'}…${secret.slice(-4)}`;
}

/** A new random key secret with the given prefix. */
export function generateKeySecret(prefix: 'cf' | 'cfa'): string {
  return `${prefix}_${randomBytes(24).toString('base64url').replaceAll('-', '_')}`;
}

/**
 * The keys a mock accepts, by hash.
 *
 * @example
 * ```ts
 * const store = new KeyStore();
 * store.add({ key: 'cf_test_0123456789abcdefghijklmn', tenantIds: [tenantId], permissions: ['*'] });
 * ```
 */
export class KeyStore {
  /**
   * Only the well-formed keys, by hash. A presented secret with the hash of a stored key is
   * that key, so it is well-formed exactly when the stored one was: checked once at `add`,
   * not on every request, and the secret itself is never kept.
   */
  #byHash = new Map<string, KeyRecord>();

  add(input: {
    key: string;
    tenantIds: readonly string[];
    permissions: readonly string[];
    rateLimit?: RateLimit | undefined;
    revoked?: boolean | undefined;
  }): KeyRecord {
    const record: KeyRecord = {
      hash: hashKey(input.key),
      hint: keyHint(input.key),
      kind: input.key.startsWith('cfa_') ? 'account' : 'tenant',
      tenantIds: new Set(input.tenantIds),
      permissions: input.permissions.includes('*') ? null : new Set(input.permissions),
      rateLimit: input.rateLimit,
      revoked: input.revoked ?? false,
    };
    if (ApiKey.safeParse(input.key).success) this.#byHash.set(record.hash, record);
    else this.#byHash.delete(record.hash);
    return record;
  }

  /** Puts back a stored record (from a snapshot): it was well-formed when it was added. */
  restore(data: KeyRecordData): KeyRecord {
    const record: KeyRecord = {
      hash: data.hash,
      hint: data.hint,
      kind: data.kind,
      tenantIds: new Set(data.tenantIds),
      permissions: data.permissions === null ? null : new Set(data.permissions),
      rateLimit: data.rateLimit ?? undefined,
      revoked: data.revoked,
    };
    this.#byHash.set(record.hash, record);
    return record;
  }

  /** Every key as plain data (hashes, never secrets), in the order they were added. */
  save(): KeyRecordData[] {
    return this.list().map(keyData);
  }

  /** Replaces every key with `data` (a restore). */
  load(data: readonly KeyRecordData[]): void {
    this.#byHash.clear();
    for (const key of data) this.restore(key);
  }

  /** A new, empty key store. */
  fresh(): KeyStore {
    return new KeyStore();
  }

  /** Takes `other`'s keys in place of its own. */
  adopt(other: KeyStore): void {
    this.#byHash = other.#byHash;
  }

  /**
   * The keys of one tenant alone (those naming only it), as plain data: a tenant snapshot's.
   * A key that opens several tenants belongs to the world, not to one of them.
   */
  sliceOf(tenantId: string): KeyRecordData[] {
    return this.list()
      .filter((key) => ownedBy(key, tenantId))
      .map(keyData);
  }

  /** Puts `from`'s keys of one tenant alone in place of this store's (a tenant restore). Cannot fail. */
  putTenant(tenantId: string, from: KeyStore): void {
    for (const key of this.list()) if (ownedBy(key, tenantId)) this.#byHash.delete(key.hash);
    for (const key of from.list()) if (ownedBy(key, tenantId)) this.#byHash.set(key.hash, key);
  }

  /** Forgets a key: its secret gets 401 from now on, as an unknown key does. */
  delete(hash: string): void {
    this.#byHash.delete(hash);
  }

  /** Every key the store accepts (revoked ones included), in the order they were added. */
  list(): KeyRecord[] {
    return [...this.#byHash.values()];
  }

  /** The key record of a presented secret, if the secret is well-formed and known. */
  find(secret: string): KeyRecord | undefined {
    // Not flattened: the lookup string is dropped at once.
    return this.#byHash.get(hash('sha256', secret, 'hex'));
  }
}

/**
 * Whether a key opens one tenant alone: the tenant's own key, which a tenant snapshot holds and
 * a deleted tenant takes with it.
 *
 * @example
 * ```ts
 * ownedBy({ tenantIds: new Set([tenantId]) }, tenantId); // true
 * ```
 */
export function ownedBy(key: { readonly tenantIds: ReadonlySet<string> }, tenantId: string): boolean {
  return key.tenantIds.size === 1 && key.tenantIds.has(tenantId);
}
