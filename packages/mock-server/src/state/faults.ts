import * as z from 'zod';

/** The status of a fault given neither a status nor a delay. */
export const DEFAULT_FAULT_STATUS = 503;

/**
 * A fault to inject: the next `times` requests matching `method` and `path` stall for
 * `delayMs` (real time) and then, when `status` is set, fail with it. Faults act where the
 * operation would run, after authentication and validation, so a stalled request holds its
 * idempotency key (a duplicate gets `IDEMPOTENCY_IN_PROGRESS`).
 *
 * @example
 * ```ts
 * FaultSchema.parse({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 2 });
 * ```
 */
export const FaultSchema = z
  .strictObject({
    method: z
      .string()
      .regex(/^[A-Za-z]+$/)
      .transform((method) => method.toUpperCase())
      .optional(),
    path: z
      .string()
      .startsWith('/')
      .optional()
      .meta({ description: 'A request path, or an operation path template such as /api/v1/ai/agents/{id}.' }),
    status: z.int().min(400).max(599).optional(),
    code: z.string().min(1).max(100).optional(),
    times: z.int().min(1).max(1_000_000).default(1),
    delayMs: z.int().min(0).max(60_000).optional(),
  })
  // Every field is optional, as the CLI guide lists them: a fault that names neither a status nor a
  // delay fails with 503, the status of a service that is down (decisions.md, issue 26).
  .transform((fault) =>
    fault.status === undefined && fault.delayMs === undefined ? { ...fault, status: DEFAULT_FAULT_STATUS } : fault,
  );

/**
 * A fault as given to {@link FaultSchema}.
 *
 * @example
 * ```ts
 * const fault: FaultInput = { status: 500, times: 1 };
 * ```
 */
export type FaultInput = z.input<typeof FaultSchema>;
type Fault = z.output<typeof FaultSchema> & { remaining: number };
/**
 * The store as plain data: the pending faults in match order, each what was asked and how many
 * times it still applies. Checked loosely: the fault's own fields were checked when it was added.
 */
export const FaultsDataSchema = z.array(z.looseObject({ times: z.int().min(1), remaining: z.int().min(1) }));
/** A pending fault as plain data. */
export type FaultData = Fault;

/** The pending faults of a mock. */
export class FaultStore {
  #faults: Fault[] = [];

  add(input: FaultInput): void {
    const fault = FaultSchema.parse(input);
    this.#faults.push({ ...fault, remaining: fault.times });
  }

  /** Takes the first fault matching a request, counting it down. */
  take(method: string, pathname: string, template: string): Fault | undefined {
    const fault = this.#faults.find(
      (f) =>
        (f.method === undefined || f.method === method) &&
        (f.path === undefined || f.path === pathname || f.path === template),
    );
    if (fault === undefined) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return fault;
  }

  get pending(): number {
    return this.#faults.length;
  }

  clear(): void {
    this.#faults = [];
  }

  /** The pending faults, in match order, as plain data. */
  save(): FaultData[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  /** Replaces the pending faults with `faults` (a restore): saved by {@link FaultStore.save}. */
  load(faults: z.output<typeof FaultsDataSchema>): void {
    this.#faults = faults.map((fault) => ({ ...fault }));
  }
}
