import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEFAULT_WEB_DIST } from '../../apps/api/src/bootstrap';
import { expectAccessible } from './accessibility';
import { startApp, type TestApp } from './app';

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

export interface BrowserSuite {
  readonly app: TestApp;
  readonly browser: Browser;
  /** The page of the running test (`page: 'each'`) or of the whole describe block (`page: 'suite'`). */
  readonly page: Page;
}

/**
 * Registers the hooks of a describe block of browser tests: the real app (after checking the web app is built)
 * and chromium for the block; a page in a fresh context with a 10 s step timeout for each test (`page: 'each'`,
 * closed after it), once for the block (`page: 'suite'`), or none (`page: 'none'`, the tests open their own).
 * Read `app`, `browser` and `page` from the returned object inside hooks and tests, not while declaring them.
 * Jest runs a block's hooks in the order they are declared: an afterEach that still needs the page goes before this call.
 */
export function useBrowserSuite(
  options: NonNullable<Parameters<typeof startApp>[0]> & { page?: 'each' | 'suite' | 'none' } = {},
): BrowserSuite {
  const { page: pagePer = 'each', ...appOptions } = options;
  // A screen test drives a real browser and runs axe at two widths per checkScreen: 60 s a test, so a busy
  // machine slows it rather than failing it (each step keeps its own 10 s limit below, naming the step).
  jest.setTimeout(60_000);
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const openPage = async () => {
    page = await newPage(browser!, app!.url);
    // Fail a step with its own message before jest's test timeout hides which step it was.
    page.context().setDefaultTimeout(10_000);
  };

  beforeAll(async () => {
    // The index the server will serve: WEB_DIST as startApp passes it on, else the server's default.
    const webIndex = join(appOptions.env?.WEB_DIST ?? process.env.WEB_DIST ?? DEFAULT_WEB_DIST, 'index.html');
    if (!existsSync(webIndex)) throw new Error(`${webIndex} is missing: build the web app first (npm run build:web).`);
    app = await startApp(appOptions);
    browser = await launchBrowser();
    if (pagePer === 'suite') await openPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  if (pagePer === 'each') {
    beforeEach(openPage);
    afterEach(() => page!.context().close());
  }

  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the browser suite's ${name} is read before its hooks ran`);
    return value;
  };
  return {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get page() {
      return started(page, 'page');
    },
  };
}

/**
 * Photographs the page as `<name>.png` after the shared accessibility check (axe, WCAG 2.1 AA) passes on it at
 * its current width: every state a test photographs is checked. A screen's test also calls checkScreen
 * (test/support/accessibility.ts) to check it at both widths.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await expectAccessible(page, `${name} (${new URL(page.url()).pathname})`);
  return photograph(page, name);
}

/** The photograph alone, for the accessibility helper itself and for pictures of one element. */
export async function photograph(page: Page, name: string): Promise<string> {
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
