import type { Page } from 'playwright-core';
import { expectText, newPage, screenshot, useBrowserSuite } from '../support/browser';
import { joinDemoOrganization } from './demo-organization';
import { apiCall, signIn } from './sign-in';
import { checkScreen } from '../support/accessibility';

const ITEMS = '/api/v1/signals/notification_policy_items';
const INCOMPLETE = 'Please complete the previous notification before adding another.';

/** /signals/notification_policy against the real server and its seeded demo users (build the web app first). */
describe('organization notification policy screen', () => {
  const suite = useBrowserSuite();

  const priority = (target: Page, name: string) => target.getByRole('region', { name: `${name} priority policy` });
  const steps = (target: Page, name: string) => priority(target, name).getByTestId('policy-step');
  const choose = async (target: Page, label: string, option: string, scope = target.locator('[data-mode="edit"]')) => {
    await scope.getByLabel(label, { exact: true }).click();
    await target.getByRole('option', { name: option, exact: true }).click();
  };

  /** Leaves the demo organization without policy, so each test starts from a known page. */
  async function clearPolicy(owner: Page) {
    const items = (await (await apiCall(owner, 'GET', ITEMS)).json()).data as Array<{ id: string }>;
    for (const item of items) expect((await apiCall(owner, 'DELETE', `${ITEMS}/${item.id}`)).status).toBe(204);
  }

  beforeEach(async () => {
    await signIn(suite.page, 'owner');
    await clearPolicy(suite.page);
  });

  it('lets the owner add, edit and delete steps per priority, with the delay options and channel labels', async () => {
    await suite.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Organization Notification Policy' })
      .click();
    await suite.page.waitForURL('**/signals/notification_policy');
    await suite.page.getByRole('heading', { name: 'Organization Notification Policy', level: 1 }).waitFor();
    for (const name of ['HIGH', 'MEDIUM', 'LOW'])
      await priority(suite.page, name).getByTestId('policy-priority-empty').waitFor();

    await suite.page.getByRole('button', { name: 'Add step for HIGH priority' }).click();
    const editing = suite.page.locator('[data-mode="edit"]');
    await editing.getByRole('button', { name: 'Save' }).click();
    expect(await editing.getByText('Required', { exact: true }).count()).toBe(2);
    await suite.page.getByRole('button', { name: 'Add step for HIGH priority' }).click();
    await expectText(priority(suite.page, 'HIGH').getByTestId('add-refused'), INCOMPLETE);

    await editing.getByLabel('Notification type', { exact: true }).click();
    const channels = await suite.page.getByRole('option').allTextContents();
    expect(channels).toEqual([
      'Push Notification',
      'SMS or WhatsApp',
      'Phone Call',
      'Email',
      'Slack or MS Teams',
      'Any',
    ]);
    await suite.page.getByRole('option', { name: 'Phone Call', exact: true }).click();
    await editing.getByLabel('Delay', { exact: true }).click();
    expect(await suite.page.getByRole('option').allTextContents()).toEqual([
      'Immediately',
      '1 min',
      '2 mins',
      '5 mins',
      '10 mins',
      '15 mins',
      '30 mins',
      '1 hour',
    ]);
    await suite.page.getByRole('option', { name: '5 mins', exact: true }).click();
    await checkScreen(suite.page, 'notification-policy-editing');
    await editing.getByRole('button', { name: 'Save' }).click();
    await suite.page.getByTestId('toast').getByText('Notification policy has been updated').first().waitFor();
    await expectText(steps(suite.page, 'HIGH').locator('td').first(), 'Phone Call');
    await expectText(steps(suite.page, 'HIGH').getByTestId('policy-step-delay'), '5 mins');

    // adding while a row is edited saves that row first
    await suite.page.getByRole('button', { name: 'Add step for MEDIUM priority' }).click();
    await choose(suite.page, 'Notification type', 'Email');
    await choose(suite.page, 'Delay', 'Immediately');
    await suite.page.getByRole('button', { name: 'Add step for MEDIUM priority' }).click();
    await priority(suite.page, 'MEDIUM')
      .locator('[data-mode="read"]')
      .filter({ hasText: 'Email' })
      .getByText('Immediately')
      .waitFor();
    await priority(suite.page, 'MEDIUM').locator('[data-mode="edit"]').waitFor();
    await priority(suite.page, 'MEDIUM').locator('[data-mode="edit"]').getByRole('button', { name: 'Delete' }).click();
    await priority(suite.page, 'MEDIUM').locator('[data-mode="edit"]').waitFor({ state: 'detached' });

    await suite.page.getByRole('button', { name: 'Edit HIGH Phone Call' }).click();
    await choose(suite.page, 'Delay', '1 hour');
    await editing.getByRole('button', { name: 'Save' }).click();
    await expectText(steps(suite.page, 'HIGH').getByTestId('policy-step-delay'), '1 hour');
    const saved = (await (await apiCall(suite.page, 'GET', ITEMS)).json()).data;
    expect(
      saved
        .map((item: Record<string, string>) => [item.priority, item.notification_group_method, item.max_delay])
        .sort(),
    ).toEqual([
      ['HIGH', 'voice', 'PT1H'],
      ['MEDIUM', 'email', 'PT0S'],
    ]);
    await checkScreen(suite.page, 'notification-policy');

    await suite.page.getByRole('button', { name: 'Delete MEDIUM Email' }).click();
    await suite.page.getByTestId('toast').getByText('Notification policy item has been deleted').waitFor();
    await priority(suite.page, 'MEDIUM').getByTestId('policy-priority-empty').waitFor();
  });

  it("shows another owner's change live and the server's refusal beside the row", async () => {
    const other = await newPage(suite.browser, suite.app.url);
    other.context().setDefaultTimeout(10_000);
    const second = await joinDemoOrganization(suite.app, other, 'owner', 'policy');
    await suite.page.goto('/signals/notification_policy');
    await priority(suite.page, 'LOW').getByTestId('policy-priority-empty').waitFor();

    expect(
      (await apiCall(other, 'POST', ITEMS, { priority: 'LOW', notification_group_method: 'chat', max_delay: 'PT15M' }))
        .status,
    ).toBe(201);
    await expectText(steps(suite.page, 'LOW').locator('td').first(), 'Slack or MS Teams');
    await expectText(steps(suite.page, 'LOW').getByTestId('policy-step-delay'), '15 mins');

    // the second owner is demoted while their page is open: the server refuses and says why
    await other.goto('/signals/notification_policy');
    await other.getByRole('button', { name: 'Edit LOW Slack or MS Teams' }).click();
    await choose(other, 'Delay', '30 mins');
    expect((await apiCall(suite.page, 'PATCH', `/api/v1/users/${second.userId}`, { role: 'member' })).status).toBe(200);
    await other.locator('[data-mode="edit"]').getByRole('button', { name: 'Save' }).click();
    await other
      .getByRole('alert')
      .filter({ hasText: 'Could not save the policy step' })
      .getByText("The permission 'Manage organization notification policies' is required", { exact: false })
      .waitFor();
    await screenshot(other, 'notification-policy-refused');
    await other.context().close();
    await expectText(steps(suite.page, 'LOW').getByTestId('policy-step-delay'), '15 mins');
  });

  it('brings the whole organization in line and reports who could not be, with the reasons', async () => {
    const member = await newPage(suite.browser, suite.app.url);
    member.context().setDefaultTimeout(10_000);
    const person = await joinDemoOrganization(suite.app, member, 'member', 'orgmatch');
    for (const item of [
      { priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' },
      { priority: 'HIGH', notification_group_method: 'voice', max_delay: 'PT1M' },
    ]) {
      expect((await apiCall(suite.page, 'POST', ITEMS, item)).status).toBe(201);
    }
    await suite.page.goto('/signals/notification_policy');
    await suite.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() =>
        document.querySelectorAll('[data-testid="org-match-progress"]').forEach((p) => seen.push(p.textContent ?? '')),
      ).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await suite.page.getByRole('button', { name: 'Match & update for the whole organization' }).click();
    const confirm = suite.page.getByRole('dialog', { name: 'Match & update for the whole organization' });
    await confirm.getByRole('button', { name: 'Match & update' }).click();

    const report = suite.page.getByTestId('org-match-report');
    await report.getByTestId('org-match-summary').waitFor();
    expect(await report.getByTestId('org-match-summary').textContent()).toMatch(
      /^\d+ users checked: \d+ already compliant, \d+ brought into compliance, \d+ still not compliant\. \d+ settings? updated, \d+ settings? created\.$/,
    );
    const left = report.getByTestId('org-match-left').filter({ hasText: person.email });
    await expectText(left.locator('td').nth(2), 'No suitable destinations available for voice');
    expect(
      (await suite.page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).length,
    ).toBeGreaterThan(0);
    await screenshot(suite.page, 'notification-policy-org-match');

    // the member holds the email step the run created for them
    const settings = (await (await apiCall(member, 'GET', '/api/v1/signals_notification_settings')).json()).data;
    expect(
      settings.map((s: { notification_type: { value: string }; delay: string; notification_priority: string }) => [
        s.notification_type.value,
        s.delay,
        s.notification_priority,
      ]),
    ).toEqual([['email', 'PT5M', 'HIGH']]);
    await member.context().close();
  });

  it('is for owners only: a member is sent to the unauthorized page', async () => {
    const member = await newPage(suite.browser, suite.app.url);
    await signIn(member, 'member');
    expect(
      await member
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Organization Notification Policy' })
        .count(),
    ).toBe(0);
    await member.goto('/signals/notification_policy');
    await member.waitForURL((url) => url.pathname === '/unauthorized/manage_organization_notification_policies');
    await member.context().close();
  });
});
