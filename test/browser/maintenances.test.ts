import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { demoUserId, saveSetting } from '../support/paging';
import { apiCall, demoEmail, signIn } from './sign-in';

/** The scheduled maintenance screens against the real server (`npm run build:web` first). */
describe('scheduled maintenance screens', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const name = `Database upgrade ${Date.now().toString(36)}`;

  beforeAll(() => signIn(suite.page, 'collaborator'));

  it('opens at the legacy address, empty', async () => {
    const page = suite.page;
    await page.goto('/scheduled_maintenances');
    await page.waitForURL((url) => url.pathname === '/incidents/maintenances');
    await page.getByRole('heading', { name: 'Scheduled maintenances', level: 1 }).waitFor();
    await page.getByTestId('maintenances-empty').waitFor();
    await checkScreen(page, 'maintenances-empty');
  }, 60_000);

  it('schedules a maintenance: window in local time, services as tags, an announcement', async () => {
    const page = suite.page;
    await page.getByRole('button', { name: 'New maintenance' }).click();
    await page.waitForURL('**/incidents/maintenances/new');
    await page.getByRole('heading', { name: 'New scheduled maintenance' }).waitFor();
    await page.getByRole('button', { name: 'Schedule maintenance' }).click();
    await page.getByText('name is a required field').waitFor();
    await page.getByText('Name at least one service or event source').waitFor();

    await page.getByLabel(/^Name/).fill(name);
    const services = page.getByRole('combobox', { name: 'Affected services' });
    await services.fill('Postgres');
    await services.press('Enter');
    await services.fill('billing-api');
    await services.press('Enter');
    await page.getByLabel('Announcement').fill('The primary database is upgraded; expect a few minutes of read-only.');
    await checkScreen(page, 'maintenance-new');
    await page.getByRole('button', { name: 'Schedule maintenance' }).click();

    await page.waitForURL((url) => url.pathname === '/incidents/maintenances');
    const row = page.getByTestId('maintenance-row').filter({ hasText: name });
    await row.waitFor();
    await row.getByText('Scheduled', { exact: true }).waitFor();
    await row.getByText('Postgres', { exact: true }).waitFor();
    await row.getByText('billing-api', { exact: true }).waitFor();
    await checkScreen(page, 'maintenances');
  }, 60_000);

  it('edits it, keeping what was set', async () => {
    const page = suite.page;
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.waitForURL(/\/incidents\/maintenances\/[^/]+\/edit$/);
    await page.getByRole('heading', { name: `Edit ${name}` }).waitFor();
    expect(await page.getByLabel(/^Name/).inputValue()).toBe(name);
    expect(await page.getByLabel('Announcement').inputValue()).toContain('read-only');
    const starts = await page.getByLabel(/^Starts/).inputValue();
    expect(starts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await checkScreen(page, 'maintenance-edit');
    await page.getByLabel(/^Name/).fill(`${name} (extended)`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/incidents/maintenances');
    await page
      .getByTestId('maintenance-row')
      .filter({ hasText: `${name} (extended)` })
      .waitFor();
  }, 60_000);

  it('cancels it after asking', async () => {
    const page = suite.page;
    await page.getByRole('button', { name: `Cancel ${name} (extended)` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel ${name} (extended)?` });
    await dialog.waitFor();
    await checkScreen(page, 'maintenance-cancel');
    await dialog.getByRole('button', { name: 'Cancel maintenance' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('maintenance-row').filter({ hasText: `${name} (extended)` });
    await row.getByText('Cancelled', { exact: true }).waitFor();
    // over: nothing left to change
    expect(await page.getByRole('button', { name: `Edit ${name} (extended)` }).count()).toBe(0);
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await show.getByText('Past', { exact: true }).click();
    await row.waitFor();
    await show.getByText('Upcoming', { exact: true }).click();
    await page.getByTestId('maintenances-empty').waitFor();
  }, 60_000);
});

/**
 * A maintenance in progress holds an alert of its source; ending it early from the list (after asking) lets the
 * alert page at once. The edit page shows the maintenance's state and the alert it held, before and after.
 */
describe('ending a scheduled maintenance early', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const suffix = Date.now().toString(36);
  const name = `Storage move ${suffix}`;
  const summary = `Disk latency on db-1 ${suffix}`;
  let alertId = '';

  beforeAll(async () => {
    const page = suite.page;
    await signIn(page, 'owner');
    const json = async (response: Response) => ((await response.json()) as { data: Record<string, string> }).data;
    const team = await json(await apiCall(page, 'POST', '/api/v1/teams', { name: `Storage ${suffix}` }));
    const owner = demoUserId('owner');
    const policy = await json(
      await apiCall(page, 'POST', `/api/v1/teams/${team.id}/escalation_policies`, {
        name: `Storage on-call ${suffix}`,
        steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: owner }] }],
      }),
    );
    // the owner is paged by email at once (the dev mailbox takes it)
    await saveSetting(suite.app.app, 'org-demo', owner, {
      notification_type: 'email',
      value: demoEmail('owner'),
      delay: 'PT0S',
    });
    const source = await json(
      await apiCall(page, 'POST', '/api/v1/signals/event_sources', {
        name: `Prometheus ${suffix}`,
        format: 'generic',
        team_id: team.id,
        escalation_policy_id: policy.id,
      }),
    );
    const now = Date.now();
    const created = await apiCall(page, 'POST', '/api/v1/incidents/maintenances', {
      name,
      starts_at: new Date(now - 60_000).toISOString(),
      ends_at: new Date(now + 2 * 3_600_000).toISOString(),
      source_ids: [source.id],
      announcement: 'Volumes move to the new array.',
    });
    expect(created.status).toBe(201);
    const sent = await fetch(source.ingest_url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ summary, priority: 'HIGH', dedup_key: `latency-${suffix}` }),
    });
    expect(sent.status).toBe(202);
    alertId = ((await sent.json()) as { data: { results: Array<{ alert_id: string }> } }).data.results[0]!.alert_id;
  });

  it('shows the maintenance in progress and the alert it holds, paging nobody', async () => {
    const page = suite.page;
    await page.goto('/incidents/maintenances');
    const row = page.getByTestId('maintenance-row').filter({ hasText: name });
    await row.getByText('In progress', { exact: true }).waitFor();
    await row.getByRole('button', { name: `End early ${name}` }).waitFor();
    expect(await row.getByRole('button', { name: `Cancel ${name}` }).count()).toBe(0);
    await checkScreen(page, 'maintenances-in-progress');

    await row.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: `Edit ${name}` }).waitFor();
    await page.getByTestId('maintenance-state').getByText('In progress', { exact: true }).waitFor();
    const held = page.getByTestId('held-alert').filter({ hasText: summary });
    await held.waitFor();
    await expectText(held.getByTestId('alert-status'), 'Triggered');
    await checkScreen(page, 'maintenance-held-alerts');

    await page.goto(`/signals/alerts/${encodeURIComponent(alertId)}`);
    await page
      .getByTestId('timeline-entry')
      .filter({ hasText: `Suppressed by maintenance "${name}"` })
      .waitFor();
    expect(await page.locator('[data-kind="notification_attempted"]').count()).toBe(0);
  });

  it('ends it early after asking: the alert it held pages at once', async () => {
    const page = suite.page;
    await page.goto('/incidents/maintenances');
    const row = page.getByTestId('maintenance-row').filter({ hasText: name });
    await row.getByRole('button', { name: `End early ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `End ${name} now?` });
    await dialog.waitFor();
    await checkScreen(page, 'maintenance-end-early');
    await dialog.getByRole('button', { name: 'End maintenance' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Completed', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `End early ${name}` }).count()).toBe(0);

    await page.goto(`/signals/alerts/${encodeURIComponent(alertId)}`);
    await page
      .getByTestId('timeline-entry')
      .filter({ hasText: "The maintenance's window ended: paging starts now" })
      .waitFor();
    await page
      .locator('[data-kind="notification_attempted"][data-tone="ok"]')
      .filter({ hasText: 'Email to you' })
      .waitFor();

    // its page still says what it held, now that it is over
    await page.goto('/incidents/maintenances');
    await row.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByTestId('maintenance-state').getByText('Completed', { exact: true }).waitFor();
    await page.getByText('This maintenance is over: it can no longer be changed.').waitFor();
    await page.getByTestId('held-alert').filter({ hasText: summary }).waitFor();
    await checkScreen(page, 'maintenance-over');
  });
});
