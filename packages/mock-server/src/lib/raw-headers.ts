/**
 * The raw header lines of requests that came in over `node:http`, registered by the Node adapter.
 * Reading them is cheap, where iterating the adapter's lazy `request.headers` would build a full
 * `Headers` the request path otherwise never needs (the journal reads every header).
 */
const rawHeaders = new WeakMap<Request, readonly string[]>();

/** Registers `request`'s raw header lines: `[name, value, name, value, …]`, as `IncomingMessage.rawHeaders`. */
export function registerRawHeaders(request: Request, lines: readonly string[]): void {
  rawHeaders.set(request, lines);
}

/**
 * `request`'s headers as `[lower-case name, value]` pairs, repeated names joined as `Headers` joins
 * them, fixed as they are now: the journal reads them later, if at all. Node's raw lines never
 * change, so only they are held, and joined when read; a `Headers` (of a request made in process)
 * may be changed by its owner, so it is copied.
 */
export function stableHeaderPairs(request: Request): Iterable<readonly [string, string]> {
  const lines = rawHeaders.get(request);
  if (lines === undefined) return [...request.headers];
  return { [Symbol.iterator]: () => joined(lines).entries() };
}

/** Raw header lines joined by lower-case name, as `Headers` joins them. */
function joined(lines: readonly string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const name = (lines[i] ?? '').toLowerCase();
    const value = lines[i + 1] ?? '';
    const before = pairs.get(name);
    pairs.set(name, before === undefined ? value : `${before}${name === 'cookie' ? '; ' : ', '}${value}`);
  }
  return pairs;
}
