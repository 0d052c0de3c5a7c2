import { randomUUID } from 'node:crypto';

/**
 * Returns `text` as a flat (sequential) string. V8 builds some strings as ropes of several
 * pieces; a rope held for the lifetime of a record costs about three times the bytes of the flat
 * string. Round-tripping through a latin1 Buffer is the cheapest way found to force a copy.
 */
export function flat(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

/** A new UUID v4, stored flat (see {@link flat}). */
export function newId(): string {
  return flat(randomUUID());
}
