/**
 * Before any check: is there a CommFlow API at the base URL at all? A target that cannot be
 * reached, or that answers like no API (a web page, another service, a path that is not the API's
 * root), stops the run with one message: every check would fail on the same cause, which says
 * nothing about conformance.
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

/** What a GET answered: in a few words (`404 (not JSON)`, `200`, `401 UNAUTHENTICATED`), and what it shows. */
interface Seen {
  readonly text: string;
  readonly status: number | null;
  /** The OpenAPI document: the API's root, for sure. */
  readonly isDocument: boolean;
  /** The error envelope. */
  readonly isEnvelope: boolean;
  /** A body that is not JSON: a web page, most likely. */
  readonly notJson: boolean;
}

/** GETs `path`, without a key, or with the run's key, tenant and user. */
async function describeGet(session: Session, path: string, withKey = false): Promise<Seen> {
  try {
    const answer = withKey ? await session.probe(path) : await session.get(path);
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- an answer body is JSON of any shape; only `openapi` is read, and its type is checked just below
    const document = answer.body as { openapi?: unknown } | undefined;
    return {
      text: answered(answer),
      status: answer.status,
      isDocument: answer.status === 200 && typeof document?.openapi === 'string',
      isEnvelope: errorCodeOf(answer.body) !== undefined,
      notJson: false,
    };
  } catch (error) {
    if (error instanceof Unreachable) throw error;
    if (error instanceof CheckFailure) {
      const text = `${String(error.status ?? '')} (not JSON)`.trim();
      return { text, status: error.status, isDocument: false, isEnvelope: false, notJson: true };
    }
    throw error;
  }
}

/** The likely fix of a base URL where the API's root is not: a path in it is the usual mistake. */
function baseUrlFix(shownUrl: string): string {
  const url = new URL(shownUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const root = "Check --base-url: it is the service's root, where /api/v1 begins";
  return path === '' ? root : `${root} (perhaps ${url.origin}, without ${path})`;
}

/**
 * Resolves when something at the base URL answers like the CommFlow API's root: its
 * `openapi.json`, which needs no key; or, without it, an API that answers (the checks then say
 * what is wrong with it). Sends one request; two or three when the first finds no document.
 *
 * A base URL that is not the root (a path too many, such as the mock's `/__mock/console`) shows as
 * no document, and answers that are web pages, or only 404s and 401s: a server answers those to
 * any path, in the error envelope too, so an envelope alone does not show the API's root. Only
 * 401s could also be a root whose document wrongly needs a key: the document is asked for once
 * more with the run's key, and a root sends it then.
 *
 * @throws ConformanceTargetError when the target cannot be reached or serves no such API.
 */
export async function checkTarget(session: Session, shownUrl: string): Promise<void> {
  try {
    const documentAnswer = await describeGet(session, OPENAPI_PATH);
    if (documentAnswer.isDocument) return;
    const listPath = operations['users.list'].path;
    const listAnswer = await describeGet(session, listPath);
    const answers = [documentAnswer, listAnswer];
    let keyed: Seen | undefined;
    if (answers.every((answer) => answer.status === 401)) {
      keyed = await describeGet(session, OPENAPI_PATH, true);
      if (keyed.isDocument) return;
      answers.push(keyed);
    }
    const noApi =
      answers.some((answer) => answer.notJson) ||
      answers.every((answer) => answer.status === 404 || answer.status === 401) ||
      !answers.some((answer) => answer.isEnvelope);
    if (!noApi) return;
    const withKey = keyed === undefined ? '' : ` (${keyed.text} with the key)`;
    throw new ConformanceTargetError(
      `no CommFlow API at ${shownUrl}: GET ${OPENAPI_PATH} answered ${documentAnswer.text}${withKey}, and GET ${listPath} without a key ${listAnswer.text}. ${baseUrlFix(shownUrl)}`,
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
