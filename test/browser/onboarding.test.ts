import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApp, type TestApp } from '../support/app';
import { expectText, launchBrowser, newPage, screenshot } from '../support/browser';
import { apiCall, signIn } from './sign-in';

const WEB_DIST = process.env.WEB_DIST ?? join(__dirname, '..', '..', 'apps', 'web', 'dist');
const SIGNALS = '/org/org-demo/onboarding/signals';
const SLACK_ONBOARDING = '/settings/integrations/slack/connections/c-1/onboarding';

/** The onboarding screens against the real server and its seeded demo users (build the web app first). */
describe('onboarding screens', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  const task = (slug: string) => page.locator(`[data-testid="onboarding-task"][data-slug="${slug}"]`);
  const taskDone = (slug: string) => page.locator(`[data-testid="onboarding-task"][data-slug="${slug}"][data-complete="true"]`).waitFor();
  const setReflow = async (enabled: boolean) => expect((await apiCall(page, 'PUT', '/api/v1/organization/feature_flags/reflow', { enabled })).status).toBe(200);

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST}/index.html is missing: build the web app first (npm run build:web).`);
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(async () => {
    page = await newPage(browser, app.url);
    page.context().setDefaultTimeout(10_000);
  });
  afterEach(async () => {
    // the flag is the organization's: a test that turned it on and then failed must not leave it on for the next
    await apiCall(page, 'PUT', '/api/v1/organization/feature_flags/reflow', { enabled: false }).catch(() => undefined);
    await page.context().close();
  });

  it('sends a member who opens onboarding to /overview, and offers them no Get Started entry', async () => {
    await signIn(page, 'member');
    expect(await page.locator('[data-testid="nav-item"][data-path="/onboarding"]').count()).toBe(0);
    await page.goto(SIGNALS);
    await page.waitForURL((url) => url.pathname === '/overview');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.goto('/onboarding');
    await page.waitForURL((url) => url.pathname === '/overview');
    await screenshot(page, 'onboarding-member-redirected');
  });

  it('opens the set-up screen only under the reflow flag, where the owner picks the first integration', async () => {
    await signIn(page, 'owner');
    await page.goto('/org/org-demo/onboarding/setup');
    await page.getByTestId('not-found').waitFor();
    await page.goto(SLACK_ONBOARDING);
    await page.getByTestId('not-found').waitFor();

    await setReflow(true);
    // the Get Started entry now starts at set-up
    await page.goto('/signals/alerts');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Onboarding' }).click();
    await page.waitForURL('**/org/org-demo/onboarding/setup');
    await page.getByRole('heading', { name: 'Set up Demo Organization' }).waitFor();
    expect(await page.getByTestId('integration-card').count()).toBe(6);
    await page.getByTestId('integration-card').filter({ hasText: 'Zoom' }).click();
    await page.getByRole('status').filter({ hasText: 'Zoom selected' }).waitFor();
    await page.getByRole('radio', { name: /Zoom/ }).and(page.locator('[aria-checked="true"]')).waitFor();
    await screenshot(page, 'onboarding-setup');

    // kept by the server, and the checklist step it stands for is done
    await page.reload();
    await page.getByRole('radio', { name: /Zoom/ }).and(page.locator('[aria-checked="true"]')).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`**${SIGNALS}`);
    await taskDone('select_integration');
    await expectText(task('select_integration').getByTestId('selected-integration'), 'Zoom');
    // the choice can still change from the checklist
    await task('select_integration').getByLabel('Integration').click();
    await page.getByRole('option', { name: 'Slack' }).click();
    await task('select_integration').getByRole('button', { name: 'Select' }).click();
    await expectText(task('select_integration').getByTestId('selected-integration'), 'Slack');

    // an integration's onboarding screen exists now, without the app's navigation
    await page.goto(SLACK_ONBOARDING);
    await page.getByRole('heading', { name: 'Set up Slack' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await screenshot(page, 'onboarding-integration-slack');
  });

  it('shows the owner the checklist, with a link to each step, and ticks steps off', async () => {
    await signIn(page, 'owner');
    await page.getByRole('group', { name: 'Get Started' }).getByRole('link', { name: 'Onboarding' }).waitFor();
    await screenshot(page, 'onboarding-nav-entry');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Onboarding' }).click();
    await page.waitForURL(`**${SIGNALS}`);
    await page.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
    expect(await page.getByTestId('onboarding-task').count()).toBe(7);
    // the set-up test chose an integration already
    await expectText(page.getByTestId('onboarding-progress'), '1 of 7 steps complete');
    expect(await task('configure_notification_preferences').getByRole('link', { name: 'Set preferences' }).getAttribute('href')).toBe(
      '/account/organization_settings?onboarding=signals',
    );
    expect(await task('create_on_call_schedule').getByRole('link', { name: 'Open schedules' }).getAttribute('href')).toBe('/signals/on_call_schedules');
    await screenshot(page, 'onboarding-checklist');

    await task('create_on_call_schedule').getByRole('button', { name: 'Mark "Create an on-call schedule" as done' }).click();
    await taskDone('create_on_call_schedule');
    await expectText(page.getByTestId('onboarding-progress'), '2 of 7 steps complete');

    await task('send_test_alert').getByRole('link', { name: 'Send a test alert' }).click();
    await page.waitForURL('**/org/org-demo/onboarding/signals/alert');
    await page.getByRole('heading', { name: 'Send a test alert' }).waitFor();
    await screenshot(page, 'onboarding-test-alert');
    await page.getByRole('button', { name: 'I received the test alert' }).click();
    await page.waitForURL(`**${SIGNALS}`);
    await taskDone('send_test_alert');
    await expectText(page.getByTestId('onboarding-progress'), '3 of 7 steps complete');

    // the checklist is the server's: a reload shows the same
    await page.reload();
    await expectText(page.getByTestId('onboarding-progress'), '3 of 7 steps complete');
    await page.goto('/org/elsewhere/onboarding/signals');
    await page.getByTestId('not-found').waitFor();
  });

  it('lets the owner dismiss onboarding for the organization, after which the entry leaves the navigation', async () => {
    await signIn(page, 'owner');
    await page.goto(SIGNALS);
    await page.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
    await page.getByRole('button', { name: 'Dismiss onboarding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss onboarding?' });
    await dialog.waitFor();
    await screenshot(page, 'onboarding-dismiss-confirm');
    await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await page.getByTestId('onboarding-complete').filter({ hasText: 'Onboarding dismissed' }).waitFor();
    await screenshot(page, 'onboarding-dismissed');

    await page.getByRole('link', { name: 'Skip to the app' }).click();
    await page.waitForURL('**/signals/alerts');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.locator('[data-testid="nav-item"][data-path="/onboarding"]').count()).toBe(0);
    // the checklist stays open to owners
    await page.goto('/onboarding');
    await page.waitForURL(`**${SIGNALS}`);
    await page.getByTestId('onboarding-complete').waitFor();

    // integration onboarding screens are for organizations still onboarding
    await setReflow(true);
    await page.goto(SLACK_ONBOARDING);
    await page.getByTestId('not-found').waitFor();
  });
});
