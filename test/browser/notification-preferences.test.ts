import type { Locator, Page } from 'playwright-core';
import { expectText, newPage, screenshot, useBrowserSuite } from '../support/browser';
import { joinDemoOrganization } from './demo-organization';
import { apiCall, signIn } from './sign-in';
import { checkScreen } from '../support/accessibility';

const ITEMS = '/api/v1/signals/notification_policy_items';
const SETTINGS = '/api/v1/signals_notification_settings';
const PREFERENCES = '/account/organization_settings';

// SPEC.md sections 8 and 9, word for word.
const BANNER = "Your notification preferences do not meet the organization's policy requirements.";
const ALERT = `${BANNER} Please update your preferences to ensure you receive critical alerts on time.`;
const PROMPT_TITLE = 'Update your notification preferences?';
const PROMPT_TEXT = "We recommend reviewing your notification preferences to align with the organization's policy.";
const INCOMPLETE = 'Please complete the previous notification before adding another.';
const NO_PHONES = 'No Phone destinations available. Please add one or verify in your Profile settings.';
const UPDATED = 'Notification setting has been updated';
const DELETED = 'Notification setting has been deleted';
const SAVE_FAILED = 'Something went wrong updating notification settings.';
const MATCH_FAILED = 'An error occurred while updating preferences. Please try again.';
const MATCHED = "Your notification preferences now meet the organization's policy.";

