import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Debian's chromium (apt); playwright-core brings no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(__dirname, '..', '..', 'test-results', 'screenshots');

// Quiet, offline-friendly flags: no sandbox (containers), no GPU, no background traffic to Google.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No chromium at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context per page, so cookies and storage never leak between tests. */
export async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // Finished transitions: a drawer caught sliding in shows nothing useful.
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/**
 * Waits until the element's text is exactly `expected` (playwright-core has no auto-retrying
 * expect). Reading textContent once races renders that finish after the triggering action,
 * such as an image decoded asynchronously; this polls and reports the last text it saw.
 */
export async function expectText(locator: Locator, expected: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  for (;;) {
    last = await locator.textContent({ timeout: Math.max(1, deadline - Date.now()) }).catch(() => null);
    if (last === expected) return;
    if (Date.now() >= deadline) {
      throw new Error(`Expected text ${JSON.stringify(expected)}, last saw ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
