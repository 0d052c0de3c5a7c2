import { validationIssues } from '@commflow/contract/requests';
import type * as z from 'zod/mini';
import { ValidationError } from './errors.js';
import { loadMessages } from './deferred-messages.js';

/** What an issue says until {@link describe} writes its message: no message can be this string. */
const UNDESCRIBED = '\u0000undescribed';

/**
 * Parse options for the SDK's own validation: each issue no schema describes gets
 * {@link UNDESCRIBED} rather than the app's zod locale (or none), and keeps its input, so that its
 * English message can be written later from the issue alone.
 */
export const DEFER_MESSAGES: z.core.ParseContext<z.core.$ZodIssue> = { error: () => UNDESCRIBED, reportInput: true };

/**
 * Arguments that failed validation, thrown inside the request core and turned into a
 * {@link ValidationError} by {@link describe} before the call rejects.
 */
export class InvalidArguments {
  readonly operation: string;
  /** Where the value was: `['body']`, `['options', 'tenantId']`… */
  readonly where: readonly string[];
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(operation: string, where: readonly string[], issues: readonly z.core.$ZodIssue[]) {
    this.operation = operation;
    this.where = where;
    this.issues = issues;
  }
}

/**
 * The {@link ValidationError} of `invalid`. A message a schema gives itself is kept; every other
 * one is written in English by core/messages.ts, loaded on the first invalid call. Should that
 * chunk fail to load (a browser gone offline), the issue's code stands in for its message.
 */
export async function describe(invalid: InvalidArguments): Promise<ValidationError> {
  let message: (issue: z.core.$ZodIssue) => string;
  try {
    message = (await loadMessages()).englishMessage;
  } catch {
    message = (issue) => `Invalid input (${issue.code})`;
  }
  const issues = invalid.issues.map((issue) =>
    issue.message === UNDESCRIBED ? { ...issue, message: message(issue) } : issue,
  );
  return new ValidationError(invalid.operation, validationIssues(invalid.where, issues));
}
