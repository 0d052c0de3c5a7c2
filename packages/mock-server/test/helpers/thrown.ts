/**
 * What a call throws, for tests that look at the error itself: its class, code or message. Each
 * fails the test when nothing is thrown, so an assertion on the error can never pass vacuously.
 */
import { stripVTControlCharacters } from 'node:util';

/** What `run` throws. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/** What `run` throws, or its promise rejects with. */
export async function rejection(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/** The message of what `run` throws, without colours (a matcher's message has them). */
export function thrownMessage(run: () => unknown): string {
  return messageOf(thrown(run));
}

/** The message of what `run` throws or rejects with, without colours. */
export async function rejectionMessage(run: () => unknown): Promise<string> {
  return messageOf(await rejection(run));
}

function messageOf(error: unknown): string {
  return stripVTControlCharacters(error instanceof Error ? error.message : String(error));
}
