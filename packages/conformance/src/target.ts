/**
 * Before any check: is there a CommFlow API at the base URL at all? A target that cannot be
 * reached, or that answers like no API (a web page, another service), stops the run with one
 * message: every check would fail on the same cause, which says nothing about conformance.
 */
import { OPENAPI_PATH, operations } from '@commflow/contract';
import { answered, CheckFailure, errorCodeOf, Unreachable, type Session } from './session.js';

/**
 * The run could not start: the target cannot be reached, or serves no CommFlow API. The CLI
 * prints its message and exits 2; nothing was checked.
 *
 * @example
 * ```ts
 * try {
 *   await runConformance(options);
 * } catch (error) {
 *   if (error instanceof ConformanceTargetError) console.error(error.message); // cannot reach http://127.0.0.1:4010: ECONNREFUSED
 * }
 * ```
 */
export class ConformanceTargetError extends Error {
  override readonly name = 'ConformanceTargetError';
}

/** What a GET answered, in a few words: `404 (not JSON)`, `200`, `401 UNAUTHENTICATED`. */
async function describeGet(session: Session, path: string): Promise<{ text: string; looksLikeApi: boolean }> {
  try {
    const answer = await session.get(path);
    const document = answer.body as { openapi?: unknown; paths?: unknown } | undefined;
    const isDocument = answer.status === 200 && typeof document?.openapi === 'string';
    // Any error envelope (401 without a key, as a conforming service answers) shows an API.
    const isEnvelope = errorCodeOf(answer.body) !== undefined;
    return { text: answered(answer), looksLikeApi: isDocument || isEnvelope };
  } catch (error) {
    if (error instanceof Unreachable) throw error;
    if (error instanceof CheckFailure)
      return { text: `${String(error.status ?? '')} (not JSON)`.trim(), looksLikeApi: false };
    throw error;
  }
}

/**
 * Resolves when something at the base URL answers like the CommFlow API: its `openapi.json`, or
 * the error envelope on a request without a key. Sends one request, two when the first shows no
 * API.
 *
 * @throws ConformanceTargetError when the target cannot be reached or serves no such API.
 */
export async function checkTarget(session: Session, shownUrl: string): Promise<void> {
  try {
    const documentAnswer = await describeGet(session, OPENAPI_PATH);
    if (documentAnswer.looksLikeApi) return;
    const listPath = operations['users.list'].path;
    const listAnswer = await describeGet(session, listPath);
    if (listAnswer.looksLikeApi) return;
    throw new ConformanceTargetError(
      `no CommFlow API at ${shownUrl}: GET ${OPENAPI_PATH} answered ${documentAnswer.text}, and GET ${listPath} without a key ${listAnswer.text}, not the error envelope. Check --base-url: it is the service's root, where /api/v1 begins`,
    );
  } catch (error) {
    if (error instanceof Unreachable) {
      throw new ConformanceTargetError(
        `cannot reach ${shownUrl}: ${error.message}. Check --base-url, and that the service runs`,
      );
    }
    throw error;
  }
}
