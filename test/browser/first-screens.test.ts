import type { Locator, Page } from 'playwright-core';
import { expectText, screenshot, useBrowserSuite } from '../support/browser';
import { joinDemoOrganization } from './demo-organization';
import { apiCall, DEMO_PASSWORD, demoEmail, signIn, signInThroughForm, signInTo, type DemoRole } from './sign-in';
import { checkScreen, SCREEN_WIDTHS, viewportFor } from '../support/accessibility';

const ITEMS = '/api/v1/signals/notification_policy_items';
const SETTINGS = '/api/v1/signals_notification_settings';
const PREFERENCES = '/account/organization_settings';

/** What a person trips on first in the screens that exist, tried at 1440 and 390 px (issue 8, section 6). */
describe('first screens', () => {
  const suite = useBrowserSuite();

  const atWidth = (page: Page, width: number) => page.setViewportSize(viewportFor(width));
  /** Signs in through the form and stays on whatever the first screen is. */
  async function signInOnly(page: Page, role: DemoRole) {
    await page.goto('/sessions/new');
    await page.getByLabel('Email', { exact: true }).fill(demoEmail(role));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/sessions/new');
  }
  /** The page is no wider than the window: nothing spills out sideways. */
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;
  const inWindow = (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });

  it('asks nothing of /api/v1/me on signed-out pages, so their console shows no 401', async () => {
    const failures: string[] = [];
    suite.page.on(
      'response',
      (response) => void (response.status() === 401 && failures.push(`${response.status()} ${response.url()}`)),
    );
    suite.page.on('console', (message) => void (message.type() === 'error' && failures.push(message.text())));
    for (const path of ['/sessions/new', '/registrations/new', '/forgot_passwords/new', '/']) {
      await suite.page.goto(path);
      await suite.page
        .getByRole('button', { name: /Sign in|Continue|Send reset instructions/ })
        .first()
        .waitFor();
    }
    // a deep link signed out still goes to sign-in, and back after it
    await suite.page.goto('/incidents/tasks');
    await suite.page.waitForURL('**/sessions/new');
    expect(failures).toEqual([]);
    const me = suite.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/me');
    await signInThroughForm(suite.page, 'member');
    expect((await me).status()).toBe(200);
    await suite.page.waitForURL('**/incidents/tasks');
  });

  it.each(SCREEN_WIDTHS)(
    'leads each help panel Add button to its page, and puts the panel under the page title (%i px)',
    async (width) => {
      await atWidth(suite.page, width);
      await signIn(suite.page, 'owner');
      const panels: Array<[string, string, string, string, string]> = [
        ['/runbooks', 'Runbooks', 'Add Runbook', '/runbooks/new', 'New Runbook'],
        ['/status_pages', 'Status Pages', 'Add Status Page', '/status_pages/new', 'New Status Page'],
        ['/catalog/services', 'Services', 'Add Service', '/catalog/services/new', 'New Service'],
        [
          '/catalog/functionalities',
          'Functionalities',
          'Add Functionality',
          '/catalog/functionalities/new',
          'New Functionality',
        ],
        ['/catalog/environments', 'Environments', 'Add Environment', '/catalog/environments/new', 'New Environment'],
      ];
      for (const [path, title, button, target, heading] of panels) {
        await suite.page.goto(path);
        const panel = suite.page.getByTestId('help-panel');
        const pageTitle = suite.page.getByRole('heading', { name: title, exact: true, level: 1 });
        await panel.waitFor();
        expect(await top(pageTitle)).toBeLessThan(await top(panel));
        if (path === '/runbooks') await screenshot(suite.page, `help-panel-under-title-${width}`);
        await panel.getByRole('link', { name: button }).click();
        await suite.page.waitForURL((url) => url.pathname === target);
        await suite.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(await suite.page.getByTestId('not-found').count()).toBe(0);
        expect(await pageWidth(suite.page)).toBeLessThanOrEqual(width);
      }
      await screenshot(suite.page, `help-panel-add-environment-${width}`);
    },
  );

  it('titles placeholders by their own page, and sends old incident addresses to the incident', async () => {
    await signInTo(suite.page, 'viewer', '/incidents/maintenances/new');
    await suite.page.getByRole('heading', { name: 'New Scheduled Maintenance', level: 1 }).waitFor();
    await suite.page.goto('/incidents/maintenances/7/edit');
    await suite.page.getByRole('heading', { name: 'Edit Scheduled Maintenance', level: 1 }).waitFor();
    // a retrospective is a real page now: an incident that does not exist is said so there
    await suite.page.goto('/incidents/42/retrospective');
    await suite.page.getByTestId('incident-not-found').waitFor();
    for (const width of SCREEN_WIDTHS) {
      await atWidth(suite.page, width);
      await suite.page.goto('/v2/incidents/42/timeline?tab=updates');
      await suite.page.waitForURL((url) => url.pathname === '/incidents/42/timeline' && url.search === '?tab=updates');
      await suite.page.getByRole('heading', { name: 'Incident', level: 1 }).waitFor();
      await screenshot(suite.page, `old-incident-address-${width}`);
    }
    await suite.page.goto('/v1/incidents/42');
    await suite.page.waitForURL((url) => url.pathname === '/incidents/42');
    expect(await suite.page.getByTestId('not-found').count()).toBe(0);
  });

  it('collapses sidebar groups (remembered), opens the group of the page, keeps its entry in view', async () => {
    await signIn(suite.page, 'owner');
    const nav = suite.page.getByRole('navigation', { name: 'Main navigation' });
    // every group heading has its icon
    const toggles = nav.getByTestId('nav-group-toggle');
    expect(await toggles.count()).toBeGreaterThanOrEqual(10);
    expect(await nav.getByTestId('nav-group-toggle').locator('svg').count()).toBe((await toggles.count()) * 2);

    const settings = nav.getByRole('button', { name: 'Incident Settings section' });
    expect(await settings.getAttribute('aria-expanded')).toBe('true');
    await settings.click();
    expect(await settings.getAttribute('aria-expanded')).toBe('false');
    await nav.getByRole('link', { name: 'Severities' }).waitFor({ state: 'hidden' });
    expect(await suite.page.evaluate(() => window.localStorage.getItem('nav_group_collapsed:Incident Settings'))).toBe(
      'true',
    );
    await suite.page.reload();
    await nav.locator('[data-path="/signals/alerts"]').waitFor();
    expect(await settings.getAttribute('aria-expanded')).toBe('false');
    await checkScreen(suite.page, 'sidebar-collapsed-group');

    // a page of the collapsed group opens it, and its entry far down the sidebar is scrolled into view
    await suite.page.goto('/settings/retrospectives/templates');
    await suite.page.getByRole('heading', { name: 'Retrospective Templates', level: 1 }).waitFor();
    expect(await settings.getAttribute('aria-expanded')).toBe('true');
    const active = nav.locator('[data-testid="nav-item"][data-active]');
    await expectText(active, 'Retrospective Templates');
    await suite.page.waitForFunction(() => {
      const entry = document.querySelector('nav[aria-label="Main navigation"] [data-active]')!.getBoundingClientRect();
      return entry.top >= 0 && entry.bottom <= window.innerHeight;
    });
    await screenshot(suite.page, 'sidebar-active-in-view');
    await suite.page.goto('/history');
    await suite.page.waitForFunction(
      () => document.querySelector('nav[aria-label="Main navigation"] [data-active]')?.textContent === 'History',
    );
    await suite.page.waitForFunction(() => {
      const entry = document.querySelector('nav[aria-label="Main navigation"] [data-active]')!.getBoundingClientRect();
      return entry.top >= 0 && entry.bottom <= window.innerHeight;
    });
  });

  it.each(SCREEN_WIDTHS)('puts notification preferences one click from the user menu (%i px)', async (width) => {
    await atWidth(suite.page, width);
    await signIn(suite.page, 'member');
    if (width > 600) {
      await suite.page.getByTestId('user-menu').click();
      await suite.page.getByRole('menuitem', { name: 'Notification Preferences' }).click();
    } else {
      await suite.page.getByRole('button', { name: 'Open the menu' }).click();
      const menu = suite.page.getByRole('navigation', { name: 'Mobile navigation' });
      // the mobile menu's groups collapse as well
      const incidents = menu.getByRole('button', { name: 'Incidents section' });
      await incidents.click();
      expect(await incidents.getAttribute('aria-expanded')).toBe('false');
      await screenshot(suite.page, 'mobile-menu-collapsed-group');
      await menu.getByRole('group', { name: 'User' }).getByRole('link', { name: 'Notification Preferences' }).click();
    }
    await suite.page.waitForURL((url) => url.pathname === PREFERENCES && url.hash === '#alert-notifications');
    await suite.page.getByTestId('alert-notifications').waitFor();
    const heading = suite.page.getByRole('heading', { name: 'Alert notifications' });
    await suite.page.waitForFunction(() => {
      const box = document.getElementById('alert-notifications')!.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight / 2;
    });
    expect(await inWindow(heading)).toBe(true);
    await screenshot(suite.page, `preferences-from-user-menu-${width}`);
  });

  describe('notification preferences', () => {
    let owner: Page;
    beforeEach(async () => {
      owner = await suite.browser.newPage({ baseURL: suite.app.url });
      await signIn(owner, 'owner');
    });
    afterEach(async () => {
      const items = (await (await apiCall(owner, 'GET', ITEMS)).json()).data as Array<{ id: string }>;
      for (const item of items) await apiCall(owner, 'DELETE', `${ITEMS}/${item.id}`);
      await owner.context().close();
    });
    const policy = async (body: Record<string, string>) =>
      expect((await apiCall(owner, 'POST', ITEMS, body)).status).toBe(201);

    it.each(SCREEN_WIDTHS)(
      'stacks each step into the card, with the fix of a slow one and no second Add for its item (%i px)',
      async (width) => {
        await atWidth(suite.page, width);
        await policy({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' });
        await policy({ priority: 'MEDIUM', notification_group_method: 'any', max_delay: 'PT10M' });
        const { email } = await joinDemoOrganization(suite.app, suite.page, 'member', `narrow-${width}`);
        const saved = await apiCall(suite.page, 'POST', SETTINGS, {
          notification_type: 'email',
          destination: { type: 'email', value: email },
          delay: 'PT30M',
          notification_priority: 'HIGH',
        });
        expect(saved.status).toBe(201);
        await suite.page.goto(PREFERENCES);
        const high = suite.page.getByRole('region', { name: 'HIGH priority notifications' });
        const row = high.locator('[data-testid="notification-step"][data-mode="read"]');
        await row.getByTestId('compliance-status').waitFor();
        // the slow email step is the fix for the email item: no 'Not set up - Add' row beside it
        expect(await high.getByTestId('unmet-policy-item').count()).toBe(0);
        await suite.page
          .getByRole('region', { name: 'MEDIUM priority notifications' })
          .getByTestId('unmet-policy-item')
          .waitFor();

        expect(await pageWidth(suite.page)).toBeLessThanOrEqual(width);
        // every cell stays inside its card: the destination is shown, the actions do not spill
        const card = (await row.boundingBox())!;
        for (const cell of [
          row.getByText(email),
          row.getByRole('button', { name: 'Delete Email after 30 mins' }),
          row.getByRole('button', { name: 'Set to 5 mins for Email' }),
        ]) {
          const box = (await cell.boundingBox())!;
          expect(box.width).toBeGreaterThan(0);
          expect(box.x).toBeGreaterThanOrEqual(card.x);
          expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
        }
        const headings = high.getByText('Destination', { exact: true });
        expect(await headings.isVisible()).toBe(width > 600);
        await screenshot(suite.page, `notification-preferences-${width}`);

        await row.getByRole('button', { name: 'Set to 5 mins for Email' }).click();
        const edit = suite.page.locator('[data-testid="notification-step"][data-mode="edit"]');
        expect(await edit.getByLabel('Delay', { exact: true }).inputValue()).toBe('5 mins');
        expect(await pageWidth(suite.page)).toBeLessThanOrEqual(width);
        await screenshot(suite.page, `notification-preferences-fix-${width}`);
        await edit.getByRole('button', { name: 'Save' }).click();
        await expectText(row.first().getByTestId('compliance-status'), 'Compliant with policy');
      },
    );

    it.each(['viewer', 'collaborator'] as const)(
      'tells a %s the policy does not cover them, not that they miss it',
      async (role) => {
        await policy({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' });
        for (const width of SCREEN_WIDTHS) {
          await atWidth(suite.page, width);
          if (width === SCREEN_WIDTHS[0]) await signIn(suite.page, role);
          await suite.page.goto(PREFERENCES);
          await suite.page.getByTestId('read-only-notice').waitFor();
          await suite.page
            .getByRole('region', { name: 'HIGH priority notifications' })
            .getByTestId('priority-empty')
            .waitFor();
          expect(await suite.page.getByTestId('non-compliance-banner').count()).toBe(0);
          expect(await suite.page.getByTestId('unmet-policy-item').count()).toBe(0);
          expect(await pageWidth(suite.page)).toBeLessThanOrEqual(width);
          await screenshot(suite.page, `notification-preferences-${role}-${width}`);
          // nor anywhere else in the app
          await suite.page.goto('/signals/alerts');
          await suite.page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
          expect(await suite.page.getByTestId('non-compliance-alert').count()).toBe(0);
        }
        // the owner, whom it covers, is told
        await owner.goto(PREFERENCES);
        await owner.getByTestId('non-compliance-banner').waitFor();
      },
    );
  });

  // last: it ends the demo organization's onboarding
  it.each(SCREEN_WIDTHS)(
    'opens on the onboarding checklist for the owner until onboarding is done, on alerts for everyone else (%i px)',
    async (width) => {
      await atWidth(suite.page, width);
      await signInOnly(suite.page, 'member');
      await suite.page.waitForURL('**/signals/alerts');
      await suite.page
        .getByTestId('user-menu')
        .or(suite.page.getByRole('button', { name: 'Open the menu' }))
        .first()
        .waitFor();
      await suite.page.context().clearCookies();

      await signInOnly(suite.page, 'owner');
      await suite.page.waitForURL('**/org/org-demo/onboarding/signals');
      await suite.page.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
      await screenshot(suite.page, `first-screen-owner-onboarding-${width}`);
      expect(await pageWidth(suite.page)).toBeLessThanOrEqual(width);
      await suite.page.getByRole('link', { name: 'Skip to the app' }).click();
      await suite.page.waitForURL('**/signals/alerts');
      // the app's frame, not the checklist's (its own logo goes to /) still shown while the alerts page loads
      await suite.page
        .getByTestId('user-menu')
        .or(suite.page.getByRole('button', { name: 'Open the menu' }))
        .first()
        .waitFor();
      // the app's logo goes to the app, not back to the checklist
      await suite.page.getByRole('link', { name: 'Tocsin' }).click();
      await suite.page.waitForURL('**/signals/alerts');

      if (width === SCREEN_WIDTHS[SCREEN_WIDTHS.length - 1]) {
        expect((await apiCall(suite.page, 'POST', '/internal_api/v1/onboarding/dismiss')).status).toBeLessThan(300);
        await suite.page.context().clearCookies();
        await signInOnly(suite.page, 'owner');
        await suite.page.waitForURL('**/signals/alerts');
        await screenshot(suite.page, `first-screen-owner-after-onboarding-${width}`);
      }
    },
  );
});
