/**
 * Reading a scenario file for the CLI. Only a regular file under {@link MAX_SCENARIO_FILE_BYTES}
 * is read: `--scenario /dev/zero` would otherwise read forever, a FIFO would block, and a huge
 * file would exhaust memory before the first error.
 *
 * @module
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { errorMessage } from '../lib/errors.js';

/**
 * The largest scenario file the CLI reads: 256 MiB. A listed contact takes about 100 bytes of
 * JSON, so a world of a million listed contacts fits, and the string stays far below V8's limit.
 *
 * @example
 * ```ts
 * MAX_SCENARIO_FILE_BYTES; // 268_435_456
 * ```
 */
export const MAX_SCENARIO_FILE_BYTES = 256 * 1024 * 1024;

/** A scenario file that cannot be used; the message names the file and the reason. */
export class ScenarioFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScenarioFileError';
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;

/**
 * Reads and parses a scenario JSON file.
 *
 * @throws ScenarioFileError when `path` cannot be opened, is not a regular file (a device, FIFO,
 *   socket or directory), is larger than `maxBytes`, or is not JSON.
 */
export function readScenarioFile(path: string, maxBytes: number = MAX_SCENARIO_FILE_BYTES): unknown {
  let fd: number;
  try {
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new ScenarioFileError(`cannot read scenario ${path}: ${errorMessage(error)}`);
  }
  try {
    // The descriptor's own stat: what is read is what was checked.
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new ScenarioFileError(`scenario ${path} is not a regular file; pass a JSON file or "demo"`);
    }
    if (stat.size > maxBytes) {
      throw new ScenarioFileError(
        `scenario ${path} is ${mib(stat.size)}, over the ${mib(maxBytes)} limit for scenario files`,
      );
    }
    const text = readFileSync(fd, 'utf8');
    // A file that grew after the check is held to the same limit.
    if (Buffer.byteLength(text) > maxBytes) {
      throw new ScenarioFileError(`scenario ${path} grew over the ${mib(maxBytes)} limit while it was read`);
    }
    try {
      const value: unknown = JSON.parse(text);
      return value;
    } catch (error) {
      throw new ScenarioFileError(`scenario ${path} is not valid JSON: ${errorMessage(error)}`);
    }
  } finally {
    closeSync(fd);
  }
}
