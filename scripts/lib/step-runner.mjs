// Runs a graph of shell steps, several at a time: a step starts once every step it needs has
// passed and a slot is free, in the order the list gives (put the longest chain first). Each step's
// output goes to a log file and is printed whole when the step ends, so that concurrent steps never
// interleave their lines; a line every minute says what is running. The first failure prints its
// log, stops every other step (each runs in a process group of its own, so its servers and browsers
// go too) and fails the run. The machinery holds no state between runs: the steps are data.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {{ name: string, title?: string, run: string, needs?: string[] }} Step
 * @typedef {{ name: string, status: 'passed' | 'failed' | 'stopped', startedAt: number, seconds: number, cpu: number | undefined }} StepResult
 */

const bold = (text) => (process.stdout.isTTY || process.env.CI ? `\u001b[1m${text}\u001b[0m` : text);
const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${String(Math.floor(seconds / 60))}m${String(seconds % 60).padStart(2, '0')}s`;
};

/** The children's user and system CPU seconds from bash's `times` (its second line: `0m1.5s 0m0.2s`). */
function cpuSeconds(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined; // The step was stopped before it could write them.
  }
  const line = text.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((match) => Number(match[1]) * 60 + Number(match[2]));
  return parts.length === 2 ? parts[0] + parts[1] : undefined;
}

/** Checks the graph before anything runs: unknown or circular needs are a mistake in the list. */
function checkGraph(steps) {
  const names = new Set();
  for (const step of steps) {
    if (names.has(step.name)) throw new Error(`step "${step.name}" is listed twice`);
    names.add(step.name);
  }
  const position = new Map(steps.map((step, index) => [step.name, index]));
  for (const [index, step] of steps.entries()) {
    for (const need of step.needs ?? []) {
      if (!position.has(need)) throw new Error(`step "${step.name}" needs "${need}", which is not a step`);
      // Needs point backwards in the list, so the list is its own topological order: no circles.
      if (position.get(need) >= index) throw new Error(`step "${step.name}" needs "${need}", listed after it`);
    }
  }
}

/**
 * Runs `steps` with at most `jobs` at once. Resolves to every step's result, in the order they
 * ended; `ok` is false when one failed or the run was interrupted.
 * @param {Step[]} steps
 * @param {{ jobs: number, cwd: string, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ ok: boolean, results: StepResult[], seconds: number }>}
 */
export function runSteps(steps, { jobs, cwd, env = process.env }) {
  checkGraph(steps);
  const logs = mkdtempSync(join(tmpdir(), 'commflow-steps-'));
  const started = Date.now();
  const waiting = [...steps];
  const running = new Map();
  const passed = new Set();
  /** @type {StepResult[]} */
  const results = [];
  let failed = false;

  return new Promise((resolve) => {
    const heartbeat = setInterval(() => {
      const now = Date.now();
      const names = [...running.values()].map((job) => `${job.step.name} (${clock(now - job.startedAt)})`);
      console.log(`… ${clock(now - started)}: running ${names.join(', ')}`);
    }, 60_000);

    const stopAll = (signal) => {
      for (const job of running.values()) {
        try {
          process.kill(-job.child.pid, signal);
        } catch {
          // Already gone.
        }
      }
    };
    const onSignal = (signal) => {
      console.log(`\n${signal}: stopping ${[...running.keys()].join(', ') || 'nothing'}`);
      failed = true;
      waiting.length = 0;
      stopAll('SIGTERM');
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);

    const finish = () => {
      clearInterval(heartbeat);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      resolve({ ok: !failed, results, seconds: (Date.now() - started) / 1000 });
    };

    const startReady = () => {
      for (let index = 0; index < waiting.length && running.size < jobs && !failed;) {
        const step = waiting[index];
        if ((step.needs ?? []).every((need) => passed.has(need))) {
          waiting.splice(index, 1);
          start(step);
        } else index += 1;
      }
      if (running.size === 0) finish();
    };

    const start = (step) => {
      const log = join(logs, `${step.name.replace(/[^a-z0-9]+/gi, '-')}.log`);
      const out = createWriteStream(log);
      const cpuFile = `${log}.cpu`;
      // bash's `times` gives the CPU its children used: what the step cost, however busy the machine.
      const script = `${step.run}\nstatus=$?; times >${cpuFile}; exit $status`;
      const child = spawn('bash', ['-o', 'pipefail', '-c', script], {
        cwd,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      const job = { step, child, startedAt: Date.now() };
      running.set(step.name, job);
      console.log(`${bold(`▶ ${step.name}`)} at ${clock(job.startedAt - started)}`);
      child.on('close', (code, signal) => {
        out.end(() => {
          running.delete(step.name);
          const seconds = (Date.now() - job.startedAt) / 1000;
          const cpu = cpuSeconds(cpuFile);
          const ok = code === 0;
          // A step that ends badly after another failed was most likely stopped by that failure.
          const status = ok ? 'passed' : failed ? 'stopped' : 'failed';
          results.push({ name: step.name, status, startedAt: (job.startedAt - started) / 1000, seconds, cpu });
          const heading = `${ok ? '✔' : '✘'} ${step.name}: ${status} in ${clock(seconds * 1000)}${signal ? ` (${signal})` : code ? ` (exit ${String(code)})` : ''}`;
          if (status !== 'stopped') {
            console.log(`\n${bold(`== ${step.name}: ${step.title ?? step.run}`)}\n$ ${step.run}`);
            process.stdout.write(readFileSync(log, 'utf8'));
          }
          console.log(bold(heading));
          if (ok) passed.add(step.name);
          else if (!failed) {
            failed = true;
            waiting.length = 0;
            stopAll('SIGTERM');
          }
          startReady();
        });
      });
    };

    startReady();
  });
}

/**
 * A table of the steps' start, length and CPU time, in the order they started: where a run's time
 * went.
 * @param {StepResult[]} results
 */
export function timeTable(results) {
  const rows = [...results].sort((a, b) => a.startedAt - b.startedAt);
  const width = Math.max(...rows.map((row) => row.name.length));
  return rows
    .map(
      (row) =>
        `${row.name.padEnd(width)}  from ${clock(row.startedAt * 1000).padStart(6)}  took ${clock(row.seconds * 1000).padStart(6)}  CPU ${row.cpu === undefined ? '     ?' : clock(row.cpu * 1000).padStart(6)}  ${row.status}`,
    )
    .join('\n');
}
