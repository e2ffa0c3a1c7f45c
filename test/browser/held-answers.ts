import type { Locator, Page } from 'playwright-core';
import { expectText } from '../support/browser';

export interface HeldAnswers {
  /** From now on, requests wait at the route (the server has not seen them) until release(). */
  hold(): void;
  /** Resolves once a request is waiting, with its `query` parameter. */
  held(): Promise<string>;
  /** Sends every waiting request on to the server, and lets the next ones through at once. */
  release(): void;
}

/**
 * A slow server for the requests matching `pattern`, slowed on demand: a test holds them, acts while they
 * are in flight, then releases them and sees what their answers do to the page.
 */
export async function holdAnswers(page: Page, pattern: string): Promise<HeldAnswers> {
  let holding = false;
  const waiting: Array<() => void> = [];
  const arrivals: Array<(query: string) => void> = [];
  const queued: string[] = [];
  await page.route(pattern, async (route) => {
    if (holding) {
      const query = new URL(route.request().url()).searchParams.get('query') ?? '';
      const arrival = arrivals.shift();
      if (arrival) arrival(query);
      else queued.push(query);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    // the page may have given up on the request (a newer search cancels it)
    await route.continue().catch(() => undefined);
  });
  return {
    hold: () => {
      holding = true;
    },
    held: () =>
      queued.length > 0 ? Promise.resolve(queued.shift()!) : new Promise<string>((resolve) => arrivals.push(resolve)),
    release: () => {
      holding = false;
      for (const send of waiting.splice(0)) send();
    },
  };
}

/**
 * Searches `text` in the picker `field` until `label` is the one option listed, then, while a broader search (one
 * character less) is held, moves the highlight onto it with the keyboard; the answer lands (four options, `label`
 * last) and Enter is pressed. The highlight, and so the pick, must stay on `label`, not on whoever the answer put
 * where it was.
 */
export async function pickWhileAnswering(
  page: Page,
  field: Locator,
  search: HeldAnswers,
  text: string,
  label: string,
): Promise<void> {
  const options = page.getByRole('option');
  await field.fill(text);
  await options.filter({ hasText: label }).waitFor();
  await options.nth(1).waitFor({ state: 'detached' });
  search.hold();
  await field.press('Backspace');
  await search.held();
  await field.press('ArrowDown');
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  await expectText(highlighted, label);
  search.release();
  await options.nth(3).waitFor();
  await expectText(highlighted, label);
  await field.press('Enter');
}
