import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import axe, { type Result, type RunOptions } from 'axe-core';
import { photograph } from './browser';

/** WCAG 2.1 A and AA, and axe's best practices (landmarks, one main, headings, labels that match names). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;
/** The impacts that fail a test. Minor and moderate ones are reported by the survey (npm run a11y:survey). */
export const BLOCKING_IMPACTS = ['critical', 'serious'] as const;
/** The two widths every screen is checked at: a laptop and a phone held upright. */
export const SCREEN_WIDTHS = [1440, 390] as const;

export const viewportFor = (width: number) => ({ width, height: width > 600 ? 900 : 844 });

/** Runs axe on the page as it is now and returns every violation, of every impact. */
export async function axeViolations(page: Page): Promise<Result[]> {
  // Text measured in the fonts it is drawn in.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await settleAnimations(page);
  const first = await runAxe(page);
  // A toast that starts to leave while axe runs (its auto-close timer) is measured halfway through its fade: a
  // notification's text read 3.9:1 on a half-faded background once in a CI run. A contrast finding is measured
  // again once the page has settled; one that is real is there the second time too.
  if (!first.some((violation) => violation.id === 'color-contrast')) return first;
  await settleAnimations(page);
  return runAxe(page);
}

/**
 * Lets finite animations end (2 s at most): colours as they end, not halfway through a transition (a dialog fading
 * in measured a red button's label at 4.43:1 once in a CI run), and a dialog's focus where its transition leaves it
 * (the keyboard suite). A spinner never ends; the live badge's dot breathes for 6 s after each connection, a dot
 * with no text and no focus: neither is waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .filter((animation) => (animation as CSSAnimation).animationName !== 'tocsin-live-pulse')
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]).then(() => undefined),
  );
}

/** The page's window once axe's source has run in it. */
type AxeWindow = Window & { axe?: typeof axe };

async function runAxe(page: Page): Promise<Result[]> {
  const options: RunOptions = { runOnly: { type: 'tag', values: [...AXE_TAGS] }, resultTypes: ['violations'] };
  // A page with frames: the builder, which checks each frame (of any origin) and merges their results.
  if (page.frames().length > 1)
    return (await new AxeBuilder({ page: page as never }).options(options).analyze()).violations;
  // A page without frames is checked by axe.run in the page itself: the same rules on the same DOM, without the
  // blank page the builder opens for every check to merge frames' results, and without putting axe's 1.5 MB of
  // source into the page again for every check (the builder evaluates it twice a check): it stays in the
  // document, so the second width and each later state of the same document reuse it.
  // Violations alone, every node of each: axe then builds no selectors for what passed or needs review, and
  // nothing here reads those.
  const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    (runOptions) => (window as AxeWindow).axe!.run(document, runOptions).then((results) => results.violations),
    options,
  );
}

/** One line per element: the rule, its impact, the element and what axe says to fix. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `- [${violation.impact}] ${violation.id}: ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
      ),
    )
    .join('\n');
}

/**
 * Fails on any critical or serious violation of WCAG 2.1 AA or axe's best practices, naming each element;
 * returns every violation found, of every impact.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<Result[]> {
  const violations = await axeViolations(page);
  assertNoBlocking(violations, where);
  return violations;
}

function assertNoBlocking(violations: Result[], where: string): void {
  const blocking = violations.filter((violation) =>
    (BLOCKING_IMPACTS as readonly string[]).includes(violation.impact ?? ''),
  );
  if (blocking.length > 0) throw new Error(`Accessibility violations on ${where}:\n${describeViolations(blocking)}`);
}

export interface CheckScreenOptions {
  /** Given everything axe found at each width, minor and moderate included, before the check fails or passes. */
  record?: (width: number, violations: Result[]) => void;
}

/**
 * The check every screen's browser test runs: at 1440 and at 390 px, the page as it is now must pass axe
 * (expectAccessible) and is photographed as `<name>-<width>.png`. Leaves the page at the width it had.
 */
export async function checkScreen(page: Page, name: string, options: CheckScreenOptions = {}): Promise<void> {
  const before = page.viewportSize();
  try {
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize(viewportFor(width));
      const where = `${name} at ${width} px (${new URL(page.url()).pathname})`;
      const violations = await axeViolations(page);
      options.record?.(width, violations);
      assertNoBlocking(violations, where);
      await photograph(page, `${name}-${width}`);
    }
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
