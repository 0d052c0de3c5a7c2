#!/usr/bin/env node
// The layers of every package, checked by dependency-cruiser: each package with a
// `dependency-cruiser.config.mjs` is cruised with its own rules (no circles, type imports
// included, and its layer rules). With --prove, each rule is also shown to bite: every entry of
// the config's `proofs` export (a rule, a source file and an import it must not make) is planted in
// a temporary copy of the package, and the check must report that very rule on that very file.
// A rule that a planted breach does not trip documents a layer nobody enforces.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const CONFIG = 'dependency-cruiser.config.mjs';
const packages = ['contract', 'sdk', 'conformance', 'mock-server'];
const prove = process.argv.includes('--prove');

/** Runs dependency-cruiser over `src` of a package folder; returns the violations it reports. */
function cruise(dir) {
  const run = spawnSync(process.execPath, [depcruise, 'src', '--config', CONFIG, '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.stdout === '') throw new Error(`dependency-cruiser gave no output in ${dir}:\n${run.stderr}`);
  const result = JSON.parse(run.stdout);
  return { violations: result.summary.violations, modules: result.summary.totalCruised };
}

function describe(violation) {
  const path = violation.cycle ? violation.cycle.map((step) => step.name ?? step).join(' → ') : violation.to;
  return `${violation.rule.name}: ${violation.from} → ${path}`;
}

/** Plants every proof of a package in a copy of it; returns the proofs the check did not catch. */
function uncaught(name, dir, proofs) {
  const copy = mkdtempSync(join(tmpdir(), `check-imports-${name}-`));
  try {
    const target = join(copy, 'packages', name);
    cpSync(join(dir, 'src'), join(target, 'src'), { recursive: true });
    for (const file of ['tsconfig.json', CONFIG, 'package.json']) cpSync(join(dir, file), join(target, file));
    for (const file of ['tsconfig.base.json', 'dependency-cruiser.base.mjs'])
      cpSync(join(root, file), join(copy, file));
    // Third-party and workspace imports resolve as in the real tree, so rules about them can bite.
    symlinkSync(join(dir, 'node_modules'), join(target, 'node_modules'), 'dir');
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    for (const proof of proofs) {
      const from = join(target, proof.from);
      if (!existsSync(from))
        throw new Error(`${name}: proof of ${proof.rule} plants in ${proof.from}, which does not exist`);
      const specifier = proof.to.startsWith('src/')
        ? posix
            .relative(posix.dirname(proof.from), proof.to)
            .replace(/^(?!\.)/, './')
            .replace(/\.tsx?$/, '.js')
        : proof.to;
      writeFileSync(from, `import type {} from '${specifier}';\n${readFileSync(from, 'utf8')}`);
    }
    const { violations } = cruise(target);
    return proofs.filter(
      (proof) =>
        !violations.some(
          (violation) =>
            violation.rule.name === proof.rule &&
            (violation.from === proof.from ||
              (violation.cycle ?? []).some((step) => (step.name ?? step) === proof.from)),
        ),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

let failed = false;
for (const name of packages) {
  const dir = join(root, 'packages', name);
  if (!existsSync(join(dir, CONFIG))) {
    console.error(`✗ ${name}: no ${CONFIG}; every package's layers are checked`);
    failed = true;
    continue;
  }
  const { violations, modules } = cruise(dir);
  if (violations.length > 0) {
    failed = true;
    console.error(`✗ ${name}: ${violations.length} import rule violations`);
    for (const violation of violations) console.error(`    ${describe(violation)}`);
  } else {
    console.log(`✓ ${name}: no circles, layers kept (${modules} modules)`);
  }
  if (!prove) continue;
  const config = await import(pathToFileURL(join(dir, CONFIG)).href);
  const rules = config.default.forbidden.map((rule) => rule.name);
  const proofs = config.proofs ?? [];
  const unproven = rules.filter((rule) => !proofs.some((proof) => proof.rule === rule));
  const missed = uncaught(name, dir, proofs);
  if (unproven.length > 0 || missed.length > 0) {
    failed = true;
    for (const rule of unproven) console.error(`✗ ${name}: rule ${rule} has no planted proof in ${CONFIG}`);
    for (const proof of missed) {
      console.error(`✗ ${name}: planting ${proof.from} → ${proof.to} did not trip ${proof.rule}`);
    }
  } else {
    console.log(
      `✓ ${name}: each of ${rules.length} rules fails on its planted breach (${relative(root, join(dir, CONFIG))})`,
    );
  }
}
process.exit(failed ? 1 : 0);
