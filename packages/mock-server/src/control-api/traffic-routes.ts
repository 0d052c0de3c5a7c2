/**
 * The control routes of who may call and what was called: API keys, the journal and events. Part of the one table
 * (table.ts spreads them in, in this order).
 */
import * as z from 'zod';
import {
  ApiKeyIdParams,
  CreateKeyInputSchema,
  EventsQuerySchema,
  JournalQuerySchema,
  RequestIdParams,
} from './inputs.js';
import { ApiKeyViewSchema, CreatedApiKeyView, EventView, JournalEntryView, JournalSummaryView } from './views.js';
import { route, type ControlRouteSpec } from './route.js';

/**
 * The control routes of who may call and what was called: API keys, the journal and events.
 *
 * @example
 * ```ts
 * const { method, path } = TRAFFIC_ROUTES.createApiKey; // 'POST', '/__mock/api-keys'
 * ```
 */
export const TRAFFIC_ROUTES = {
  apiKeys: route({
    method: 'GET',
    path: '/__mock/api-keys',
    tag: 'API keys',
    summary: 'keys by hint, never a secret',
    status: 200,
    output: z.object({ apiKeys: z.array(ApiKeyViewSchema) }),
  }),
  createApiKey: route({
    method: 'POST',
    path: '/__mock/api-keys',
    tag: 'API keys',
    summary: 'create a key (its secret shown once)',
    body: CreateKeyInputSchema,
    status: 201,
    output: z.object({ apiKey: CreatedApiKeyView }),
  }),
  revokeApiKey: route({
    method: 'POST',
    path: '/__mock/api-keys/{id}/revoke',
    tag: 'API keys',
    summary: 'revoke a key',
    params: ApiKeyIdParams,
    status: 200,
    output: z.object({ apiKey: ApiKeyViewSchema }),
    errors: ['NOT_FOUND'],
  }),
  requests: route({
    method: 'GET',
    path: '/__mock/journal',
    tag: 'Journal',
    summary: 'the requests received, with what was sent and answered; filtered, in pages',
    query: JournalQuerySchema,
    status: 200,
    paged: true,
    output: z.object({ entries: z.array(JournalEntryView) }),
    errors: ['INVALID_CURSOR'],
  }),
  journalStream: route({
    method: 'GET',
    path: '/__mock/journal/stream',
    tag: 'Journal',
    summary: 'the journal as server-sent events',
    description: 'One `data:` line per entry (its summary), the entries kept first; a comment every 15 s.',
    status: 200,
    answer: 'event-stream',
    output: JournalSummaryView,
  }),
  request: route({
    method: 'GET',
    path: '/__mock/journal/{requestId}',
    tag: 'Journal',
    summary: 'one request, by the X-Request-Id it was answered with',
    params: RequestIdParams,
    status: 200,
    output: z.object({ entry: JournalEntryView }),
    errors: ['NOT_FOUND'],
  }),
  events: route({
    method: 'GET',
    path: '/__mock/events',
    tag: 'Journal',
    summary: 'the events recorded',
    query: EventsQuerySchema,
    status: 200,
    output: z.object({ events: z.array(EventView) }),
  }),
} as const satisfies Record<string, ControlRouteSpec>;
