/**
 * The top of the HTTP reference (`info.description`): authentication, the envelope, errors and
 * pagination, written from the same constants the guides are checked against (the headers, the
 * error catalogue, the page limits), so the reference cannot drift from them.
 */
import { ERROR_CATALOGUE } from '../errors.js';
import { HEADERS } from '../headers.js';
import { crossFieldRulesMarkdown } from './rules.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET } from '../schemas/pagination.js';

const INTRO =
  'Tenant-scoped HTTP/JSON API for CRM and automation clients. Elements marked `x-assumed: true` were decided by this project where the service specification is silent. Response fields typed `anyOf` a known enum and any string are open: the service may add values, and a client must accept ones it does not know.';

/** The markdown of `info.description`. */
export function apiOverview(): string {
  const errors = Object.entries(ERROR_CATALOGUE)
    .map(([code, { status, meaning }]) => `| \`${code}\` | ${String(status)} | ${meaning.replaceAll('|', '\\|')} |`)
    .join('\n');
  return `${INTRO}

## Authentication

Every request sends an API key, as \`${HEADERS.apiKey}: <key>\` or \`${HEADERS.authorization}: Bearer <key>\`. A request may send both only with the same key: both with different keys is 401 \`UNAUTHENTICATED\`. It also sends the tenant it acts in, as \`${HEADERS.tenantId}\`. A \`cf_\` key belongs to one tenant; a \`cfa_\` key to several. Operations that act as a person (sending a message, placing a call) also need \`${HEADERS.userEmail}\`: the acting user, a user of that tenant. Each key has a rate limit: every answer carries \`${HEADERS.rateLimitLimit}\`, \`${HEADERS.rateLimitRemaining}\` and \`${HEADERS.rateLimitReset}\`, and a 429 carries \`${HEADERS.retryAfter}\`.

## The envelope

Every JSON answer is an envelope: \`{ "success": true, "data": …, "meta": { "requestId", "timestamp" } }\`, or \`{ "success": false, "error": { "code", "message", "details"? }, "meta": … }\`. \`meta.requestId\` equals the \`${HEADERS.requestId}\` header, which echoes a client's own \`${HEADERS.requestId}\` when it sends a usable one. A mutation may send an \`${HEADERS.idempotencyKey}\`: the same key and body within 24 h replays the first answer, marked \`${HEADERS.idempotentReplayed}: true\`.

## Errors

| Code | Status | Meaning |
| --- | --- | --- |
${errors}

## Rules between fields

Some rules tie two fields together; a request that breaks one is 400 \`VALIDATION_ERROR\`, its \`details\` naming the second field:

${crossFieldRulesMarkdown()}

## Pagination

Lists answer one page and \`meta.pagination\` (\`limit\`, \`offset\`, \`hasMore\`, \`nextCursor\`). \`limit\` is 1..${String(MAX_PAGE_LIMIT)}, default ${String(DEFAULT_PAGE_LIMIT)}; \`offset\` is 0..${String(MAX_PAGE_OFFSET)}. Lists that page by cursor return \`nextCursor\` while \`hasMore\` is true: pass it back as \`cursor\` for the next page. A cursor is bound to the tenant, the acting user and the filters it was made with; a \`cursor\` with a non-zero \`offset\` is 400 \`VALIDATION_ERROR\`.`;
}
