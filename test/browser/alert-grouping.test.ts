import { checkScreen } from '../support/accessibility';
import { useBrowserSuite } from '../support/browser';
import { apiCall, signIn } from './sign-in';

/**
 * Alert grouping's screens against the real server (`npm run build:web` first): the rules and the groups
 * alerts formed, the rule editor, acknowledging a group, and an alert's page naming its group.
 */
describe('alert grouping screens', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const suffix = Date.now().toString(36);
  const teamName = `Payments ${suffix}`;
  const ruleName = `Payments by service ${suffix}`;
  let teamId = '';
  let ingestUrl = '';

  const sendAlert = (dedupKey: string) =>
    fetch(ingestUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        summary: `Card errors ${suffix}`,
        dedup_key: dedupKey,
        priority: 'HIGH',
        labels: { service: 'cards' },
      }),
    });

  beforeAll(async () => {
    await signIn(suite.page, 'owner');
    const team = await apiCall(suite.page, 'POST', '/api/v1/teams', { name: teamName });
    teamId = ((await team.json()) as { data: { id: string } }).data.id;
    const source = await apiCall(suite.page, 'POST', '/api/v1/signals/event_sources', {
      name: `Cards ${suffix}`,
      format: 'generic',
      team_id: teamId,
    });
    ingestUrl = ((await source.json()) as { data: { ingest_url: string } }).data.ingest_url;
  });

  it('makes a rule in the editor, refusing a bad window in words a person can act on', async () => {
    const page = suite.page;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Alert Grouping' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Alert grouping' }).waitFor();
    await page.getByRole('button', { name: 'New grouping rule' }).click();
    await page.waitForURL('**/signals/alert_grouping/new');
    await page.getByLabel(/^Name/).fill(ruleName);
    await page.getByRole('combobox', { name: 'Team', exact: true }).click();
    await page.getByRole('option', { name: teamName }).click();
    const groupBy = page.getByRole('combobox', { name: 'Group by' });
    await groupBy.fill('labels.service');
    await groupBy.press('Enter');
    await page.getByLabel(/^Window/).fill('2000');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByText(/^Window must be whole minutes/).waitFor();
    await checkScreen(page, 'alert-grouping-new');
    await page.getByLabel(/^Window/).fill('15');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.waitForURL('**/signals/alert_grouping');
    await page
      .getByTestId('grouping-rule-row')
      .filter({ hasText: ruleName })
      .filter({ hasText: 'summary, labels.service' })
      .first()
      .waitFor();
  });

  it('lists the group a burst formed, acknowledges it, and shows it on its alerts', async () => {
    const page = suite.page;
    for (const key of ['a', 'b', 'c']) expect((await sendAlert(`cards-${suffix}-${key}`)).status).toBe(202);
    await page.goto('/signals/alert_grouping');
    const group = page.getByTestId('alert-group-row').filter({ hasText: `Card errors ${suffix}` });
    await group.filter({ hasText: '3 alerts' }).waitFor();
    await checkScreen(page, 'alert-grouping');
    await group.getByRole('button', { name: /^Acknowledge the group/ }).click();
    await group.getByText('acknowledged', { exact: true }).waitFor();

    await group.getByRole('link').first().click();
    const card = page.getByTestId('alert-group-card');
    await card.getByText(/This alert opened the group and pages for it/).waitFor();
    const members = card.getByRole('list', { name: 'Alerts in the group' }).getByRole('listitem');
    await members.nth(2).waitFor();
    expect(await members.count()).toBe(3);
    await checkScreen(page, 'alert-grouping-alert');
  });

  it('edits the rule, and says so when it does not exist', async () => {
    const page = suite.page;
    // a condition set through the API is shown, and kept by the editor
    const rules = (await (await apiCall(page, 'GET', '/api/v1/signals/alert_grouping')).json()) as {
      data: Array<{ id: string; name: string }>;
    };
    const ruleId = rules.data.find((rule) => rule.name === ruleName)!.id;
    const condition = { field: 'labels.env', operator: 'equals', value: 'prod' };
    expect(
      (await apiCall(page, 'PATCH', `/api/v1/signals/alert_grouping/${ruleId}`, { conditions: [condition] })).status,
    ).toBe(200);
    await page.goto('/signals/alert_grouping');
    await page.getByRole('link', { name: ruleName }).click();
    await page.getByTestId('grouping-rule-conditions').filter({ hasText: 'labels.env equals "prod"' }).waitFor();
    await page.getByRole('heading', { level: 1, name: `Edit ${ruleName}` }).waitFor();
    await checkScreen(page, 'alert-grouping-edit');
    await page.getByLabel(/^Window/).fill('30');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/signals/alert_grouping');
    await page
      .getByTestId('grouping-rule-row')
      .filter({ hasText: ruleName })
      .filter({ hasText: /30 min/ })
      .first()
      .waitFor();
    const saved = (await (await apiCall(page, 'GET', `/api/v1/signals/alert_grouping/${ruleId}`)).json()) as {
      data: { conditions: unknown[]; window: string };
    };
    expect(saved.data).toMatchObject({ conditions: [condition], window: 'PT30M' });
    await page.goto('/signals/alert_grouping/no-such-rule/edit');
    await page.getByTestId('grouping-rule-not-found').waitFor();
  });
});
