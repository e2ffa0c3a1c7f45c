import type { Page } from 'playwright-core';
import type { Incident, IncidentSettingsResource } from '@tocsin/contracts';
import { checkScreen } from '../support/accessibility';
import { newPage, useBrowserSuite } from '../support/browser';
import { eventually } from '../support/eventually';
import { demoUserId } from '../support/paging';
import { apiCall, signIn, signInTo } from './sign-in';

/**
 * The incident list, declaring an incident (by hand and from an alert) and the tasks and follow-ups across
 * incidents, against the real server (`npm run build:web` first).
 */
describe('incidents list and declaring', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const suffix = Date.now().toString(36);
  const teamName = `Payments ${suffix}`;
  const policyName = `Payments primary ${suffix}`;
  const byHand = `Checkout failing ${suffix}`;
  const alertSummary = `Disk almost full on db-${suffix}`;
  let teamId = '';
  let ingestUrl = '';
  let byHandId = '';

  const json = async <T>(response: Response, status: number): Promise<T> => {
    expect(response.status).toBe(status);
    return (await response.json()) as T;
  };
  const incident = async (page: Page, id: string) =>
    (await json<{ data: Incident }>(await apiCall(page, 'GET', `/api/v1/incidents/${id}`), 200)).data;
  const incidentIdOf = (page: Page) => {
    const match = /^\/incidents\/([^/]+)$/.exec(new URL(page.url()).pathname);
    if (!match || ['tasks', 'follow_ups', 'maintenances'].includes(match[1]))
      throw new Error(`not an incident: ${page.url()}`);
    return decodeURIComponent(match[1]);
  };

  /** A Security type that requires the customer impact, a team with a policy to page, an event source of it. */
  beforeAll(async () => {
    const page = suite.page;
    await signIn(page, 'owner');
    const settings = (
      await json<{ data: IncidentSettingsResource }>(await apiCall(page, 'GET', '/api/v1/incident_settings'), 200)
    ).data;
    await json(
      await apiCall(page, 'PUT', '/api/v1/incident_settings/types', {
        expected_revision: settings.revisions.types,
        items: [
          ...settings.types,
          { name: 'Security', description: 'A breach or a suspected one.', required_fields: ['customer_impact'] },
        ].map(({ id, name, description, required_fields }) => ({ id, name, description, required_fields })),
      }),
      200,
    );
    teamId = (
      await json<{ data: { id: string } }>(await apiCall(page, 'POST', '/api/v1/teams', { name: teamName }), 201)
    ).data.id;
    await json(
      await apiCall(page, 'POST', `/api/v1/teams/${teamId}/escalation_policies`, {
        name: policyName,
        steps: [{ timeout: 'PT5M', targets: [{ type: 'user', id: demoUserId('owner') }] }],
      }),
      201,
    );
    const source = await json<{ data: { ingest_url: string } }>(
      await apiCall(page, 'POST', '/api/v1/signals/event_sources', {
        name: `Prometheus ${suffix}`,
        format: 'generic',
        team_id: teamId,
      }),
      201,
    );
    ingestUrl = source.data.ingest_url;
  });

  it('opens empty, then declares by hand: the type requires the customer impact, a team is paged', async () => {
    const page = suite.page;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Incidents', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    await page.getByTestId('incidents-empty').waitFor();
    await checkScreen(page, 'incidents-empty');

    await page.getByRole('button', { name: 'Declare incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Declare incident' });
    await dialog.getByLabel(/^Name/).fill(byHand);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Security' }).click();
    await dialog.getByRole('button', { name: 'Declare incident' }).click();
    // checked before anything is sent: nothing was declared
    await dialog.getByText('Customer impact is required for Security incidents').waitFor();
    await checkScreen(page, 'incident-declare-required');
    const listed = await json<{ pagination: { total: number } }>(await apiCall(page, 'GET', '/api/v1/incidents'), 200);
    expect(listed.pagination.total).toBe(0);

    await dialog.getByLabel(/^Customer impact/).fill('Some customers cannot pay.');
    await dialog.getByLabel(/^Summary/).fill('Card payments fail at the last step.');
    await dialog.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'SEV2' }).click();
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'P1' }).click();
    const services = dialog.getByRole('combobox', { name: 'Impacted services' });
    await services.fill('checkout');
    await services.press('Enter');
    const environments = dialog.getByRole('combobox', { name: 'Environments' });
    await environments.fill('production');
    await environments.press('Enter');
    await dialog.getByRole('button', { name: 'Add label' }).click();
    await dialog.getByLabel('Label 1 name').fill('region');
    await dialog.getByLabel('Label 1 value').fill('eu-west');
    await dialog.getByLabel('Page a team').check();
    await dialog.getByRole('combobox', { name: 'Team to page' }).click();
    await page.getByRole('option', { name: teamName }).click();
    await checkScreen(page, 'incident-declare');
    await dialog.getByRole('button', { name: 'Declare incident' }).click();

    await page.waitForURL((url) => /^\/incidents\/[^/]+$/.test(url.pathname));
    byHandId = incidentIdOf(page);
    const declared = await incident(page, byHandId);
    expect(declared).toMatchObject({
      name: byHand,
      type_id: expect.not.stringMatching(/^default$/),
      customer_impact: 'Some customers cannot pay.',
      severity_id: 'sev2',
      priority_id: 'p1',
      impacted_services: ['checkout'],
      environments: ['production'],
      labels: { region: 'eu-west' },
      team_id: teamId,
      alert_id: null,
    });
    // the team was paged through its policy
    expect(declared.paged_alert_ids).toHaveLength(1);
  }, 90_000);

  it('lists it, and the filters and the search find it', async () => {
    const page = suite.page;
    await json(
      await apiCall(page, 'PUT', `/api/v1/incidents/${byHandId}/roles/commander`, { user_id: demoUserId('owner') }),
      200,
    );
    await page.goto('/incidents');
    const row = page.getByTestId('incident-row').filter({ hasText: byHand });
    await row.waitFor();
    await row.getByText('Open', { exact: true }).waitFor();
    await row.getByText('SEV2', { exact: true }).waitFor();
    await row.getByText(teamName).waitFor();
    await row.getByText('Demo Owner', { exact: true }).waitFor();
    expect(await row.getByRole('link', { name: byHand }).getAttribute('href')).toBe(`/incidents/${byHandId}`);
    await checkScreen(page, 'incidents');

    const filters = page.getByRole('search', { name: 'Incident filters' });
    await filters.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'SEV1' }).click();
    await page.getByTestId('incidents-empty').waitFor();
    await page.waitForURL((url) => url.searchParams.get('severity') === 'sev1');
    await filters.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'SEV2' }).click();
    await row.waitFor();
    await filters.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await page.getByTestId('incidents-empty').waitFor();
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await row.waitFor();

    await filters.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: teamName }).click();
    await filters.getByRole('combobox', { name: 'Started' }).click();
    await page.getByRole('option', { name: 'Last 24 hours' }).click();
    await row.waitFor();
    await filters.getByRole('button', { name: 'Clear filters' }).click();

    const search = filters.getByRole('searchbox', { name: 'Search' });
    await search.fill('no such incident anywhere');
    await page.getByTestId('incidents-empty').waitFor();
    await search.fill(`checkout failing ${suffix}`);
    await row.waitFor();
    expect(await page.getByTestId('incident-row').count()).toBe(1);
  }, 90_000);

  it('a viewer, who may read neither the settings nor the members, sees the names: severity, priority, team, commander', async () => {
    const viewer = await newPage(suite.browser, suite.app.url);
    viewer.context().setDefaultTimeout(10_000);
    try {
      await signInTo(viewer, 'viewer', '/incidents');
      const row = viewer.getByTestId('incident-row').filter({ hasText: byHand });
      await row.waitFor();
      await row.getByTestId('incident-severity').getByText('SEV2', { exact: true }).waitFor();
      expect(await row.getByTestId('incident-priority').textContent()).toBe('P1');
      expect(await row.getByTestId('incident-type').textContent()).toBe('Security');
      await row.getByText(teamName).waitFor();
      await row.getByText('Demo Owner', { exact: true }).waitFor();
      const text = (await row.textContent()) ?? '';
      for (const id of ['sev2', 'p1', teamId, demoUserId('owner')]) expect(text).not.toContain(id);
      // the severity filter offers the settings' names too
      const filters = viewer.getByRole('search', { name: 'Incident filters' });
      await filters.getByRole('combobox', { name: 'Severity' }).click();
      await viewer.getByRole('option', { name: 'SEV2' }).click();
      await viewer.waitForURL((url) => url.searchParams.get('severity') === 'sev2');
      await row.waitFor();
      await viewer.keyboard.press('Escape');
      await checkScreen(viewer, 'incidents-viewer');
      // the narrow list (a card per incident) names them the same way
      await viewer.setViewportSize({ width: 390, height: 844 });
      await row.getByTestId('incident-severity').getByText('SEV2', { exact: true }).waitFor();
      expect(await row.getByTestId('incident-type').textContent()).toBe('Security');
      expect(await row.textContent()).not.toContain('sev2');
    } finally {
      await viewer.context().close();
    }
  }, 90_000);

  it('declares from an alert: the form starts from it, and the alert and the incident name each other', async () => {
    const page = suite.page;
    const sent = await fetch(ingestUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ summary: alertSummary, dedup_key: `disk-${suffix}`, priority: 'HIGH' }),
    });
    expect(sent.status).toBeLessThan(300);
    const alertId = await eventually(async () => {
      const found = await json<{ data: Array<{ id: string; summary: string }> }>(
        await apiCall(page, 'GET', `/api/v1/signals/alerts?query=${encodeURIComponent(alertSummary)}`),
        200,
      );
      return found.data.find((alert) => alert.summary === alertSummary)?.id;
    });
    await page.goto(`/signals/alerts/${alertId}`);
    await page.getByRole('heading', { name: alertSummary, level: 1 }).waitFor();
    expect(await page.getByTestId('alert-incidents').count()).toBe(0);
    await page.getByRole('button', { name: 'Declare incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Declare incident' });
    await dialog.getByText('Declared from this alert').waitFor();
    expect(await dialog.getByLabel(/^Name/).inputValue()).toBe(alertSummary);
    expect(await dialog.getByRole('combobox', { name: 'Team', exact: true }).inputValue()).toBe(teamName);
    await checkScreen(page, 'incident-declare-from-alert');
    await dialog.getByRole('button', { name: 'Declare incident' }).click();

    await page.waitForURL((url) => /^\/incidents\/[^/]+$/.test(url.pathname));
    const incidentId = incidentIdOf(page);
    const declared = await incident(page, incidentId);
    expect(declared).toMatchObject({ name: alertSummary, alert_id: alertId, team_id: teamId });

    await page.goto(`/signals/alerts/${alertId}`);
    const card = page.getByTestId('alert-incidents');
    const link = card.getByRole('link', { name: `${declared.reference}: ${alertSummary}` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/incidents/${incidentId}`);
    await checkScreen(page, 'alert-with-incident');
  }, 90_000);

  it('lists a task and a follow-up across incidents, each linking to its incident, the late one marked', async () => {
    const page = suite.page;
    const owner = demoUserId('owner');
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await json(
      await apiCall(page, 'POST', `/api/v1/incidents/${byHandId}/tasks`, {
        title: `Roll back the card service ${suffix}`,
        assignee_id: owner,
        due_at: due,
      }),
      201,
    );
    await json(
      await apiCall(page, 'POST', `/api/v1/incidents/${byHandId}/follow_ups`, {
        title: `Alert on payment failures ${suffix}`,
        owner_id: owner,
        due_at: new Date(Date.now() - 86_400_000).toISOString(),
      }),
      201,
    );
    const { reference } = await incident(page, byHandId);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Tasks', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    const task = page.getByTestId('task-row').filter({ hasText: `Roll back the card service ${suffix}` });
    await task.waitFor();
    await task.getByText('Demo Owner', { exact: true }).waitFor();
    const taskLink = task.getByRole('link', { name: `${reference} · ${byHand}` });
    expect(await taskLink.getAttribute('href')).toBe(`/incidents/${byHandId}`);
    await checkScreen(page, 'incident-tasks');
    await page.getByRole('radiogroup', { name: 'State' }).getByText('Done', { exact: true }).click();
    await page.getByTestId('tasks-empty').waitFor();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Follow-ups', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Follow-ups', level: 1 }).waitFor();
    const followUp = page.getByTestId('follow-up-row').filter({ hasText: `Alert on payment failures ${suffix}` });
    await followUp.waitFor();
    await followUp.getByTestId('follow-up-overdue').waitFor();
    await followUp.getByText('Open', { exact: true }).waitFor();
    const followUpLink = followUp.getByRole('link', { name: `${reference} · ${byHand}` });
    expect(await followUpLink.getAttribute('href')).toBe(`/incidents/${byHandId}`);
    await checkScreen(page, 'incident-follow-ups');
    await page.getByRole('radiogroup', { name: 'Owner' }).getByText('Mine', { exact: true }).click();
    await followUp.waitFor();
  }, 90_000);
});
