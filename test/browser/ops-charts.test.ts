import type { Locator } from 'playwright-core';
import { checkScreen } from '../support/accessibility';
import { useBrowserSuite } from '../support/browser';
import { eventually } from '../support/eventually';
import { DEMO_ORG, demoUserId, policyOf, savePhone, triggerAlert } from '../support/paging';
import { apiCall, signIn } from './sign-in';

/**
 * The ops page's charts moving under load: alerts sent to an ingest URL while the page is open show in the ingest
 * chart and its table within a step or two, and the rate falls back once the load stops. Samples every second here
 * (OPS_SAMPLE_INTERVAL_MS), so the five-minute window moves each second.
 */
describe('ops page: the live charts', () => {
  const suite = useBrowserSuite({ page: 'suite', env: { OPS_SAMPLE_INTERVAL_MS: '1000' } });
  let ingestUrl = '';

  beforeAll(async () => {
    await signIn(suite.page, 'owner');
    const team = await apiCall(suite.page, 'POST', '/api/v1/teams', { name: 'Ops charts' });
    const teamId = ((await team.json()) as { data: { id: string } }).data.id;
    const source = await apiCall(suite.page, 'POST', '/api/v1/signals/event_sources', {
      name: 'Load generator',
      format: 'generic',
      team_id: teamId,
    });
    expect(source.status).toBe(201);
    ingestUrl = ((await source.json()) as { data: { ingest_url: string } }).data.ingest_url;
    // one page to the owner, so the latency chart has a point
    const owner = demoUserId('owner');
    await savePhone(suite.app.app, owner, 'sms', '+15550000001');
    const policy = policyOf([{ timeoutMinutes: 10, targets: [{ type: 'user', id: owner }] }]);
    await triggerAlert(suite.app.app, { orgId: DEMO_ORG, policy });
  });

  /** The newest row of a chart's table view (its time, then its figures). */
  const newestRow = async (chart: Locator) =>
    (await chart.getByRole('row').nth(1).getByRole('cell').allTextContents()).map((cell) => cell.trim());

  it('draws each figure with a table view, and the ingest chart moves while alerts come in', async () => {
    const page = suite.page;
    await page.goto('/ops');
    const panel = page.getByTestId('ops-charts');
    await panel.getByRole('heading', { name: 'Ops charts' }).waitFor();
    await page.getByRole('combobox', { name: 'Window' }).click();
    await page.getByRole('option', { name: 'Last 5 minutes' }).click();
    const ingest = page.getByTestId('ops-chart-ingest');
    // a flat line has no height: drawn, though not "visible" to playwright
    for (const key of ['ingest', 'latency', 'lag', 'queues', 'sockets'])
      await page.getByTestId(`ops-chart-${key}`).locator('.recharts-line-curve').first().waitFor({ state: 'attached' });
    // this page's own socket is counted
    await page
      .getByTestId('ops-chart-sockets')
      .getByText(/^Now 1 socket;/)
      .waitFor();
    const quiet = await ingest.locator('.recharts-line-curve').getAttribute('d');

    // a loop of POSTs to the source, as a busy monitoring tool sends them, until the chart shows them
    let sent = 0;
    let sending = true;
    const load = (async () => {
      while (sending) {
        const answer = await fetch(ingestUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ summary: `Load ${sent}`, dedup_key: `load-${sent}` }),
        });
        expect(answer.status).toBe(202);
        sent += 1;
      }
    })();
    try {
      await ingest.getByText(/^Now [1-9]|^Now 0\.\d*[1-9]/).waitFor({ timeout: 15_000 });
    } finally {
      sending = false;
      await load;
    }
    expect(sent).toBeGreaterThan(0);
    // the drawing moved with it
    expect(await ingest.locator('.recharts-line-curve').getAttribute('d')).not.toBe(quiet);
    await page
      .getByTestId('ops-chart-latency')
      .getByText(/^Latest pages: median/)
      .waitFor();
    await checkScreen(page, 'ops-charts');

    // the same figures as a table, for a screen reader: the rates of the load's steps, newest first
    await ingest.getByText('Table', { exact: true }).click();
    const table = ingest.getByRole('table', { name: 'Ingest rate' });
    await table.waitFor();
    const rates = (await table.getByRole('row').allTextContents()).slice(1);
    expect(rates.some((row) => /[1-9]/.test(row.split(/\s+/).at(-1) ?? ''))).toBe(true);
    await checkScreen(page, 'ops-charts-table');

    // the load stopped: within a few steps the newest rate is back to 0
    await eventually(async () => (await newestRow(ingest)).at(-1) === '0', 15_000, 250);
  });
});
