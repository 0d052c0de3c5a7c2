/**
 * Stops the server when the process that started it goes away. `npx -y pnpm@10 run start` runs
 * the CLI behind several wrappers (npx, pnpm, a shell, the `node` package's shell shim), and a
 * signal sent to one of them does not always reach this process: it would live on as an orphan
 * holding the port. When the parent changes (the orphan is re-parented), the CLI stops as on
 * SIGTERM: the state is saved and the port freed.
 */
export function onOrphaned(stop: () => void, everyMs = 1_000): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
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
