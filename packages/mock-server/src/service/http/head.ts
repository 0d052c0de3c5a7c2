/**
 * HEAD, answered wherever GET is (RFC 9110 §9.3.2): the request goes through as a GET, and the
 * answer keeps its status and headers but drops its body. `Content-Length` tells the size the
 * GET body would have.
 *
 * @module
 */
import { isDropped } from '../../lib/dropped.js';

/**
 * The GET a HEAD request stands for: same URL, headers and signal. Built from its parts: the
 * Node adapter's requests are lightweight look-alikes that `new Request(request)` cannot copy.
 */
function asGet(request: Request): Request {
  return new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal });
}

/** A body that goes on for as long as the client listens (server-sent events). */
function isEndless(headers: Headers): boolean {
  return headers.get('content-type')?.startsWith('text/event-stream') === true;
}

/** `response` without its body, `Content-Length` set to the body's size. */
async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (response.body === null) {
    headers.set('content-length', '0');
  } else if (headers.has('content-length') || isEndless(headers)) {
    // An event stream has no size to tell: reading it to the end would never end.
    await response.body.cancel();
  } else {
    headers.set('content-length', String((await response.arrayBuffer()).byteLength));
  }
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Answers `request` with `answer`, a HEAD as the GET it stands for without the body; `answer`
 * also gets the method to journal (HEAD for a HEAD).
 */
export async function answerWithHead(
  request: Request,
  answer: (request: Request, method: string) => Promise<Response>,
): Promise<Response> {
  if (request.method !== 'HEAD') return answer(request, request.method);
  const response = await answer(asGet(request), 'HEAD');
  // A dropped connection has no answer to strip.
  return isDropped(response) ? response : withoutBody(response);
}

/** The `Allow` list of a resource: HEAD goes wherever GET does. Sorted, no duplicates. */
export function allowWithHead(methods: Iterable<string>): string[] {
  const allow = new Set(methods);
  if (allow.has('GET')) allow.add('HEAD');
  return [...allow].sort();
}
