// The automated WCAG 2.1 A/AA check: axe-core through @axe-core/playwright, on what the page shows now
// (hidden tabs, closed dialogs and kept-alive pages out of view are not judged, as axe skips hidden
// content). Used by e2e/a11y.e2e.ts and by `npm run check:a11y` (scripts/check-a11y.ts).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rule tags of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  /** The elements, by selector, with axe's summary of what is wrong with each. */
  nodes: { target: string; summary: string }[];
}

/**
 * The WCAG 2.1 A/AA violations on the page as it shows now; only inside `within` (a CSS selector: an
 * open dialog, whose page behind was checked already) when given.
 */
export async function a11yViolations(page: Page, within?: string): Promise<A11yViolation[]> {
  // Legacy mode: axe runs once in the page, frames included, instead of once per frame with the results
  // gathered in a new blank page; only violations are detailed. A scan takes half the time.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS);
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(' '),
      summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

/** One line per rule and up to five elements under it: what a failing test prints. */
export function describeViolations(violations: A11yViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.rule} (${v.impact}, ${v.nodes.length}): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target}: ${n.summary}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** Fails, naming every rule and its elements, when the page shows any WCAG 2.1 A/AA violation. */
export async function expectNoA11yViolations(page: Page, context: string, within?: string): Promise<void> {
  const violations = await a11yViolations(page, within);
  if (violations.length)
    throw new Error(
      `${context}: ${violations.length} WCAG 2.1 A/AA rule(s) broken\n${describeViolations(violations)}`,
    );
}