/** The alert notifications of /account/organization_settings against the real server (build the web app first). */
describe('notification preferences', () => {
  // a phone is verified as it is added, so a member can have one without a code
  const suite = useBrowserSuite({ env: { SIMPLE_PHONE_VERIFICATION: 'true' } });

  let owner: Page;

  const priority = (target: Page, name: string) =>
    target.getByRole('region', { name: `${name} priority notifications` });
  const readRows = (target: Page, name: string) =>
    priority(target, name).locator('[data-testid="notification-step"][data-mode="read"]');
  const editRow = (target: Page) => target.locator('[data-testid="notification-step"][data-mode="edit"]');
  const toast = (target: Page, text: string) => target.getByTestId('toast').filter({ hasText: text }).first().waitFor();
  /** Toasts close themselves after a while; closing them at once lets the next one be told apart. */
  async function dismissToasts(target: Page) {
    for (const close of await target.getByTestId('toast').getByRole('button', { name: 'Dismiss' }).all())
      await close.click();
    await target.getByTestId('toast').first().waitFor({ state: 'detached' });
  }
  async function choose(target: Page, label: string, option: string) {
    await editRow(target).getByLabel(label, { exact: true }).click();
    await target.getByRole('option', { name: option, exact: true }).click();
  }
  async function addStep(target: Page, name: string, type: string, delay: string) {
    await target.getByRole('button', { name: `Add notification for ${name} priority` }).click();
    await choose(target, 'Notification type', type);
    await choose(target, 'Delay', delay);
    await editRow(target).getByRole('button', { name: 'Save' }).click();
    await toast(target, UPDATED);
    await editRow(target).waitFor({ state: 'detached' });
  }
  const status = (row: Locator) => row.getByTestId('compliance-status');
  const policy = async (body: Record<string, string>) => {
    const response = await apiCall(owner, 'POST', ITEMS, body);
    expect(response.status).toBe(201);
  };
  const openPreferences = async (target: Page) => {
    await target.goto(PREFERENCES);
    await target.getByTestId('alert-notifications').waitFor();
  };

  beforeEach(async () => {
    owner = await newPage(suite.browser, suite.app.url);
    owner.context().setDefaultTimeout(10_000);
    await signIn(owner, 'owner');
    const items = (await (await apiCall(owner, 'GET', ITEMS)).json()).data as Array<{ id: string }>;
    for (const item of items) expect((await apiCall(owner, 'DELETE', `${ITEMS}/${item.id}`)).status).toBe(204);
    expect(
      (await apiCall(owner, 'PUT', '/api/v1/organization/feature_flags/hideWhatsApp', { enabled: false })).status,
    ).toBe(200);
  });
  afterEach(() => owner.context().close());

  it("shows non-compliance live when an owner tightens the policy, and 'Match & update all' makes the member compliant", async () => {
    await joinDemoOrganization(suite.app, suite.page, 'member', 'live');
    await openPreferences(suite.page);
    for (const name of ['HIGH', 'MEDIUM', 'LOW'])
      await priority(suite.page, name).getByTestId('priority-empty').waitFor();

    await suite.page.getByRole('button', { name: 'Add notification for HIGH priority' }).click();
    await editRow(suite.page).getByRole('button', { name: 'Save' }).click();
    expect(await editRow(suite.page).getByText('Required', { exact: true }).count()).toBe(2);
    await suite.page.getByRole('button', { name: 'Add notification for HIGH priority' }).click();
    await expectText(priority(suite.page, 'HIGH').getByTestId('add-refused'), INCOMPLETE);
    await screenshot(suite.page, 'notification-preferences-incomplete');
    await choose(suite.page, 'Notification type', 'Email');
    await choose(suite.page, 'Delay', '10 mins');
    await editRow(suite.page).getByRole('button', { name: 'Save' }).click();
    await toast(suite.page, UPDATED);
    const row = readRows(suite.page, 'HIGH').first();
    await expectText(row.getByTestId('step-delay'), '10 mins');
    await expectText(status(row), 'No policy set');

    // the owner tightens the policy in another browser while the member's page stays open
    await suite.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await owner.goto('/signals/notification_policy');
    await owner.getByRole('button', { name: 'Add step for HIGH priority' }).click();
    await owner.locator('[data-mode="edit"]').getByLabel('Notification type', { exact: true }).click();
    await owner.getByRole('option', { name: 'Email', exact: true }).click();
    await owner.locator('[data-mode="edit"]').getByLabel('Delay', { exact: true }).click();
    await owner.getByRole('option', { name: '5 mins', exact: true }).click();
    await owner.locator('[data-mode="edit"]').getByRole('button', { name: 'Save' }).click();
    await owner.getByTestId('policy-step').filter({ hasText: '5 mins' }).waitFor();

    await expectText(suite.page.getByTestId('non-compliance-banner').locator('p').first(), BANNER);
    await expectText(status(row).locator('.mantine-Badge-label'), 'Required delay: 5 mins');
    await expectText(
      row.getByTestId('policy-hint'),
      "Per your organization's policy, this value should be set to: 5 mins",
    );
    expect(await suite.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await checkScreen(suite.page, 'notification-preferences-non-compliant');

    // every label the button wears is recorded, so 'Updating...' is seen however short the run
    await suite.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { labels: string[] }).labels = seen;
      new MutationObserver(() =>
        document
          .querySelectorAll('[data-testid="non-compliance-banner"] button')
          .forEach((b) => seen.push(b.textContent ?? '')),
      ).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await suite.page.getByRole('button', { name: 'Match & update all' }).click();
    await toast(suite.page, MATCHED);
    await expectText(status(readRows(suite.page, 'HIGH').first()), 'Compliant with policy');
    await suite.page.getByTestId('non-compliance-banner').waitFor({ state: 'detached' });
    expect(await suite.page.evaluate(() => (window as unknown as { labels: string[] }).labels)).toContain(
      'Updating...',
    );
    expect(
      (await (await apiCall(suite.page, 'GET', SETTINGS)).json()).data.map((s: { delay: string }) => s.delay),
    ).toEqual(['PT5M']);
    await checkScreen(suite.page, 'notification-preferences-compliant');
  });

  it('edits rows as the spec says: duplicate, save before adding, local and server deletes, destinations and unmet policy items', async () => {
    await policy({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' });
    await joinDemoOrganization(suite.app, suite.page, 'member', 'rows');
    await openPreferences(suite.page);
    await priority(suite.page, 'HIGH')
      .getByTestId('unmet-policy-item')
      .filter({ hasText: 'Email' })
      .getByRole('button', { name: 'Add' })
      .click();
    await editRow(suite.page).getByRole('button', { name: 'Save' }).click();
    await toast(suite.page, UPDATED);
    await expectText(status(readRows(suite.page, 'HIGH').first()), 'Compliant with policy');
    expect(await priority(suite.page, 'HIGH').getByTestId('unmet-policy-item').count()).toBe(0);

    // Duplicate: a copy one delay option later, met by the group already
    await suite.page.getByRole('button', { name: 'Duplicate Email after 5 mins' }).click();
    expect(await editRow(suite.page).getByLabel('Delay', { exact: true }).inputValue()).toBe('10 mins');
    await editRow(suite.page).getByRole('button', { name: 'Save' }).click();
    await toast(suite.page, UPDATED);
    await expectText(status(readRows(suite.page, 'HIGH').nth(1)), 'Not required by policy');

    await addStep(suite.page, 'LOW', 'Email', '1 hour');
    await expectText(status(readRows(suite.page, 'LOW').first()), 'No applicable policy');
    expect(await suite.page.getByRole('button', { name: 'Duplicate Email after 1 hour' }).count()).toBe(0);

    // adding while another row is edited submits that row, then opens the new one
    await suite.page.getByRole('button', { name: 'Edit Email after 1 hour' }).click();
    await choose(suite.page, 'Delay', '30 mins');
    await suite.page.getByRole('button', { name: 'Add notification for LOW priority' }).click();
    await expectText(readRows(suite.page, 'LOW').first().getByTestId('step-delay'), '30 mins');
    await editRow(suite.page).waitFor();
    expect(await editRow(suite.page).getByLabel('Notification type', { exact: true }).inputValue()).toBe('');
    // the unsaved row goes without a call; the saved one by DELETE
    await editRow(suite.page).getByRole('button', { name: 'Delete' }).click();
    await editRow(suite.page).waitFor({ state: 'detached' });
    expect((await (await apiCall(suite.page, 'GET', SETTINGS)).json()).data).toHaveLength(3);
    await suite.page.getByRole('button', { name: 'Delete Email after 30 mins' }).click();
    await toast(suite.page, DELETED);
    await priority(suite.page, 'LOW').getByTestId('priority-empty').waitFor();

    // a kind of destination the member has none of
    await suite.page.getByRole('button', { name: 'Add notification for MEDIUM priority' }).click();
    await editRow(suite.page).getByLabel('Notification type', { exact: true }).click();
    expect(await suite.page.getByRole('option').allTextContents()).toEqual([
      'Email',
      'Slack',
      'Microsoft Teams',
      'SMS',
      'Voice',
      'WhatsApp',
      'Push',
    ]);
    await suite.page.getByRole('option', { name: 'SMS', exact: true }).click();
    await editRow(suite.page).getByText(NO_PHONES).waitFor();
    await editRow(suite.page).getByRole('button', { name: 'Discard' }).click();

    // an unmet item offers Add, prefilled; 'Match & update all' reports what it could not satisfy
    await policy({ priority: 'HIGH', notification_group_method: 'voice', max_delay: 'PT1M' });
    const unmet = priority(suite.page, 'HIGH').getByTestId('unmet-policy-item');
    await expectText(unmet.getByTestId('unmet-label'), 'Phone Call');
    await unmet.getByRole('button', { name: 'Add Phone Call within 1 min' }).click();
    expect(await editRow(suite.page).getByLabel('Notification type', { exact: true }).inputValue()).toBe('Voice');
    expect(await editRow(suite.page).getByLabel('Delay', { exact: true }).inputValue()).toBe('1 min');
    await editRow(suite.page).getByText(NO_PHONES).waitFor();
    await screenshot(suite.page, 'notification-preferences-unmet-add');
    await editRow(suite.page).getByRole('button', { name: 'Discard' }).click();
    await suite.page.getByRole('button', { name: 'Match & update all' }).click();
    const report = suite.page.getByTestId('match-report');
    await report.getByText('0 settings updated, 0 settings created, 0 failed.').waitFor();
    await report.getByText('HIGH Phone Call within 1 min: No suitable destinations available for voice').waitFor();
    await screenshot(suite.page, 'notification-preferences-partial-match');

    // the flag that hides WhatsApp destinations
    expect(
      (await apiCall(owner, 'PUT', '/api/v1/organization/feature_flags/hideWhatsApp', { enabled: true })).status,
    ).toBe(200);
    await openPreferences(suite.page);
    await suite.page.getByRole('button', { name: 'Add notification for MEDIUM priority' }).click();
    await editRow(suite.page).getByLabel('Notification type', { exact: true }).click();
    expect(await suite.page.getByRole('option').allTextContents()).toEqual([
      'Email',
      'Slack',
      'Microsoft Teams',
      'SMS',
      'Voice',
      'Push',
    ]);

    // leaving with a row half-edited asks first (SPEC.md section 4)
    await suite.page.getByRole('option', { name: 'Email', exact: true }).click();
    const asked = new Promise<string>((resolve) =>
      suite.page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))),
    );
    await suite.page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
    expect(await asked).toBe("Are you sure you want to navigate away? You'll lose your changes.");
    expect(new URL(suite.page.url()).pathname).toBe(PREFERENCES);
    await editRow(suite.page).waitFor();
  });

  it("offers each type the member's destinations of its kind, and 'Match & update all' uses them", async () => {
    const member = await joinDemoOrganization(suite.app, suite.page, 'member', 'phone');
    expect(
      (await apiCall(suite.page, 'POST', '/api/v1/phones', { number: '+14155550123', consent: true })).status,
    ).toBe(201);
    await openPreferences(suite.page);
    await suite.page.getByRole('button', { name: 'Add notification for MEDIUM priority' }).click();
    await choose(suite.page, 'Notification type', 'Email');
    expect(await editRow(suite.page).getByLabel('Destination', { exact: true }).inputValue()).toBe(member.email);
    await choose(suite.page, 'Notification type', 'Voice');
    expect(await editRow(suite.page).getByLabel('Destination', { exact: true }).inputValue()).toBe('+14155550123');
    await editRow(suite.page).getByLabel('Destination', { exact: true }).click();
    expect(await suite.page.getByRole('option').allTextContents()).toEqual(['+14155550123']);
    await suite.page.keyboard.press('Escape');
    await choose(suite.page, 'Delay', '2 mins');
    await editRow(suite.page).getByRole('button', { name: 'Save' }).click();
    await toast(suite.page, UPDATED);
    const row = readRows(suite.page, 'MEDIUM').first();
    await expectText(row.locator('p').first(), 'Voice');
    await row.getByText('+14155550123').waitFor();

    await policy({ priority: 'HIGH', notification_group_method: 'mobile_text', max_delay: 'PT3M' });
    await priority(suite.page, 'HIGH').getByTestId('unmet-policy-item').waitFor();
    await suite.page.getByRole('button', { name: 'Match & update all' }).click();
    await toast(suite.page, MATCHED);
    const created = readRows(suite.page, 'HIGH').first();
    await expectText(created.locator('p').first(), 'SMS');
    await expectText(created.getByTestId('step-delay'), '2 mins');
    await expectText(status(created), 'Compliant with policy');
    await screenshot(suite.page, 'notification-preferences-phone');
  });

  it('says so when the server refuses a save, a delete or a match & update', async () => {
    await policy({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT1M' });
    const member = await joinDemoOrganization(suite.app, suite.page, 'member', 'refused');
    await openPreferences(suite.page);
    await addStep(suite.page, 'HIGH', 'Email', '5 mins');
    await dismissToasts(suite.page);
    // demoted while the page is open: the page still offers editing, the server now refuses it
    expect((await apiCall(owner, 'PATCH', `/api/v1/users/${member.userId}`, { role: 'viewer' })).status).toBe(200);
    await suite.page.getByRole('button', { name: 'Edit Email after 5 mins' }).click();
    await choose(suite.page, 'Delay', '1 min');
    await editRow(suite.page).getByRole('button', { name: 'Save' }).click();
    await toast(suite.page, SAVE_FAILED);
    await dismissToasts(suite.page);
    await editRow(suite.page).getByRole('button', { name: 'Discard' }).click();
    await suite.page.getByRole('button', { name: 'Delete Email after 5 mins' }).click();
    await toast(suite.page, SAVE_FAILED);
    await dismissToasts(suite.page);
    await suite.page.getByRole('button', { name: 'Match & update all' }).click();
    await toast(suite.page, MATCH_FAILED);
    await screenshot(suite.page, 'notification-preferences-refused');
    expect(
      (await (await apiCall(suite.page, 'GET', SETTINGS)).json()).data.map((s: { delay: string }) => s.delay),
    ).toEqual(['PT5M']);
  });

  it('warns on other pages and asks once when a policy change leaves the member out of line', async () => {
    await joinDemoOrganization(suite.app, suite.page, 'member', 'prompt');
    await suite.page.goto('/account/edit');
    // Asked directly: waiting for the page's own request could catch the previous page's, whose body
    // is gone once the navigation happens.
    expect(
      (await (await apiCall(suite.page, 'GET', '/api/v1/signals_notification_settings/compliance')).json()).data
        .compliant,
    ).toBe(true);
    await suite.page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(await suite.page.getByTestId('non-compliance-alert').count()).toBe(0);

    await policy({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' });
    const prompt = suite.page.getByRole('dialog', { name: PROMPT_TITLE });
    await prompt.getByText(PROMPT_TEXT).waitFor();
    await expectText(suite.page.getByTestId('non-compliance-alert').locator('p').first(), ALERT);
    await screenshot(suite.page, 'notification-preferences-prompt');
    await prompt.getByRole('button', { name: 'Review preferences' }).click();
    await suite.page.waitForURL(`**${PREFERENCES}`);
    await suite.page.getByTestId('non-compliance-banner').waitFor();
    expect(await suite.page.getByTestId('non-compliance-alert').count()).toBe(0);
  });

  it('starts a handoff reminder from the working-hours defaults', async () => {
    await joinDemoOrganization(suite.app, suite.page, 'member', 'handoff');
    await openPreferences(suite.page);
    const section = suite.page.getByRole('region', { name: 'Handoff reminders' });
    await section.getByRole('button', { name: 'Add reminder' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'New handoff reminder' });
    expect(await dialog.getByLabel('Working hours').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Monday to Friday').isChecked()).toBe(true);
    expect(await dialog.getByLabel('From').inputValue()).toBe('09:00');
    expect(await dialog.getByLabel('To', { exact: true }).inputValue()).toBe('17:00');
    expect(await dialog.getByLabel('Time zone').inputValue()).toBe('UTC');
    const checked = async (day: string) => dialog.getByLabel(day, { exact: true }).isChecked();
    expect(await Promise.all(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map(checked))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    await dialog.getByRole('button', { name: 'Save reminder' }).click();
    await dialog.getByText('Required', { exact: true }).waitFor();
    await dialog.getByLabel('Notification type').click();
    await suite.page.getByRole('option', { name: 'Email', exact: true }).click();
    await screenshot(suite.page, 'notification-preferences-handoff-defaults');
    await dialog.getByRole('button', { name: 'Save reminder' }).click();
    await toast(suite.page, 'Handoff reminder has been saved');
    await expectText(
      section.getByTestId('handoff-reminder').locator('p').first(),
      'Email 30 min before the handoff, Mon–Fri 09:00–17:00 UTC',
    );
    const saved = (await (await apiCall(suite.page, 'GET', '/api/v1/signals/handoff_notification_settings')).json())
      .data[0];
    expect(saved).toMatchObject({
      hours_setting: 'standard',
      workdays: 'weekdays',
      start_time: '09:00',
      end_time: '17:00',
      time_zone: 'UTC',
      days: { monday: true, friday: true, saturday: false, sunday: false },
    });

    await section.getByRole('button', { name: 'Edit' }).click();
    const edit = suite.page.getByRole('dialog', { name: 'Edit handoff reminder' });
    await edit.getByText('Custom days').click();
    await edit.getByLabel('Sat', { exact: true }).check();
    await edit.getByRole('button', { name: 'Save reminder' }).click();
    await expectText(
      section.getByTestId('handoff-reminder').locator('p').first(),
      'Email 30 min before the handoff, Mon, Tue, Wed, Thu, Fri, Sat 09:00–17:00 UTC',
    );
  });

  it('shows a viewer their preferences read-only', async () => {
    await signIn(suite.page, 'viewer');
    await openPreferences(suite.page);
    await expectText(
      suite.page.getByTestId('read-only-notice'),
      'Only members and owners can change notification preferences.',
    );
    for (const name of ['HIGH', 'MEDIUM', 'LOW'])
      await priority(suite.page, name).getByTestId('priority-empty').waitFor();
    expect(await suite.page.getByRole('button', { name: /Add .* notification/ }).count()).toBe(0);
    expect(await suite.page.getByRole('button', { name: 'Match & update all' }).count()).toBe(0);
    await checkScreen(suite.page, 'notification-preferences-read-only');
  });

  it('completes the onboarding step with the first saved preference and moves on to Alerts', async () => {
    await joinDemoOrganization(suite.app, suite.page, 'member', 'onboarding');
    await suite.page.goto(`${PREFERENCES}?onboarding=signals`);
    await suite.page.getByTestId('onboarding-notice').waitFor();
    await suite.page.getByRole('button', { name: 'Add notification for HIGH priority' }).click();
    await choose(suite.page, 'Notification type', 'Email');
    await choose(suite.page, 'Delay', 'Immediately');
    await editRow(suite.page).getByRole('button', { name: 'Save' }).click();
    await suite.page.waitForURL('**/signals/alerts');
    const tasks = (await (await apiCall(suite.page, 'GET', '/internal_api/v1/onboarding/tasks')).json()).data
      .tasks as Array<{ slug: string; complete: boolean }>;
    expect(tasks.find((task) => task.slug === 'configure_notification_preferences')?.complete).toBe(true);
  });
});
