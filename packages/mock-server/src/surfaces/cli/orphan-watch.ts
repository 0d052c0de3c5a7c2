import { isRunning, launcherChain } from './launcher-chain.js';

/** This process's parent and its launcher chain, read at one moment. */
export interface Launchers {
  readonly parent: number;
  readonly chain: readonly number[];
}

/**
 * Reads the launchers now. Call it first thing at start-up, before the banner: a user (or a test)
 * who reads the banner may signal the top of the chain at once, and a chain read after that would
 * already lack the process that died, and so never see it go.
 */
export function readLaunchers(): Launchers {
  return { parent: process.ppid, chain: launcherChain() };
}

/**
 * Stops the server when a process that launched it goes away. `npx -y pnpm@10 run start` runs
 * the CLI behind several wrappers (npx, pnpm, two shells, the `node` package's shell shim), and a
 * signal sent to one of them does not reach this process: npx dies of a SIGTERM and leaves pnpm
 * and the server running; pnpm passes it to its shell only. The server would live on as an orphan
 * holding the port. When the parent changes (this process was re-parented) or any process of the
 * launcher chain is gone, the CLI stops as on SIGTERM: the state is saved and the port freed.
 */
export function onOrphaned(stop: () => void, launchers: Launchers, everyMs = 1_000): () => void {
  const { parent, chain } = launchers;
  const timer = setInterval(() => {
    if (process.ppid !== parent || !chain.every(isRunning)) {
      clearInterval(timer);
      stop();
    }
  }, everyMs);
  // Never keeps the process alive by itself.
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
