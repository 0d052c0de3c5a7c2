/**
 * What the CLI says when it cannot listen: the port is the usual culprit, so the message names
 * `--port` and the way out.
 *
 * @module
 */
import { errorCode, errorMessage } from '../../lib/errors.js';

/** A one-line explanation of a `listen` failure on `host:port`, naming `--port` where it helps. */
export function listenErrorMessage(error: unknown, host: string, port: number): string {
  const code = errorCode(error);
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
  return `cannot listen on ${where}: ${errorMessage(error)}`;
}
