/**
 * What a check is given: the options, the run's marker, a session to send requests with, and
 * assertions that name the request that showed a fault.
 */
import { operations, type ErrorCode, type OperationData, type OperationId, type User } from '@commflow/contract';
import { contractDocument, documentedOperation } from '../openapi-validator.js';
import {
  CheckFailure,
  CheckSkip,
  errorCodeOf,
  type Answer,
  type ErrorAnswer,
  type Session,
  type SuccessAnswer,
} from '../session.js';

/** The answers that say an operation is not available to this tenant, user or key. */
export const GATING_CODES = [
  'PERMISSION_DENIED',
  'MODULE_DISABLED',
  'CAPABILITY_DENIED',
] as const satisfies readonly ErrorCode[];

/** The answer a failure names: its request id, and when known its status, body and sender. */
interface ShownAnswer {
  readonly requestId: string | null;
  readonly status?: number;
  readonly body?: unknown;
  readonly asRun?: boolean;
}

/** The options a check sees, validated. */
export interface CheckOptions {
  readonly apiKey: string;
  readonly tenantId: string;
  readonly userEmail: string;
  readonly userWithoutExtension: string | undefined;
  readonly otherTenantId: string | undefined;
  readonly otherApiKey: string | undefined;
  readonly restrictedApiKey: string | undefined;
}

/**
 * What a check needs from the command line beyond the required options.
 *
 * @example
 * ```ts
 * CHECKS.filter((check) => check.requires.includes('otherTenant')).map((check) => check.id); // ['tenancy.isolation']
 * ```
 */
export type Requirement = 'otherTenant' | 'restrictedKey' | 'userWithoutExtension';

/**
 * What a check sends:
 * - `read`: only GET requests;
 * - `mutate`: POST or PUT requests that a conforming service refuses, so nothing is created;
 * - `create`: creates data (marked), so it needs `--sandbox` or `--allow-live`;
 * - `sandbox`: would reach a carrier on a live tenant, so it needs `--sandbox`.
 *
 * @example
 * ```ts
 * const safe = CHECKS.filter((check) => check.effect === 'read'); // what --read-only runs
 * ```
 */
export type Effect = 'read' | 'mutate' | 'create' | 'sandbox';

/** One check: what it verifies, against which rule, what it needs, and how. */
export interface CheckDefinition {
  readonly id: string;
  readonly title: string;
  /** The rules of the rules page it verifies, by number (`R3`, anchor `r3` on the rules page). */
  readonly rules: readonly string[];
  /** What those rules say, in one line, each led by its number. */
  readonly rule: string;
  readonly effect: Effect;
  readonly requires: readonly Requirement[];
  run(context: CheckContext): Promise<void>;
}

/** Declares a check, keeping its literal id. */
export function defineCheck<const T extends CheckDefinition>(check: T): T {
  return check;
}

/** What a check runs with. */
export class CheckContext {
  readonly #users = new Map<string, User[]>();
  /** What a passing check left out, and why: printed beside PASS. */
  readonly notes: string[] = [];

  constructor(
    readonly options: CheckOptions,
    /** Marks what the run creates: in names and texts, so a person can find and delete it. */
    readonly marker: string,
    readonly session: Session,
  ) {}

  /** Sends a registry operation. */
  call<Id extends OperationId>(id: Id, request?: Parameters<Session['call']>[1]): Promise<Answer<Id>> {
    return this.session.call(id, request);
  }

  /** Fails the check with `message`, naming the request of `answer`, its status and error code. */
  fail(message: string, answer?: ShownAnswer): never {
    if (answer === undefined) throw new CheckFailure(message, null);
    const code = answer.body === undefined ? undefined : errorCodeOf(answer.body);
    throw new CheckFailure(message, {
      requestId: answer.requestId,
      ...(answer.status === undefined ? {} : { status: answer.status }),
      ...(code === undefined ? {} : { code }),
      asRun: answer.asRun ?? false,
    });
  }

  /** Fails the check unless `condition` holds. */
  expect(condition: unknown, message: string, answer?: ShownAnswer): asserts condition {
    if (!condition) this.fail(message, answer);
  }

  /** Records what the check left out (an operation the tenant lacks), shown beside its result. */
  note(text: string): void {
    this.notes.push(text);
  }

  /**
   * Whether an answer says the tenant or the key lacks the operation (a module, a capability or a
   * permission): the check leaves the operation out rather than failing on it, and notes it.
   */
  unavailable<Id extends OperationId>(id: Id, answer: Answer<Id>, codes: readonly string[] = GATING_CODES): boolean {
    if (answer.success || answer.status !== 403 || !codes.includes(answer.error.code)) return false;
    this.note(`${id} left out: ${answer.error.code}`);
    return true;
  }

  /** Ends the check as skipped: the tenant lacks what it needs. */
  skip(reason: string): never {
    throw new CheckSkip(reason);
  }

  /** The data of a success answer; fails the check on an error answer. */
  ok<Id extends OperationId>(answer: Answer<Id>, what = answer.operation): OperationData<Id> {
    this.expectSuccess(answer, what);
    return answer.data;
  }

  /** Fails the check on an error answer. */
  expectSuccess<Id extends OperationId>(answer: Answer<Id>, what: string): asserts answer is SuccessAnswer<Id> {
    if (!answer.success) {
      this.fail(
        `${what}: expected success, got ${answer.status} ${answer.error.code} (${answer.error.message})`,
        answer,
      );
    }
  }

  /** Fails the check unless `answer` is the error `code`, with the catalogue's status (checked against openapi.json already). */
  expectError<Id extends OperationId>(answer: Answer<Id>, code: string, why: string): ErrorAnswer {
    if (answer.success) this.fail(`${why}: expected ${code}, got ${answer.status} success`, answer);
    if (answer.error.code !== code) {
      this.fail(
        `${why}: expected ${code}, got ${answer.status} ${answer.error.code} (${answer.error.message})`,
        answer,
      );
    }
    return answer;
  }

  /** The users of a tenant (first page at the maximum limit is enough for the checks' lookups). */
  async users(apiKey = this.options.apiKey, tenantId = this.options.tenantId): Promise<User[]> {
    const cached = this.#users.get(tenantId);
    if (cached !== undefined) return cached;
    const answer = await this.call('users.list', { apiKey, tenantId, query: { limit: 100 } });
    const users = this.ok(answer).users;
    this.#users.set(tenantId, users);
    return users;
  }
}

/** The query parameters openapi.json documents for an operation. */
export function queryParameters(id: OperationId, required = false): string[] {
  const op = operations[id];
  return (documentedOperation(contractDocument, op.method, op.path)?.parameters ?? [])
    .filter((parameter) => parameter.in === 'query' && (!required || parameter.required === true))
    .map((parameter) => parameter.name);
}

/** Whether a string is the id of a registry entry. */
const isOperationId = (id: string): id is OperationId => Object.hasOwn(operations, id);

/**
 * The registry entries a read-only sweep may send as they are: GETs without path parameters or
 * required query parameters.
 */
export function listOperationIds(filter: (id: OperationId) => boolean = () => true): OperationId[] {
  return Object.keys(operations).filter(
    (id): id is OperationId =>
      isOperationId(id) &&
      operations[id].method === 'GET' &&
      operations[id].pathParams === undefined &&
      queryParameters(id, true).length === 0 &&
      filter(id),
  );
}
