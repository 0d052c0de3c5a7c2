/**
 * The console's only way to the mock: the control surface's HTTP API under `/__mock`, the same
 * one tests use. JSON in and out; a control token, when the server requires one, rides along.
 */

import { ownField } from '../../../lib/json.js';
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
  return (await controlWithCursor<T>(method, path, body)).data;
}

/** A page of a paged control route: its `data` and the cursor of the next page, if any. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the route's data type
export async function controlPage<T>(path: string): Promise<{ data: T; nextCursor: string | null }> {
  return controlWithCursor<T>('GET', path);
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the route's data type
async function controlWithCursor<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: T; nextCursor: string | null }> {
  const stateChanging = method !== 'GET';
  const response = await fetch(`/__mock${path}`, {
    method,
    headers: headers(stateChanging),
    // State-changing requests always carry a JSON body: the server refuses any other type.
    ...(stateChanging ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ControlError(
      response.status,
      'UNREADABLE',
      `The mock answered ${response.status}: ${text.slice(0, 200)}`,
    );
  }
  if (!response.ok || ownField(answer, 'success') !== true) {
    const error = ownField(answer, 'error');
    const code = ownField(error, 'code');
    const message = ownField(error, 'message');
    throw new ControlError(
      response.status,
      typeof code === 'string' ? code : 'ERROR',
      typeof message === 'string' ? message : `The mock answered ${response.status}.`,
    );
  }
  const nextCursor = ownField(ownField(ownField(answer, 'meta'), 'pagination'), 'nextCursor');
  return {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the mock that served this page answers it (same build): T names the route's data from the server's own modules, and the control surface answers its table's output
    data: ownField(answer, 'data') as T,
    nextCursor: typeof nextCursor === 'string' ? nextCursor : null,
  };
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
          // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the stream of the mock that served this page (same build) sends journal summaries, the type its own module names
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
