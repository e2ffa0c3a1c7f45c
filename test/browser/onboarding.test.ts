import { expectText, screenshot, useBrowserSuite } from '../support/browser';
import { apiCall, signIn, signInTo } from './sign-in';
import { checkScreen } from '../support/accessibility';

const SIGNALS = '/org/org-demo/onboarding/signals';
const SLACK_ONBOARDING = '/settings/integrations/slack/connections/c-1/onboarding';

/** The onboarding screens against the real server and its seeded demo users (build the web app first). */
describe('onboarding screens', () => {
  // Before the suite's hooks, so it runs while the page is still open (jest runs a block's hooks in declaration order).
  afterEach(async () => {
    // the flag is the organization's: a test that turned it on and then failed must not leave it on for the next
    await apiCall(suite.page, 'PUT', '/api/v1/organization/feature_flags/reflow', { enabled: false }).catch(
      () => undefined,
    );
  });
  const suite = useBrowserSuite();

  const task = (slug: string) => suite.page.locator(`[data-testid="onboarding-task"][data-slug="${slug}"]`);
  const taskDone = (slug: string) =>
    suite.page.locator(`[data-testid="onboarding-task"][data-slug="${slug}"][data-complete="true"]`).waitFor();
  const setReflow = async (enabled: boolean) =>
    expect((await apiCall(suite.page, 'PUT', '/api/v1/organization/feature_flags/reflow', { enabled })).status).toBe(
      200,
    );

  it('sends a member who opens onboarding to /overview, and offers them no Get Started entry', async () => {
    await signIn(suite.page, 'member');
    expect(await suite.page.locator('[data-testid="nav-item"][data-path="/onboarding"]').count()).toBe(0);
    await suite.page.goto(SIGNALS);
    await suite.page.waitForURL((url) => url.pathname === '/overview');
    await suite.page.getByRole('heading', { name: 'Home' }).waitFor();
    await suite.page.goto('/onboarding');
    await suite.page.waitForURL((url) => url.pathname === '/overview');
    await screenshot(suite.page, 'onboarding-member-redirected');
  });

  it('opens the set-up screen only under the reflow flag, where the owner picks the first integration', async () => {
    await signInTo(suite.page, 'owner', '/org/org-demo/onboarding/setup');
    await suite.page.getByTestId('not-found').waitFor();
    await suite.page.goto(SLACK_ONBOARDING);
    await suite.page.getByTestId('not-found').waitFor();

    await setReflow(true);
    // the Get Started entry now starts at set-up
    await suite.page.goto('/signals/alerts');
    await suite.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Onboarding' })
      .click();
    await suite.page.waitForURL('**/org/org-demo/onboarding/setup');
    await suite.page.getByRole('heading', { name: 'Set up Demo Organization' }).waitFor();
    expect(await suite.page.getByTestId('integration-card').count()).toBe(6);
    await suite.page.getByTestId('integration-card').filter({ hasText: 'Zoom' }).click();
    await suite.page.getByRole('status').filter({ hasText: 'Zoom selected' }).waitFor();
    await suite.page.getByRole('radio', { name: /Zoom/ }).and(suite.page.locator('[aria-checked="true"]')).waitFor();
    await checkScreen(suite.page, 'onboarding-setup');

    // kept by the server, and the checklist step it stands for is done
    await suite.page.reload();
    await suite.page.getByRole('radio', { name: /Zoom/ }).and(suite.page.locator('[aria-checked="true"]')).waitFor();
    await suite.page.getByRole('link', { name: 'Continue' }).click();
    await suite.page.waitForURL(`**${SIGNALS}`);
    await taskDone('select_integration');
    await expectText(task('select_integration').getByTestId('selected-integration'), 'Zoom');
    // the choice can still change from the checklist
    await task('select_integration').getByLabel('Integration').click();
    await suite.page.getByRole('option', { name: 'Slack' }).click();
    await task('select_integration').getByRole('button', { name: 'Select' }).click();
    await expectText(task('select_integration').getByTestId('selected-integration'), 'Slack');

    // an integration's onboarding screen exists now, without the app's navigation
    await suite.page.goto(SLACK_ONBOARDING);
    await suite.page.getByRole('heading', { name: 'Set up Slack' }).waitFor();
    expect(await suite.page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await screenshot(suite.page, 'onboarding-integration-slack');
  });

  it('shows the owner the checklist, with a link to each step, and ticks steps off', async () => {
    await signIn(suite.page, 'owner');
    await suite.page.getByRole('group', { name: 'Get Started' }).getByRole('link', { name: 'Onboarding' }).waitFor();
    await screenshot(suite.page, 'onboarding-nav-entry');
    await suite.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Onboarding' })
      .click();
    await suite.page.waitForURL(`**${SIGNALS}`);
    await suite.page.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
    expect(await suite.page.getByTestId('onboarding-task').count()).toBe(7);
    // the set-up test chose an integration already
    await expectText(suite.page.getByTestId('onboarding-progress'), '1 of 7 steps complete');
    expect(
      await task('configure_notification_preferences')
        .getByRole('link', { name: 'Set preferences' })
        .getAttribute('href'),
    ).toBe('/account/organization_settings?onboarding=signals');
    expect(
      await task('create_on_call_schedule').getByRole('link', { name: 'Open schedules' }).getAttribute('href'),
    ).toBe('/signals/on_call_schedules');
    await checkScreen(suite.page, 'onboarding-checklist');

    await task('create_on_call_schedule')
      .getByRole('button', { name: 'Mark as done (Create an on-call schedule)' })
      .click();
    await taskDone('create_on_call_schedule');
    await expectText(suite.page.getByTestId('onboarding-progress'), '2 of 7 steps complete');

    await task('send_test_alert').getByRole('link', { name: 'Send a test alert' }).click();
    await suite.page.waitForURL('**/org/org-demo/onboarding/signals/alert');
    await suite.page.getByRole('heading', { name: 'Send a test alert' }).waitFor();
    await screenshot(suite.page, 'onboarding-test-alert');
    await suite.page.getByRole('button', { name: 'I received the test alert' }).click();
    await suite.page.waitForURL(`**${SIGNALS}`);
    await taskDone('send_test_alert');
    await expectText(suite.page.getByTestId('onboarding-progress'), '3 of 7 steps complete');

    // the checklist is the server's: a reload shows the same
    await suite.page.reload();
    await expectText(suite.page.getByTestId('onboarding-progress'), '3 of 7 steps complete');
    await suite.page.goto('/org/elsewhere/onboarding/signals');
    await suite.page.getByTestId('not-found').waitFor();
  });

  it('lets the owner dismiss onboarding for the organization, after which the entry leaves the navigation', async () => {
    await signInTo(suite.page, 'owner', SIGNALS);
    await suite.page.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
    await suite.page.getByRole('button', { name: 'Dismiss onboarding' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Dismiss onboarding?' });
    await dialog.waitFor();
    await checkScreen(suite.page, 'onboarding-dismiss-confirm');
    await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await suite.page.getByTestId('onboarding-complete').filter({ hasText: 'Onboarding dismissed' }).waitFor();
    await screenshot(suite.page, 'onboarding-dismissed');

    await suite.page.getByRole('link', { name: 'Skip to the app' }).click();
    await suite.page.waitForURL('**/signals/alerts');
    await suite.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await suite.page.locator('[data-testid="nav-item"][data-path="/onboarding"]').count()).toBe(0);
    // the checklist stays open to owners
    await suite.page.goto('/onboarding');
    await suite.page.waitForURL(`**${SIGNALS}`);
    await suite.page.getByTestId('onboarding-complete').waitFor();

    // integration onboarding screens are for organizations still onboarding
    await setReflow(true);
    await suite.page.goto(SLACK_ONBOARDING);
    await suite.page.getByTestId('not-found').waitFor();
  });
});
