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

  const sendAlert = (dedupKey: string, service = 'cards', summary = `Card errors ${suffix}`) =>
    fetch(ingestUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ summary, dedup_key: dedupKey, priority: 'HIGH', labels: { service } }),
    });

  /** The rule as the API holds it. */
  const savedRule = async (ruleId: string) =>
    (
      (await (await apiCall(suite.page, 'GET', `/api/v1/signals/alert_grouping/${ruleId}`)).json()) as {
        data: { conditions: unknown[]; window: string };
      }
    ).data;

  /** The alert's group as the alerts view shows it, once the view has the alert. */
  const groupOf = async (alertId: string) => {
    for (let i = 0; i < 100; i++) {
      const found = await apiCall(suite.page, 'GET', `/api/v1/signals/alerts/${alertId}`);
      if (found.status === 200) return ((await found.json()) as { data: { group_id: string | null } }).data.group_id;
      await suite.page.waitForTimeout(100);
    }
    throw new Error(`alert ${alertId} never showed in the alerts view`);
  };

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

  it('makes a rule with a condition in the editor, refusing a bad window and an empty value in words a person can act on', async () => {
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
    await page.getByTestId('rule-matches-all').waitFor();
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Label name (condition 1)').fill('service');
    await page.getByLabel(/^Window/).fill('2000');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByText(/^Window must be whole minutes/).waitFor();
    await page.getByTestId('rule-condition').getByText('Value is a required field').waitFor();
    await checkScreen(page, 'alert-grouping-new');
    await page.getByLabel('Value (condition 1)').fill('cards');
    await page.getByLabel(/^Window/).fill('15');
    await checkScreen(page, 'alert-grouping-condition');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.waitForURL('**/signals/alert_grouping');
    const row = page.getByTestId('grouping-rule-row').filter({ hasText: ruleName });
    await row
      .filter({ hasText: 'summary, labels.service' })
      .filter({ hasText: 'labels.service equals “cards”' })
      .waitFor();
    const rules = (await (await apiCall(page, 'GET', '/api/v1/signals/alert_grouping')).json()) as {
      data: Array<{ id: string; name: string; team_id: string }>;
    };
    const created = rules.data.find((rule) => rule.name === ruleName)!;
    expect(created.team_id).toBe(teamId);
    expect(await savedRule(created.id)).toMatchObject({
      conditions: [{ field: 'labels.service', operator: 'equals', value: 'cards' }],
      window: 'PT15M',
    });
  });

  it('lists the group a burst formed, acknowledges it, and shows it on its alerts', async () => {
    const page = suite.page;
    for (const key of ['a', 'b', 'c']) expect((await sendAlert(`cards-${suffix}-${key}`)).status).toBe(202);
    // the rule's condition does not hold for another service: a burst of its alerts pages alert by alert
    const others: string[] = [];
    for (const key of ['a', 'b']) {
      const answer = await sendAlert(`web-${suffix}-${key}`, 'web', `Web errors ${suffix}`);
      expect(answer.status).toBe(202);
      others.push(
        ((await answer.json()) as { data: { results: Array<{ alert_id: string }> } }).data.results[0].alert_id,
      );
    }
    for (const alertId of others) expect(await groupOf(alertId)).toBeNull();
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
    await page.goto('/signals/alert_grouping');
    await group.filter({ hasText: '3 alerts' }).waitFor();
    expect(
      await page
        .getByTestId('alert-group-row')
        .filter({ hasText: `Web errors ${suffix}` })
        .count(),
    ).toBe(0);
  });

  it('edits the rule and its conditions, and says so when it does not exist', async () => {
    const page = suite.page;
    const rules = (await (await apiCall(page, 'GET', '/api/v1/signals/alert_grouping')).json()) as {
      data: Array<{ id: string; name: string }>;
    };
    const ruleId = rules.data.find((rule) => rule.name === ruleName)!.id;
    await page.goto('/signals/alert_grouping');
    await page.getByRole('link', { name: ruleName }).click();
    await page.getByRole('heading', { level: 1, name: `Edit ${ruleName}` }).waitFor();
    // the saved condition is in its row
    expect(await page.getByLabel('Label name (condition 1)').inputValue()).toBe('service');
    expect(await page.getByLabel('Value (condition 1)').inputValue()).toBe('cards');
    await checkScreen(page, 'alert-grouping-edit');

    // change it to a pattern (a bad one is refused under its row), and add a second condition
    await page.getByRole('combobox', { name: 'Operator (condition 1)' }).click();
    await page.getByRole('option', { name: 'matches (regular expression)' }).click();
    await page.getByLabel('Value (condition 1)').fill('(card');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Field (condition 2)' }).click();
    await page.getByRole('option', { name: 'Priority', exact: true }).click();
    await page.getByRole('combobox', { name: 'Operator (condition 2)' }).click();
    await page.getByRole('option', { name: 'exists' }).click();
    await page.getByLabel(/^Window/).fill('30');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByTestId('rule-condition')
      .first()
      .getByText(/^Value must be a valid regular expression/)
      .waitFor();
    await page.getByLabel('Value (condition 1)').fill('^card');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/signals/alert_grouping');
    await page
      .getByTestId('grouping-rule-row')
      .filter({ hasText: ruleName })
      .filter({ hasText: /30 min/ })
      .filter({ hasText: 'labels.service matches “^card” and priority exists' })
      .first()
      .waitFor();
    expect(await savedRule(ruleId)).toMatchObject({
      conditions: [
        { field: 'labels.service', operator: 'matches', value: '^card' },
        { field: 'priority', operator: 'exists' },
      ],
      window: 'PT30M',
    });

    // removing the first condition keeps the second
    await page.getByRole('link', { name: ruleName }).click();
    await page.getByRole('button', { name: 'Remove condition 1' }).click();
    expect(await page.getByTestId('rule-condition').count()).toBe(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/signals/alert_grouping');
    await page.getByTestId('grouping-rule-row').filter({ hasText: 'priority exists' }).first().waitFor();
    expect((await savedRule(ruleId)).conditions).toEqual([{ field: 'priority', operator: 'exists' }]);

    await page.goto('/signals/alert_grouping/no-such-rule/edit');
    await page.getByTestId('grouping-rule-not-found').waitFor();
  });
});
