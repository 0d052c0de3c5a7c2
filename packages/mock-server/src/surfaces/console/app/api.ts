/**
 * The console's only way to the mock: the control surface's HTTP API under `/__mock`, the same
 * one tests use. JSON in and out; a control token, when the server requires one, rides along.
 */

import type { JournalEntry } from './types.js';

const TOKEN_KEY = 'commflow-mock-control-token';

/** The control token: from `#token=…` on first load (then kept for the tab), or none. */
function readToken(): string | null {
  const match = /^#token=([^&]+)/.exec(location.hash);
  if (match?.[1] !== undefined) {
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    // Out of the address bar, so it is not bookmarked or shared by accident.
    history.replaceState(null, '', `${location.pathname}${location.search}#start`);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

const token = readToken();

function headers(json: boolean): Record<string, string> {
  return {
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token === null ? {} : { authorization: `Bearer ${token}` }),
  };
}

/** A control request the mock refused, with its error code. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Calls a control route; answers its `data`, or throws a {@link ControlError}. */
export async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await controlWithMeta<T>(method, path, body)).data;
}

/** A page of a paged control route: its `data` and the cursor of the next page, if any. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the route's data type
export async function controlPage<T>(path: string): Promise<{ data: T; nextCursor: string | null }> {
  const { data, meta } = await controlWithMeta<T>('GET', path);
  return { data, nextCursor: meta?.pagination?.nextCursor ?? null };
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the route's data type
async function controlWithMeta<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: T; meta: { pagination?: { nextCursor: string | null } } | undefined }> {
  const stateChanging = method !== 'GET';
  const response = await fetch(`/__mock${path}`, {
    method,
    headers: headers(stateChanging),
    // State-changing requests always carry a JSON body: the server refuses any other type.
    ...(stateChanging ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const text = await response.text();
  let parsed: {
    success?: boolean;
    data?: T;
    error?: { code: string; message: string };
    meta?: { pagination?: { nextCursor: string | null } };
  } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new ControlError(
      response.status,
      'UNREADABLE',
      `The mock answered ${response.status}: ${text.slice(0, 200)}`,
    );
  }
  if (!response.ok || parsed.success !== true) {
    throw new ControlError(
      response.status,
      parsed.error?.code ?? 'ERROR',
      parsed.error?.message ?? `The mock answered ${response.status}.`,
    );
  }
  return { data: parsed.data as T, meta: parsed.meta };
}

/**
 * Follows the journal's event stream (`/__mock/journal/stream`), reconnecting after a drop.
 * `onOpen` runs on each (re)connection, which first replays the entries kept so far.
 */
export async function followJournal(
  onEntry: (entry: JournalEntry) => void,
  onOpen: () => void,
  signal: AbortSignal,
  onState: (connected: boolean) => void,
): Promise<void> {
  // Read through a function: the loop's awaits may change it.
  const leaving = () => signal.aborted;
  while (!leaving()) {
    try {
      const response = await fetch('/__mock/journal/stream', { headers: headers(false), signal });
      if (!response.ok || response.body === null) throw new Error(`stream answered ${response.status}`);
      onOpen();
      onState(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice('data: '.length))
            .join('\n');
          if (data !== '') onEntry(JSON.parse(data) as JournalEntry);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Dropped or refused: retry below, unless the page is leaving.
    }
    onState(false);
    if (leaving()) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
