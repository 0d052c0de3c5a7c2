// Medians and ranges of repeated measurements.

/** The median (the lower middle of an even count). */
export function median(values) {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** `{ median, min, max }` of the values. */
export function spread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * `items` in the order of round `round` of `rounds`: rotated by a step that spreads each item over
 * the positions, and reversed every other round, so that no item always goes first or last, nor
 * always after the same one.
 */
export function interleaved(items, round, rounds) {
  const step = Math.max(1, Math.floor(items.length / rounds));
  const shift = (round * step) % items.length;
  const rotated = [...items.slice(shift), ...items.slice(0, shift)];
  return round % 2 === 1 ? rotated.reverse() : rotated;
}
