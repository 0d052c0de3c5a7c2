/**
 * Where the SDK writes its diagnostics: `console` by default, or any object with these four
 * methods (pino, winston and bunyan loggers fit).
 *
 * @example
 * ```ts
 * const client = new CommFlow({ logger: pino(), logLevel: 'debug' });
 * ```
 */
export interface Logger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

/**
 * How much the SDK logs. `debug` logs every request and response line, `info` adds retries,
 * `warn` (the default) and `error` are quiet unless something is off, `off` logs nothing.
 * Headers, bodies and the API key are never logged.
 *
 * @example
 * ```ts
 * const level: LogLevel = 'info';
 * ```
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** Whether a level is one of {@link LogLevel}. */
export function isLogLevel(value: string): value is LogLevel {
  return Object.hasOwn(RANK, value);
}

/** A logger that drops everything below `level`. */
export class LevelLogger {
  readonly #logger: Logger;
  readonly #rank: number;

  constructor(logger: Logger, level: LogLevel) {
    this.#logger = logger;
    this.#rank = RANK[level];
  }

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return RANK[level] <= this.#rank;
  }

  log(level: Exclude<LogLevel, 'off'>, message: string): void {
    if (RANK[level] <= this.#rank) this.#logger[level](`[commflow] ${message}`);
  }
}
