/**
 * Requests Node's HTTP parser refused (a control character in the request line or a header, a
 * malformed header name), read again leniently from the bytes received. They then travel the same
 * checks as any request (the key and the rate limit, or the control gate) and are refused with the
 * one error envelope, `details` naming each part that is not valid HTTP, with the headers every
 * such answer carries.
 *
 * @module
 */
import { ApiError } from './api-error.js';

interface Issue {
  path: string[];
  message: string;
}

/** The issues of the requests read here, by request. */
const issuesOf = new WeakMap<Request, readonly Issue[]>();

/** What the answer says, whatever the parts: how to send such characters. */
const MESSAGE =
  'The request line or a header is not valid HTTP: a control character, or a character not allowed there. ' +
  'Percent-encode such characters in the URL; header values may hold tabs and visible characters only.';

/**
 * The refusal of a request read by {@link readUnparsable}, or `undefined` for any other request.
 *
 * @example
 * ```ts
 * const error = malformedError(request); // ApiError VALIDATION_ERROR, details [{ path: ['header', 'X-Note'], … }]
 * ```
 */
export function malformedError(request: Request): ApiError | undefined {
  const issues = issuesOf.get(request);
  return issues === undefined ? undefined : new ApiError('VALIDATION_ERROR', MESSAGE, issues);
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^(\S+) (\S+) HTTP\/1\.[01]$/;
/** Bytes a header value may not hold: controls but the tab (RFC 9110 §5.5). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const VALUE_CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
/** Bytes a request target may not hold. */
const TARGET_UNSAFE = /[^\x21-\x7e]/;
/** Headers about the body or the connection: the lenient reading sends no body. */
const DROPPED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect']);

/** A name as a `details` path shows it: control characters written as `\xNN`. */
const shown = (text: string) =>
  text.replace(/[^\x20-\x7e]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

/**
 * A request Node's parser refused, read from the bytes it received (`rawPacket` of the parse
 * error; Latin-1, as HTTP/1.1 reads them): its method and target where they can be read (the
 * target's other bytes percent-encoded), the headers that are valid, and an issue for each part
 * that is not. `origin` stands in for a missing or invalid `Host`. The request carries no body.
 *
 * @example
 * ```ts
 * const { request, target } = readUnparsable(Buffer.from('GET / HTTP/1.1\r\nX-Note: a\x01b\r\n\r\n', 'latin1'), 'http://127.0.0.1:4010', 'HPE_INVALID_HEADER_TOKEN');
 * ```
 */
export function readUnparsable(
  raw: Buffer | undefined,
  origin: string,
  code: string,
): { request: Request; target: string } {
  const text = raw?.toString('latin1') ?? '';
  const end = text.indexOf('\r\n\r\n');
  const [line = '', ...fields] = (end === -1 ? text : text.slice(0, end)).split('\r\n');
  const issues: Issue[] = [];
  const parts = REQUEST_LINE.exec(line);
  const [, method = 'GET', rawTarget = line.split(' ')[1] ?? '/'] = parts ?? [];
  if (parts === null || !TOKEN.test(method) || TARGET_UNSAFE.test(rawTarget)) {
    issues.push({
      path: ['requestLine'],
      message: `"${shown(line)}" is not METHOD, a target of visible ASCII and HTTP/1.1, separated by single spaces`,
    });
  }
  const encoded = rawTarget.replace(
    new RegExp(TARGET_UNSAFE, 'g'),
    (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  const target = encoded.startsWith('/') ? encoded : '/';
  const headers = new Headers();
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = colon === -1 ? field : field.slice(0, colon);
    const value = colon === -1 ? '' : field.slice(colon + 1).trim();
    if (colon <= 0 || !TOKEN.test(name)) {
      issues.push({ path: ['header', shown(name)], message: 'is not a valid header name' });
    } else if (VALUE_CONTROL.test(value)) {
      issues.push({
        path: ['header', name],
        message: 'holds a control character: a header value may hold tabs and visible characters only',
      });
    } else if (!DROPPED.has(name.toLowerCase())) {
      headers.append(name, value);
    }
  }
  if (issues.length === 0) issues.push({ path: ['request'], message: `is not valid HTTP/1.1 (${code})` });
  const host = headers.get('host');
  const url = urlOf(target, host === null ? origin : `http://${host}`, origin);
  let request: Request;
  try {
    request = new Request(url, { method, headers });
  } catch {
    // A method fetch may not send (TRACE, CONNECT) or no method at all: the checks need none.
    request = new Request(url, { headers });
  }
  issuesOf.set(request, issues);
  return { request, target };
}

/** `target` against the request's `Host`, or against `origin` where that host is no URL's. */
function urlOf(target: string, base: string, origin: string): URL {
  try {
    return new URL(target, base);
  } catch {
    return new URL(target, origin);
  }
}
