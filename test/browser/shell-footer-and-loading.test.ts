import type { Locator, Route } from 'playwright-core';
import { screenshot, useBrowserSuite } from '../support/browser';
import { signIn, signInTo } from './sign-in';
import { checkScreen } from '../support/accessibility';

/** The red and green of the badge's dot as drawn (its ::before). */
const dotColour = (badge: Locator) =>
  badge.evaluate((el) =>
    (getComputedStyle(el, '::before').backgroundColor.match(/\d+/g) ?? []).slice(0, 2).map(Number),
  );

/** The Ops screen's own file (vite names a chunk after its module). */
const OPS_CHUNK = /\/assets\/ops-[^/]+\.js$/;

/** SPEC.md sections 1, 2 and 9: the footer's status and links, scrolling on navigation, the delayed loading spinner. */
describe('shell: footer, scrolling, loading area', () => {
  const suite = useBrowserSuite();

  it("turns the footer's status badge red when the public status reports a problem, and links the agreement and About", async () => {
    // The public status page is a service of its own (SPEC.md section 7): here it reports an outage.
    await suite.page.route('**/api/v1/status', (route: Route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: { description: 'Partial System Outage', indicator: 'major' } }),
      }),
    );
    await signIn(suite.page, 'viewer');
    const footer = suite.page.getByTestId('app-footer');
    const badge = footer.locator('[data-testid="footer-status"][data-indicator="major"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('Partial System Outage');
    const [red, green] = await dotColour(badge);
    expect(red).toBeGreaterThan(green + 100);
    await checkScreen(suite.page, 'footer-status-red');

    await footer.getByRole('link', { name: 'Subscription Services Agreement' }).click();
    await suite.page.waitForURL('**/legal/terms');
    await suite.page.getByRole('heading', { name: 'Subscription Services Agreement' }).waitFor();
    await suite.page.goBack();
    await footer.getByRole('link', { name: 'About', exact: true }).click();
    await suite.page.waitForURL('**/about');
    await suite.page.getByRole('heading', { name: 'About Tocsin' }).waitFor();
  });

  it('keeps the badge green with the real status while everything is healthy', async () => {
    await signIn(suite.page, 'viewer');
    const badge = suite.page.getByTestId('app-footer').locator('[data-testid="footer-status"][data-indicator="none"]');
    await badge.waitFor();
    const [red, green] = await dotColour(badge);
    expect(green).toBeGreaterThan(red + 100);
  });

  it('scrolls to the top on a new path, but not when the address has a hash', async () => {
    await suite.page.setViewportSize({ width: 1000, height: 300 });
    await signInTo(suite.page, 'owner', '/settings/organization');
    await suite.page.getByLabel('Organization name').waitFor();
    // the app's own navigation (react-router listens to popstate), as a link inside the app does
    const goTo = (path: string) =>
      suite.page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    const scrolledDown = async () => {
      await suite.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const y = await suite.page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(0);
      return y;
    };
    const afterPaint = () =>
      suite.page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
          ),
      );

    await scrolledDown();
    await goTo('/settings/users');
    await suite.page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    expect(await afterPaint()).toBe(0);

    const y = await scrolledDown();
    await goTo('/settings/organization#details');
    await suite.page.getByLabel('Organization name').waitFor();
    expect(await afterPaint()).toBe(y);
  });

  it('shows a 400px loading area, with the spinner and Loading... only after 300 ms', async () => {
    await signIn(suite.page, 'viewer');
    // Hold who-am-I until the spinner has been seen, so the loading area stays up as long as needed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await suite.page.route('**/api/v1/me', async (route: Route) => {
      await held;
      await route.continue();
    });
    await suite.page.addInitScript(() => {
      const seen: Record<string, number> = {};
      new MutationObserver(() => {
        const area = document.querySelector('[data-testid="loading-area"]');
        if (area && seen.area === undefined) seen.area = performance.now();
        if (area?.querySelector('[role="status"]') && seen.spinner === undefined) seen.spinner = performance.now();
      }).observe(document, { childList: true, subtree: true });
      Object.assign(window, { loadingSeen: seen });
    });
    await suite.page.goto('/incidents');
    const area = suite.page.getByTestId('loading-area');
    await area.waitFor();
    expect(await area.evaluate((el) => el.getBoundingClientRect().height)).toBe(400);
    await area.getByRole('status').getByText('Loading...').waitFor();
    await screenshot(suite.page, 'loading-area-spinner');
    const seen = await suite.page.evaluate(
      () => (window as unknown as { loadingSeen: { area: number; spinner: number } }).loadingSeen,
    );
    expect(seen.spinner - seen.area).toBeGreaterThanOrEqual(300);

    release();
    await suite.page.getByRole('heading', { name: 'Incidents', exact: true }).waitFor();
    // the page's own list may still be loading a moment after its heading shows: the area leaves once it is in
    await area.waitFor({ state: 'detached' });
  });

  it("opens a deep link's screen in one step once its file is in: no second loading area before the page", async () => {
    await signIn(suite.page, 'owner');
    // Who-am-I is held until the Ops screen's file has loaded and run (5 s at most): the router loads a page's files
    // as it starts, beside who-am-I, not after it. Once who-am-I answers, the page must come in one render.
    // React.lazy drew the spinner's area again first (the signed-in app's file, then the screen's, each loading only
    // then), and React holds what replaces an area for 300 ms after it appears.
    let screenFileRequested!: (url: string) => void;
    const requested = new Promise<string>((resolve) => (screenFileRequested = resolve));
    suite.page.on('request', (request) => {
      if (OPS_CHUNK.test(new URL(request.url()).pathname)) screenFileRequested(request.url());
    });
    let held = false;
    await suite.page.route('**/api/v1/me', async (route: Route) => {
      // the page's first who-am-I only (the app asks again later, when the tab regains focus)
      if (held) return route.continue();
      held = true;
      const url = await Promise.race([requested, new Promise<null>((resolve) => setTimeout(resolve, 5_000, null))]);
      // the same module as the router's: settles once it and the files it imports have run (a string, so the
      // test's own compiler leaves the import alone)
      if (url) await suite.page.evaluate(`import(${JSON.stringify(url)}).then(() => undefined)`);
      // the areas up while who-am-I is awaited are not counted; a new one before the page's heading is
      await suite.page.evaluate(() =>
        Object.assign(window, { areasBefore: new Set(document.querySelectorAll('[data-testid="loading-area"]')) }),
      );
      await route.continue();
    });
    await suite.page.addInitScript(() => {
      const state = { newAreaBeforeHeading: false };
      new MutationObserver(() => {
        const before = (window as unknown as { areasBefore?: Set<Element> }).areasBefore;
        if (!before || document.querySelector('h1')) return;
        const areas = [...document.querySelectorAll('[data-testid="loading-area"]')];
        if (areas.some((area) => !before.has(area))) state.newAreaBeforeHeading = true;
      }).observe(document, { childList: true, subtree: true });
      Object.assign(window, { loadingState: state });
    });

    await suite.page.goto('/ops');
    await suite.page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
    expect(
      await suite.page.evaluate(
        () => (window as unknown as { loadingState: { newAreaBeforeHeading: boolean } }).loadingState,
      ),
    ).toEqual({ newAreaBeforeHeading: false });
    await suite.page.unrouteAll({ behavior: 'wait' });
  });
});
