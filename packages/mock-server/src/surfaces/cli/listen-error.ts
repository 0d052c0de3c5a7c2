/**
 * What the CLI says when it cannot listen: the port is the usual culprit, so the message names
 * `--port` and the way out.
 *
 * No imports: `scripts/start.mjs` loads this file with Node's type stripping, which does not map
 * the `.js` specifiers of imports to their `.ts` sources (so `lib/errors.ts` is not used here).
 *
 * @module
 */

/** A one-line explanation of a `listen` failure on `host:port`, naming `--port` where it helps. */
export function listenErrorMessage(error: unknown, host: string, port: number): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') {
    return `port ${port} is already in use on ${host}; choose another with --port <port> (--port 0 picks a free one)`;
  }
  if (code === 'EACCES') {
    return `no permission to listen on ${where}; choose a port above 1023 with --port <port> (--port 0 picks a free one)`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `cannot listen on ${where}: ${host} is not an address of this machine; check --host`;
  }
  return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`;
}
