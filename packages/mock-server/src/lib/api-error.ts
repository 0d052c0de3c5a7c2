import { ERROR_CATALOGUE, type ErrorCode, type ValidationIssue } from '@commflow/contract';
import type * as z from 'zod';
import { checkInput } from './input-issues.js';

/**
 * A catalogue error thrown by a pipeline step or a domain module; the envelope step turns it
 * into the spec's error response.
 *
 * @example
 * ```ts
 * throw new ApiError('NOT_FOUND', 'No such contact.');
 * ```
 */
export class ApiError extends Error {
  /** A catalogue code, or (for injected faults and the control surface only) another code. */
  readonly code: string;
  readonly status: number;
  readonly details: unknown;
  /** Extra response headers, such as `Allow` or `Retry-After`. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, details?: unknown, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = details;
    this.headers = headers;
  }

  /** An error outside the catalogue: injected faults and control-surface conflicts. */
  static custom(status: number, code: string, message: string, headers: Record<string, string> = {}): ApiError {
    const error = new ApiError('INTERNAL_ERROR', message, undefined, headers);
    Object.assign(error, { status, code });
    return error;
  }
}

/** A `VALIDATION_ERROR` listing every issue. */
export function validationError(details: ValidationIssue[]): ApiError {
  const first = details[0];
  const summary = first === undefined ? 'The request is invalid.' : `Invalid ${first.path.join('.')}: ${first.message}`;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new ApiError('VALIDATION_ERROR', `${summary}${more}`, details);
}

/**
 * `value` checked by `schema`; otherwise a `VALIDATION_ERROR` whose details name each problem's
 * path under `location` (`['body']` over HTTP, the parameter's name in process), an unknown key
 * by its own path and with the key it most likely meant. Every control input is parsed here.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, location: readonly string[]): z.output<T> {
  const checked = checkInput(schema, value, location);
  if (!checked.success) throw validationError(checked.issues);
  return checked.data;
}

/** A `VALIDATION_ERROR` with one detail. */
export function invalid(path: string[], message: string): ApiError {
  return validationError([{ path, message }]);
}

/** The `NOT_FOUND` every missing, foreign or inaccessible identifier gets: existence is never revealed. */
export function notFound(what: string): ApiError {
  return new ApiError('NOT_FOUND', `${what} not found.`);
}
