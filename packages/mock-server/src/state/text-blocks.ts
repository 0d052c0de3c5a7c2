/**
 * The search fields of an indexed list (decisions §2): `text` fields match a lower-cased term as
 * a case-insensitive substring; `digits` is a phone number whose digits match a digits term.
 *
 * @example
 * ```ts
 * const fields: SearchFields<Contact> = { text: (c) => [`${c.firstName} ${c.lastName}`], digits: (c) => c.phoneMobile };
 * ```
 */
export interface SearchFields<T> {
  text: (item: T) => readonly (string | null | undefined)[];
  digits?: (item: T) => string | null;
}

/** What a list is searched for: the lower-cased term, and its digits when it looks like a phone number. */
export interface SearchTerm {
  readonly text: string;
  /** Never empty: `undefined` when the term has no digits or does not look like a phone number. */
  readonly digits: string | undefined;
}

/**
 * Separates items (and the fields of one item) in a block's haystack. A term never holds it
 * (such a term is answered by the plain filter), so a match never spans two fields or items.
 */
export const SEPARATOR = '\u0000';

/** One block of items, searchable with `indexOf` over two strings built once. */
interface Block {
  readonly text: string;
  /** Where each item's text starts in `text`, plus one past the end. */
  readonly textStarts: Int32Array;
  /** The 4-grams present in `text`, hashed into a bit set: a term with a gram missing here cannot match. */
  readonly textGrams: Uint32Array;
  readonly digits: string;
  readonly digitStarts: Int32Array;
  readonly digitGrams: Uint32Array;
}

/** Length of the grams a block records. Shorter terms scan every block (their matches are dense). */
const GRAM = 4;
/** Bits of a block's gram set (a power of two, at most 2^16): 4 KiB, sparse enough for a block of names. */
const GRAM_BITS = 1 << 15;

/** A well-mixed 32-bit hash of the gram of `text` starting at `at` (murmur3's finaliser). */
// Stryker disable next-line BlockStatement: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule)
function gramHash(text: string, at: number): number {
  let hash = Math.imul(text.charCodeAt(at) | (text.charCodeAt(at + 1) << 16), 0xcc9e2d51);
  hash ^= Math.imul(text.charCodeAt(at + 2) | (text.charCodeAt(at + 3) << 16), 0x1b873593);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

const MASK = GRAM_BITS - 1;

/** Sets a gram's two bits (a Bloom filter with k = 2). */
function addGram(bits: Uint32Array, hash: number): void {
  const first = hash & MASK;
  const second = (hash >>> 16) & MASK;
  bits[first >>> 5] = (bits[first >>> 5] ?? 0) | (1 << (first & 31));
  bits[second >>> 5] = (bits[second >>> 5] ?? 0) | (1 << (second & 31));
}

/** The set of every gram of `haystack` (grams spanning a separator too: they only cost precision). */
function gramsOf(haystack: string): Uint32Array {
  // Stryker disable next-line ArithmeticOperator: a larger bit set only costs memory
  const bits = new Uint32Array(GRAM_BITS / 32);
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: the haystack ends with a separator, so its last gram is in no term; more grams only cost precision
  for (let at = 0; at + GRAM <= haystack.length; at++) addGram(bits, gramHash(haystack, at));
  return bits;
}

/** The hashes of a term's grams; none for a term shorter than a gram. */
function termBits(term: string): number[] {
  const hashes: number[] = [];
  // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule)
  for (let at = 0; at + GRAM <= term.length; at++) hashes.push(gramHash(term, at));
  return hashes;
}

/** Whether every gram of the term may be in the block (false: it certainly cannot match). */
function mayContain(grams: Uint32Array, hashes: readonly number[]): boolean {
  // Stryker disable next-line BlockStatement: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule)
  for (const hash of hashes) {
    const first = hash & MASK;
    const second = (hash >>> 16) & MASK;
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule)
    if (((grams[first >>> 5] ?? 0) & (1 << (first & 31))) === 0) return false;
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule)
    if (((grams[second >>> 5] ?? 0) & (1 << (second & 31))) === 0) return false;
  }
  return true;
}

/**
 * Items per block. Small enough that an insert in the middle rebuilds little, large enough that
 * a search of a million items is a thousand gram checks, and `indexOf` over the few blocks left.
 */
export const BLOCK_SIZE = 1024;

// Stryker disable next-line StringLiteral: a digits term holds only digits, so letters in the digits haystack never match
const phoneDigitsOf = (phone: string | null) => (phone === null ? '' : phone.replace(/\D/g, ''));

