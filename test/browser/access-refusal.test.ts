import type { Browser, Page } from 'playwright-core';
import { startApp, type TestApp } from '../support/app';
import { expectText, launchBrowser, newPage, screenshot } from '../support/browser';
import { signIn } from './sign-in';

/** The unauthorized page tells the truth about why a page was refused: the role, or a missing permission. */
describe('unauthorized page', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    page = await newPage(browser, app.url);
  });
  afterEach(() => page.context().close());
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('names the roles of on-call hours to a viewer, not the read_analytics they hold', async () => {
    await signIn(page, 'viewer');
    await page.goto('/analytics/shift_hours');
    await page.waitForURL((url) => url.pathname === '/unauthorized/read_analytics' && url.searchParams.get('roles') === 'collaborator,member,owner');
    await expectText(page.getByTestId('required-roles'), 'This page is for the roles Collaborator, Member or Owner. Your role is Viewer.');
    expect(await page.getByTestId('required-permission').count()).toBe(0);
    await screenshot(page, 'unauthorized-role-shift-hours');
  });

  it('still names a missing permission, with the role, when both refuse', async () => {
    await signIn(page, 'member');
    await page.goto('/signals/notification_policy');
    await page.waitForURL((url) => url.pathname === '/unauthorized/manage_organization_notification_policies');
    await expectText(page.getByTestId('required-roles'), 'This page is for the role Owner. Your role is Member.');
    expect(await page.getByTestId('required-permission').textContent()).toContain('manage_organization_notification_policies');
  });
});
