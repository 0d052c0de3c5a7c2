/**
 * The CLI's writes to stdout and stderr. A reader that goes away (`commflow-mock | head -1`, a
 * harness that reads only the URL) turns every later write into EPIPE, which Node reports as an
 * `error` event on the stream: unhandled, it kills the process. The log is a convenience, the
 * server is the point, so a stream that fails is dropped and the server keeps answering.
 *
 * @module
 */

/** A stream the CLI writes to that stops writing, silently, once it has failed. */
export interface SafeStream {
  /** Writes `text` unless the stream has failed. */
  write(text: string): void;
  /** Whether a write has failed (EPIPE, EBADF, a closed descriptor…). */
  readonly broken: boolean;
}

/** Wraps a process stream so that an error on it marks it broken instead of ending the process. */
export function safeStream(stream: NodeJS.WriteStream): SafeStream {
  let broken = false;
  stream.on('error', () => {
    broken = true;
  });
  return {
    write(text: string): void {
      if (broken || stream.destroyed) return;
      try {
        stream.write(text);
      } catch {
        // A synchronous failure (a descriptor closed under us) is the same case.
        broken = true;
      }
    },
    get broken() {
      return broken || stream.destroyed;
    },
  };
}

/**
 * The request log. A write to stdout is a system call (synchronous for files and pipes), one per
 * request: lines are gathered instead and written together once the current burst of I/O has
 * been handled (`setImmediate`), or at once past 64 KiB. Every line still gets out, in order,
 * while the reader is there.
 */
export class BatchedLog {
  readonly #out: SafeStream;
  #pending = '';
  #scheduled = false;

  constructor(out: SafeStream) {
    this.#out = out;
  }

  /** Queues one line (with its newline). */
  line(text: string): void {
    if (this.#out.broken) return;
    this.#pending += text;
    if (this.#pending.length >= 65_536) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.flush();
      });
    }
  }

  /** Writes what is queued. */
  flush(): void {
    this.#scheduled = false;
    if (this.#pending === '') return;
    const text = this.#pending;
    this.#pending = '';
    this.#out.write(text);
  }
}
