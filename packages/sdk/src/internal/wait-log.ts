import type { LevelLogger } from './logger.js';

type Level = 'warn' | 'info';

/** How long no wait may be in progress before a storm counts as over: calls between two waits (a retry's attempt) do not end it. */
const QUIET_MS = 1_000;

/**
 * The log of a client's waits (retry delays and the rate-limit queue) as storms: while waits
 * overlap, only the first is logged; when the last of them ends, one summary line gives their
 * count. A burst of 200 calls into a rate limit logs two lines, not 250. Holds only counters.
 *
 * @internal
 */
export class WaitLog {
  readonly #log: LevelLogger;
  /** Waits in progress. */
  #active = 0;
  /** Waits since the storm began, the first included. */
  #count = 0;
  #started = 0;
  #level: Level = 'info';
  #quiet: ReturnType<typeof setTimeout> | undefined;

  constructor(log: LevelLogger) {
    this.#log = log;
  }

  /**
   * A wait begins: its line is logged when it starts a storm, counted otherwise. Returns the
   * function that ends it (calling it twice ends it once).
   */
  begin(level: Level, line: string): () => void {
    if (this.#quiet !== undefined) {
      clearTimeout(this.#quiet);
      this.#quiet = undefined;
    } else if (this.#active === 0) {
      this.#count = 0;
      this.#started = Date.now();
      this.#level = level;
      this.#log.log(level, line);
    }
    if (level === 'warn') this.#level = 'warn';
    this.#active++;
    this.#count++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.#active > 0) return;
      if (this.#count === 1) return;
      this.#quiet = setTimeout(() => {
        this.#quiet = undefined;
        this.#summary();
      }, QUIET_MS);
      // A summary never keeps a process alive. A timer has unref() in Node; in a browser it is a
      // number, whose unref is undefined as well.
      const timer: { unref?: () => void } = this.#quiet;
      timer.unref?.();
    };
  }

  #summary(): void {
    const seconds = Math.round((Date.now() - this.#started) / 100) / 10;
    this.#log.log(
      this.#level,
      `the waits are over: ${String(this.#count)} waits (rate limit and retries) in ${String(seconds)} s; only the first was logged.`,
    );
  }
}

const logs = new WeakMap<LevelLogger, WaitLog>();

/**
 * The wait log of a client's logger, made by its first wait: a client that never waits never
 * makes one.
 *
 * @internal
 */
export function waitLogOf(log: LevelLogger): WaitLog {
  let waits = logs.get(log);
  if (waits === undefined) logs.set(log, (waits = new WaitLog(log)));
  return waits;
}
