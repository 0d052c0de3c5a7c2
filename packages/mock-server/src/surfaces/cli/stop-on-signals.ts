/**
 * How the CLI stops. A harness reads the URL line and may send SIGTERM at once: the handlers are
 * registered before the server starts, so no signal, however early, meets Node's default action
 * (death by signal, nothing saved). A signal before the server is up stops it as soon as it is.
 *
 * @module
 */

/** The CLI's stop: `serving` hands it the way to close, `stop` asks for it (idempotent). */
export interface SignalStop {
  /** The server is up: `close` frees the port, saves and exits. Runs at once if a stop came first. */
  readonly serving: (close: () => Promise<void>) => void;
  /** Asks the CLI to stop, as SIGINT and SIGTERM do. */
  readonly stop: () => void;
}

/** Registers SIGINT and SIGTERM handlers now, for the whole life of the process. */
export function stopOnSignals(): SignalStop {
  let close: (() => Promise<void>) | undefined;
  let requested = false;
  let closing = false;
  const run = () => {
    if (closing || close === undefined) return;
    closing = true;
    void close();
  };
  const stop = () => {
    requested = true;
    run();
  };
  // A second signal while closing forces the exit, as a second Ctrl-C does in most CLIs, with
  // the shell's code for death by that signal.
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(signal === 'SIGINT' ? 130 : 143);
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    serving: (closer) => {
      close = closer;
      if (requested) run();
    },
    stop,
  };
}
