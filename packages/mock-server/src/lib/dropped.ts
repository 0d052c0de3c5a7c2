/**
 * Whether `response` is the network error (`Response.error()`) an override that drops the
 * connection answers with. Status 0 is a network error's alone: a `Response` cannot be built with
 * it. It is read instead of `type` because the Node adapter's responses are @hono/node-server's
 * light ones, and reading their `type` (or `body`) makes each build undici's `Response` and a web
 * stream around its body, which the adapter then reads back chunk by chunk.
 *
 * @example
 * ```ts
 * isDropped(Response.error()); // true
 * isDropped(new Response('{}')); // false
 * ```
 */
export function isDropped(response: Response): boolean {
  return response.status === 0;
}
