/**
 * A setup file: the files of a worker share it (`isolate: false` in vitest.config.ts), so what a
 * file changes of the worker's globals is put back when it ends. Vitest puts back stubbed globals,
 * environment variables and mocks itself (`unstubGlobals`, `unstubEnvs`, `restoreMocks`); this
 * does the same for the clock, so that a file that fakes timers and fails before its own
 * `vi.useRealTimers()` cannot hand a frozen clock to the next file.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
});
