/**
 * What the suite-wide checks of a test file found: every answer of the service (through `call`)
 * checked against openapi.json, every answer of the control surface against control-openapi.json.
 * The conformance setup file judges a file by what it left here.
 *
 * The files of a worker share their modules (`isolate: false`), but a module mocked by a setup
 * file is made once per worker while the setup file runs again for each file. The findings live
 * on the worker's global object, where every copy meets, and each file takes out its own.
 */
export interface Findings {
  /** Answers that depart from their document, one line each. */
  readonly failures: string[];
  /** Checks still reading a body. */
  readonly pending: Promise<void>[];
}

const STATE = Symbol.for('commflow.test.findings');
const worker = globalThis as unknown as Record<symbol, Findings | undefined>;

/** This worker's findings, made on first use. */
export function findings(): Findings {
  return (worker[STATE] ??= { failures: [], pending: [] });
}

/** Takes out what the file that just ended left: its failures, once its pending checks are done. */
export async function takeFindings(): Promise<string[]> {
  const { failures, pending } = findings();
  await Promise.all(pending.splice(0));
  return failures.splice(0);
}
