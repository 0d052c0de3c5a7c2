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

/** `request`'s headers as `[lower-case name, value]` pairs, repeated names joined as `Headers` joins them. */
export function headerPairs(request: Request): Iterable<readonly [string, string]> {
  const lines = rawHeaders.get(request);
  if (lines === undefined) return request.headers;
  const joined = new Map<string, string>();
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const name = (lines[i] ?? '').toLowerCase();
    const value = lines[i + 1] ?? '';
    const before = joined.get(name);
    joined.set(name, before === undefined ? value : `${before}${name === 'cookie' ? '; ' : ', '}${value}`);
  }
  return joined;
}
