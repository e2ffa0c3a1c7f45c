import { checkScreen } from '../support/accessibility';
import { expectText, newPage, useBrowserSuite } from '../support/browser';
import { holdAnswers, pickWhileAnswering } from './held-answers';
import { apiCall, signIn, signInTo } from './sign-in';

/**
 * A team's escalation policies and alert rules against the real server (`npm run build:web` first): the owner
 * builds a policy in the editor, writes a rule whose live preview shows the recent alerts it matches, reorders.
 */
describe('escalation policy and alert rule screens', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  let teamId: string;

  beforeAll(async () => {
    await signIn(suite.page, 'owner');
    const memberId = (
      await (await apiCall(suite.page, 'GET', '/api/v1/teams/x/member_options?query=member')).json().catch(() => null)
    )?.data?.[0]?.id;
    const team = await (
      await apiCall(suite.page, 'POST', '/api/v1/teams', { name: `Database ${Date.now().toString(36)}` })
    ).json();
    teamId = team.data.id;
    const options = await (
      await apiCall(suite.page, 'GET', `/api/v1/teams/${teamId}/member_options?query=member`)
    ).json();
    const member = memberId ?? options.data[0].id;
    await apiCall(suite.page, 'POST', `/api/v1/teams/${teamId}/memberships`, { user_id: member, permissions: [] });
    // twelve recent alerts, sent as a monitoring tool sends them, for the rule preview to match
    const source = await (
      await apiCall(suite.page, 'POST', '/api/v1/signals/event_sources', {
        name: 'Prometheus',
        format: 'generic',
        team_id: teamId,
      })
    ).json();
    for (let i = 0; i < 12; i++) {
      const postgres = i % 4 === 0;
      const sent = await fetch(source.data.ingest_url as string, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          summary: postgres ? `Postgres replica lag ${i}s` : `Disk almost full on web-${i}`,
          priority: postgres ? 'HIGH' : 'LOW',
          dedup_key: `browser-alert-${i}`,
          labels: { service: postgres ? 'postgres' : 'web' },
        }),
      });
      expect(sent.status).toBe(202);
    }
  });

  it('creates an escalation policy from the team page, with the messages of the API on bad input', async () => {
    const page = suite.page;
    await page.goto(`/settings/teams/${teamId}/overview`);
    await page.getByTestId('rules-empty').waitFor();
    await page.getByRole('link', { name: 'Escalation policies' }).click();
    await page.waitForURL('**/escalation_policies');
    await page.getByTestId('policies-empty').waitFor();
    await checkScreen(page, 'escalation-policies-empty');
    await page.getByRole('button', { name: 'New escalation policy' }).click();
    await page.waitForURL('**/escalation_policies/new');

    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByText('name is a required field').waitFor();
    await page.getByText('Targets must name at least one user or team').waitFor();

    await page.getByRole('textbox', { name: /^Name/ }).fill('Primary on-call');
    await page.getByRole('combobox', { name: 'Notify (step 1)' }).click();
    await page.getByRole('option', { name: 'Demo Member' }).click();
    await page.getByRole('heading', { name: 'Steps' }).click();
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('combobox', { name: 'Notify (step 2)' }).click();
    await page
      .getByRole('option', { name: /\(whole team\)/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Steps' }).click();
    await page.getByLabel('Minutes before the next step (step 2)').fill('30');
    await page.getByLabel('Repeat all steps').fill('2');
    await page.getByRole('switch', { name: /Remind after acknowledgement/ }).check();
    await page.getByLabel('Reminder after (minutes)').fill('45');
    await checkScreen(page, 'escalation-policy-new');
    await page.getByRole('button', { name: 'Create policy' }).click();

    await page.waitForURL(/escalation_policies$/);
    const row = page.getByTestId('policy-row').filter({ hasText: 'Primary on-call' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Notify Demo Member; wait 15 mins');
    expect(await row.textContent()).toContain('Repeats 2×');
    expect(await row.textContent()).toContain('Reminder 45 mins after acknowledgement');
    await checkScreen(page, 'escalation-policies-list');

    await page.getByRole('button', { name: 'Edit Primary on-call' }).click();
    await page.waitForURL('**/edit');
    // beyond the bound, the field brings the value back to it (1440 minutes, a day) as it is left
    const timeout = page.getByLabel('Minutes before the next step (step 2)');
    await timeout.fill('1441');
    await page.getByRole('heading', { name: 'Steps' }).click();
    expect(await timeout.inputValue()).toBe('1440');
    await page.getByRole('textbox', { name: /^Name/ }).fill(' ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('name is a required field').waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Primary on-call');
    // the reminder is minutes in the form, ISO-8601 on the wire: an empty one says its bounds as the web shows them
    const reminder = page.getByLabel('Reminder after (minutes)');
    expect(await reminder.inputValue()).toBe('45');
    await reminder.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The reminder must be whole minutes, from 5 mins to 24 hours').waitFor();
    await reminder.fill('90');
    await page.getByLabel('Minutes before the next step (step 2)').fill('45');
    await checkScreen(page, 'escalation-policy-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/escalation_policies$/);
    await page.getByText('wait 45 mins').waitFor();
    await page.getByText('Reminder 1 hour 30 mins after acknowledgement').waitFor();
  }, 90_000);

  it('lets a member page any member of the organization, searching names while the choices stay', async () => {
    const memberPage = await newPage(suite.browser, suite.app.url);
    try {
      await signInTo(memberPage, 'member', `/settings/teams/${teamId}/escalation_policies/new`);
      await memberPage.getByRole('textbox', { name: /^Name/ }).fill('Built by a member');
      // neither is in the team: the picker asks the organization's targets, by name, on the server
      const notify = memberPage.getByRole('combobox', { name: 'Notify (step 1)' });
      await notify.click();
      await notify.fill('viewer');
      await memberPage.getByRole('option', { name: 'Demo Viewer' }).click();
      await notify.fill('owner');
      await memberPage.getByRole('option', { name: 'Demo Owner' }).click();
      await memberPage.getByRole('heading', { name: 'Steps' }).click();
      await memberPage.getByRole('button', { name: 'Create policy' }).click();
      await memberPage.waitForURL(/escalation_policies$/);
      const row = memberPage.getByTestId('policy-row').filter({ hasText: 'Built by a member' });
      await row.waitFor();
      expect(await row.textContent()).toMatch(/Notify Demo Viewer, Demo Owner|Notify Demo Owner, Demo Viewer/);
    } finally {
      await memberPage.context().close();
    }
  }, 60_000);

  it('notifies the person picked with the keyboard while a slow search was answering, not whoever the answer put there', async () => {
    const page = suite.page;
    const search = await holdAnswers(page, '**/escalation_targets?*');
    try {
      await page.goto(`/settings/teams/${teamId}/escalation_policies/new`);
      await page.getByRole('textbox', { name: /^Name/ }).fill('Picked while searching');
      const notify = page.getByRole('combobox', { name: 'Notify (step 1)' });
      await notify.click();
      await pickWhileAnswering(page, notify, search, 'demo v', 'Demo Viewer');
      await page.getByRole('heading', { name: 'Steps' }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await checkScreen(page, 'escalation-policy-picked');
      await page.getByRole('button', { name: 'Create policy' }).click();
      await page.waitForURL(/escalation_policies$/);
      const row = page.getByTestId('policy-row').filter({ hasText: 'Picked while searching' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Notify Demo Viewer; wait 15 mins');
    } finally {
      await page.unroute('**/escalation_targets?*');
    }
  });

  it('writes an alert rule while its preview shows the recent alerts it matches, then reorders the rules', async () => {
    const page = suite.page;
    await page.goto(`/settings/teams/${teamId}/overview`);
    await page.getByRole('button', { name: 'New alert rule' }).click();
    await page.waitForURL('**/rules/new');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Postgres');
    await page.getByLabel('Value (condition 1)').fill('postgres');
    await expectText(page.getByTestId('rule-preview-count'), 'Matches 3 of the last 12 alerts.');
    expect(await page.getByTestId('rule-preview-alert').count()).toBe(3);
    await page.getByLabel('Value (condition 1)').fill('web');
    await expectText(page.getByTestId('rule-preview-count'), 'Matches 9 of the last 12 alerts.');
    await page.getByLabel('Value (condition 1)').fill('postgres');
    await expectText(page.getByTestId('rule-preview-count'), 'Matches 3 of the last 12 alerts.');
    await checkScreen(page, 'alert-rule-new');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.waitForURL('**/overview');
    await page.getByTestId('rule-row').filter({ hasText: 'Postgres' }).waitFor();

    await apiCall(page, 'POST', `/api/v1/teams/${teamId}/alert_rules`, {
      name: 'Drop web noise',
      conditions: [{ field: 'labels.service', operator: 'equals', value: 'web' }],
      action: { type: 'drop' },
    });
    const names = () => page.getByTestId('rule-row').locator('a').allTextContents();
    await page.getByTestId('rule-row').nth(1).waitFor();
    expect(await names()).toEqual(['Postgres', 'Drop web noise']);
    await page.getByRole('button', { name: 'Move Drop web noise up' }).click();
    for (let i = 0; i < 50 && (await names())[0] !== 'Drop web noise'; i++) await page.waitForTimeout(100);
    expect(await names()).toEqual(['Drop web noise', 'Postgres']);
    await checkScreen(page, 'team-alert-rules');

    await page.getByRole('link', { name: 'Postgres' }).click();
    await page.waitForURL('**/rules/*/edit');
    await expectText(page.getByTestId('rule-preview-count'), 'Matches 3 of the last 12 alerts.');
    await page.getByLabel('Value (condition 1)').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Value is a required field').waitFor();
    await page.getByTestId('rule-preview-waiting').waitFor();
    await checkScreen(page, 'alert-rule-edit');
  }, 90_000);

  it("under rbacCandidateControl, a team restricting its signals resources lets its own members manage them, not the organization's", async () => {
    const owner = suite.page;
    await apiCall(owner, 'PUT', '/api/v1/organization/feature_flags/rbacCandidateControl', { enabled: true });
    const restricted = await (
      await apiCall(owner, 'POST', '/api/v1/teams', {
        name: 'Restricted DB',
        restrict_signals_resource_management: true,
      })
    ).json();
    const viewerPage = await newPage(suite.browser, suite.app.url);
    const memberPage = await newPage(suite.browser, suite.app.url);
    try {
      await signIn(viewerPage, 'viewer');
      const viewerId = (await (await apiCall(viewerPage, 'GET', '/api/v1/me')).json()).data.user.id;
      await apiCall(owner, 'POST', `/api/v1/teams/${restricted.data.id}/memberships`, {
        user_id: viewerId,
        permissions: ['manage_alert_rules'],
      });
      // a viewer holding the team's permission opens the editor
      await viewerPage.goto(`/settings/teams/${restricted.data.id}/rules/new`);
      await viewerPage.getByRole('heading', { name: 'New alert rule' }).waitFor();

      // a member of the organization, outside the team, sees the action disabled with the team's wording
      await signInTo(memberPage, 'member', `/settings/teams/${restricted.data.id}/overview`);
      const button = memberPage.getByRole('button', { name: 'New alert rule' });
      await button.waitFor();
      expect(await button.getAttribute('aria-disabled')).toBe('true');
      await button.hover();
      await memberPage
        .getByText("The permission 'Manage alert rules' is required to perform this action on the team Restricted DB.")
        .waitFor();
      await memberPage.goto(`/settings/teams/${restricted.data.id}/rules/new`);
      await memberPage.waitForURL('**/unauthorized/manage_alert_rules');
    } finally {
      await viewerPage.context().close();
      await memberPage.context().close();
      await apiCall(owner, 'PUT', '/api/v1/organization/feature_flags/rbacCandidateControl', { enabled: false });
    }
  }, 60_000);
});
