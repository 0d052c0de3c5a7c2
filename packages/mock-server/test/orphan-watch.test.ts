/**
 * The CLI stops when a process that launched it goes away. The chain is read at start-up, before
 * the banner: a launcher killed as soon as the banner is read is then still in the chain, and its
 * going is seen. (Read later, as it once was, the dead launcher was missing from the chain and the
 * server lived on, holding its port: CI saw it once, on a loaded machine.)
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { onOrphaned, readLaunchers } from '../src/surfaces/cli/orphan-watch.js';
import { isRunning } from '../src/surfaces/cli/launcher-chain.js';

/** Waits for `done()` by polling, bounded by count, never by a time budget. */
async function eventually(done: () => boolean, polls = 2_000): Promise<boolean> {
  for (let poll = 0; poll < polls && !done(); poll++) await new Promise((resolve) => setTimeout(resolve, 10));
  return done();
}

describe('the orphan watch', () => {
  it('stops when a launcher read before it died is gone, though it died before the watch began', async () => {
    const launcher = spawn('sleep', ['600'], { stdio: 'ignore' });
    const pid = launcher.pid ?? 0;
    expect(isRunning(pid)).toBe(true);
    // Read at start-up; the launcher then dies before the watch is armed, as after the banner.
    const launchers = { ...readLaunchers(), chain: [pid] };
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    await exited;
    let stops = 0;
    const cancel = onOrphaned(() => (stops += 1), launchers, 5);
    expect(await eventually(() => stops > 0)).toBe(true);
    cancel();
    expect(stops).toBe(1);
  });

  it('keeps the server while every launcher runs, and stops once one goes', async () => {
    const launcher = spawn('sleep', ['600'], { stdio: 'ignore' });
    const pid = launcher.pid ?? 0;
    let stops = 0;
    const cancel = onOrphaned(() => (stops += 1), { ...readLaunchers(), chain: [process.pid, pid] }, 5);
    // Twenty polls of the watch with everything alive: no stop.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stops).toBe(0);
    launcher.kill('SIGTERM');
    expect(await eventually(() => stops > 0)).toBe(true);
    cancel();
  });
});
