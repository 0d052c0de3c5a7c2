/**
 * `commflow-mock --state FILE`: the world survives a restart. The file is read at start (a
 * missing file means a fresh world from the scenario), written atomically (a temporary file,
 * fsync, rename) on SIGINT and SIGTERM and every interval while requests came in, and never
 * overwritten by a start that could not read it.
 *
 * @module
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorCode, errorMessage } from '../../lib/errors.js';
import { parseSnapshot, SnapshotError } from '../../runtime/snapshot/restore.js';
import type { MockSnapshot } from '../../runtime/snapshot/schema.js';

/** A state file that cannot be used: the message names the file and the problem. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/**
 * The snapshot in `path`, or `undefined` when there is no such file yet.
 *
 * @throws StateFileError for a file that cannot be read, is not JSON, or is not a snapshot this
 *   mock reads (another version included).
 */
export function readStateFile(path: string): MockSnapshot | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new StateFileError(`cannot read the state file ${path}: ${errorMessage(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(`the state file ${path} is not valid JSON (${errorMessage(error)}); it was left as it is`);
  }
  try {
    return parseSnapshot(value);
  } catch (error) {
    if (error instanceof SnapshotError) throw stateFileProblem(path, error);
    throw error;
  }
}

/** A snapshot error as the CLI reports it: the file, then each problem's path. */
export function stateFileProblem(path: string, error: SnapshotError): StateFileError {
  const problems = error.issues
    .slice(0, 5)
    .map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('\n');
  return new StateFileError(`the state file ${path} cannot be restored; it was left as it is:\n${problems}`);
}

/**
 * Checks at start that `path` can be written, by creating and removing a file beside it: a mock
 * that would say "saved on exit" and then lose the world (a missing directory, no permission, a
 * read-only disk) refuses to start instead.
 *
 * @throws StateFileError naming the file and the system's reason.
 */
export function assertStateFileWritable(path: string): void {
  const probe = `${resolve(path)}.${process.pid}.probe`;
  try {
    closeSync(openSync(probe, 'w', 0o600));
  } catch (error) {
    throw new StateFileError(
      `cannot write the state file ${path} (${errorCode(error) ?? errorMessage(error)}: is ${dirname(resolve(path))} an existing, writable directory?)`,
    );
  }
  rmSync(probe, { force: true });
}

/**
 * Writes `snapshot` to `path` atomically: into a temporary file beside it, flushed to disk, then
 * renamed over the old one, so a crash leaves either the old file or the new one, never half.
 */
export function writeStateFile(path: string, snapshot: MockSnapshot): void {
  const target = resolve(path);
  const temporary = `${target}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(snapshot));
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, target);
  // The rename itself is durable once the directory is flushed (not every platform allows it).
  try {
    const dir = openSync(dirname(target), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Best effort: the data is already on disk.
  }
}

/**
 * Saves the world every `intervalSeconds` while something changed (a request came in), and once
 * more on {@link StateSaver.flush}. A crash loses at most the last interval.
 */
export class StateSaver {
  readonly #path: string;
  readonly #take: () => MockSnapshot;
  readonly #onError: (error: unknown) => void;
  #dirty = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: {
    path: string;
    take: () => MockSnapshot;
    intervalSeconds: number;
    onError: (error: unknown) => void;
  }) {
    this.#path = options.path;
    this.#take = options.take;
    this.#onError = options.onError;
    if (options.intervalSeconds > 0) {
      this.#timer = setInterval(() => {
        if (this.#dirty) this.flush();
      }, options.intervalSeconds * 1000);
      this.#timer.unref();
    }
  }

  /** Something changed: the next tick writes. */
  touch(): void {
    this.#dirty = true;
  }

  /** Writes now (whether or not something changed) and stops the timer when `final`. */
  flush(final = false): void {
    if (final && this.#timer !== undefined) clearInterval(this.#timer);
    this.#dirty = false;
    try {
      writeStateFile(this.#path, this.#take());
    } catch (error) {
      this.#dirty = true;
      this.#onError(error);
    }
  }
}