/** Builds the haystacks of `items`: lower-cased text fields, and phone digits. */
function buildBlock<T>(items: readonly T[], from: number, to: number, fields: SearchFields<T>): Block {
  const text: string[] = [];
  const digits: string[] = [];
  const textStarts = new Int32Array(to - from + 1);
  const digitStarts = new Int32Array(to - from + 1);
  let textLength = 0;
  let digitLength = 0;
  let slot = 0;
  for (const item of items.slice(from, to)) {
    const lowered = fields
      .text(item)
      .map((field) => (field ?? '').toLowerCase())
      .join(SEPARATOR);
    // Stryker disable next-line StringLiteral: as above
    const phone = fields.digits === undefined ? '' : phoneDigitsOf(fields.digits(item));
    textStarts[slot] = textLength;
    digitStarts[slot] = digitLength;
    slot++;
    text.push(lowered);
    digits.push(phone);
    textLength += lowered.length + 1;
    digitLength += phone.length + 1;
  }
  textStarts[to - from] = textLength;
  digitStarts[to - from] = digitLength;
  // join() builds a flat string: indexOf never has to flatten a rope on the search path.
  const textHaystack = text.join(SEPARATOR) + SEPARATOR;
  const digitHaystack = digits.join(SEPARATOR) + SEPARATOR;
  return {
    text: textHaystack,
    textStarts,
    textGrams: gramsOf(textHaystack),
    digits: digitHaystack,
    digitStarts,
    digitGrams: gramsOf(digitHaystack),
  };
}

/** The slot (item index in the block) holding haystack offset `at`. */
function slotOf(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((starts[mid] ?? 0) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Every slot whose haystack contains `term`, ascending, each once. */
function slotsMatching(haystack: string, starts: Int32Array, term: string, into: Set<number>): void {
  let at = haystack.indexOf(term);
  while (at >= 0) {
    const slot = slotOf(starts, at);
    into.add(slot);
    at = haystack.indexOf(term, starts[slot + 1] ?? haystack.length);
  }
}

/**
 * The search side of a sorted index: the items' search fields as blocks of haystacks, built on
 * the first search and kept up to date as items come and go. An insert or removal at position
 * `p` only invalidates the blocks from `p` on; appending (new records, the usual case) touches
 * only the last block.
 *
 * @example
 * ```ts
 * const blocks = new TextBlocks(fields);
 * for (const position of blocks.matches(items, term, items.length - 1, -1)) console.log(position);
 * ```
 */
export class TextBlocks<T> {
  readonly #fields: SearchFields<T>;
  readonly #blocks: Block[] = [];

  constructor(fields: SearchFields<T>) {
    this.#fields = fields;
  }

  /** Forgets the blocks from the one holding `position` on: their items moved. */
  invalidateFrom(position: number): void {
    const block = Math.floor(position / BLOCK_SIZE);
    if (block < this.#blocks.length) this.#blocks.length = block;
  }

  /** Whether `term` can be answered from the blocks (else the caller filters item by item). */
  // Stryker disable next-line BlockStatement: a term it cannot answer is filtered item by item, by the same rule: only slower
  static usable(term: SearchTerm): boolean {
    return !term.text.includes(SEPARATOR);
  }

  /**
   * The positions of matching items, walking from `start` by `step` (1 or -1), in that order.
   * The walk is lazy: a page stops it as soon as it has enough items.
   */
  *matches(items: readonly T[], term: SearchTerm, start: number, step: 1 | -1): Generator<number> {
    const { digits } = term;
    const textBits = termBits(term.text);
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule)
    const digitBits = digits === undefined ? [] : termBits(digits);
    // Stryker disable next-line EqualityOperator: one more block past the end holds no item
    for (let b = Math.floor(start / BLOCK_SIZE); b >= 0 && b * BLOCK_SIZE < items.length; b += step) {
      const block = this.#block(items, b);
      const found = new Set<number>();
      // Stryker disable next-line ConditionalExpression: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule)
      if (mayContain(block.textGrams, textBits)) slotsMatching(block.text, block.textStarts, term.text, found);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a gram check only skips blocks that cannot match, so a mutant that skips fewer changes the time, not the answer (indexed-search.test.ts compares every answer with the item-by-item rule); `undefined` is never in a digits haystack
      if (digits !== undefined && mayContain(block.digitGrams, digitBits)) {
        slotsMatching(block.digits, block.digitStarts, digits, found);
      }
      // Stryker disable next-line ConditionalExpression: a shortcut: an empty block yields nothing either way
      if (found.size === 0) continue;
      const slots = [...found].sort((x, y) => x - y);
      if (step === -1) slots.reverse();
      for (const slot of slots) {
        const position = b * BLOCK_SIZE + slot;
        if (step === 1 ? position >= start : position <= start) yield position;
      }
    }
  }

  #block(items: readonly T[], index: number): Block {
    // Blocks are built in order, so every block before `index` exists once this returns.
    while (this.#blocks.length <= index) {
      const from = this.#blocks.length * BLOCK_SIZE;
      this.#blocks.push(buildBlock(items, from, Math.min(items.length, from + BLOCK_SIZE), this.#fields));
    }
    const block = this.#blocks[index];
    // Stryker disable next-line ConditionalExpression,StringLiteral: the loop above built it; the check only narrows the type
    if (block === undefined) throw new RangeError(`no block ${index}`);
    return block;
  }
}
