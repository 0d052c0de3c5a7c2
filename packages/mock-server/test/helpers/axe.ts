/**
 * The page checks every console browser test makes: axe-core's serious and critical violations,
 * and sideways scrolling.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeWindow {
  axe: {
    run: (
      context: Document,
    ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
  };
}

/** Serious and critical axe-core violations on the page as it is, each named with `where`. */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as AxeWindow).axe.run(document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.impact ?? ''} ${violation.id} at ${violation.targets.join(', ')}`);
}

/** A problem line when the page scrolls sideways, none otherwise. */
export async function overflowProblems(page: Page, where: string): Promise<string[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  return overflow > 0 ? [`${where} scrolls sideways by ${String(overflow)} px`] : [];
}
