/**
 * The dispatcher's unfinished work: first attempts waiting for their macrotask, and attempts in
 * flight. Machinery only: what it tracks are promises, timers and abort controllers, never a
 * delivery (those are state, in state/webhooks/deliveries.ts).
 *
 * @example
 * ```ts
 * const work = new Work();
 * work.soon(() => startFirstAttempts());
 * await work.idle();
 * ```
 */
export class Work {
  /** Every unfinished piece of work: first-attempt macrotasks and attempts in flight. */
  readonly #busy = new Set<Promise<void>>();
  /** First-attempt macrotasks not yet run, so cancel() can drop them. */
  readonly #soon = new Map<NodeJS.Immediate, () => void>();
  /** One per attempt in flight, so cancel() can abort the requests. */
  readonly #controllers = new Set<AbortController>();
  /** Bumped by cancel(): work of an older generation drops its results. */
  #generation = 0;

  /** The current generation: work that started under another one is stale. */
  get generation(): number {
    return this.#generation;
  }

  /** Runs `task` on a later macrotask (so the request that asked finishes first), unless cancelled. */
  soon(task: () => void): void {
    const generation = this.#generation;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const handle = setImmediate(() => {
      this.#soon.delete(handle);
      if (generation === this.#generation) task();
      done();
    });
    this.#soon.set(handle, done);
    this.track(finished);
  }

  /** Counts `work` as busy until it settles. */
  track(work: Promise<void>): void {
    this.#busy.add(work);
    void work.finally(() => this.#busy.delete(work));
  }

  /** A controller that cancel() aborts; `release` it once the attempt is over. */
  controller(): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    this.#controllers.add(controller);
    return { signal: controller.signal, release: () => this.#controllers.delete(controller) };
  }

  /** Drops the waiting macrotasks, aborts attempts in flight and starts a new generation. */
  cancel(): void {
    this.#generation++;
    for (const [handle, done] of this.#soon) {
      clearImmediate(handle);
      done();
    }
    this.#soon.clear();
    for (const controller of this.#controllers) controller.abort();
    this.#controllers.clear();
  }

  /** Resolves once nothing is busy, within `maxRounds` rounds of waiting. */
  async idle(maxRounds: number): Promise<void> {
    for (let round = 0; round < maxRounds && this.#busy.size > 0; round++) {
      await Promise.allSettled([...this.#busy]);
    }
  }
}
