/** What the control routes answer, and how they read a query string. */
import { validationIssues } from '@commflow/contract';
import type * as z from 'zod';
import { validationError } from '../../service/api-error.js';

/** A control route's answer: its status, its data and, for a list, its page. */
export interface ControlReply {
  status: number;
  data: unknown;
  pagination?: unknown;
}

/** The query string read by `schema`; a 400 naming each bad parameter, as the API's own. */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw validationError(validationIssues('query', parsed.error.issues));
  return parsed.data;
}
