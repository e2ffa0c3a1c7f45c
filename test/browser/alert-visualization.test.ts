import { readFileSync } from 'node:fs';
import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { DEMO_ORG, policyOf, triggerAlert } from '../support/paging';
import { signIn } from './sign-in';

/**
 * The alert charts (`/signals/alert_visualization`, `/analytics/alerts`) against the real server: volume by
 * priority, the noisiest sources, alerts by team and the time to acknowledge, each with its table view, live as
 * alerts arrive, and downloadable as CSV.
 */
describe('alert charts', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const policy = policyOf([{ timeoutMinutes: 30, targets: [] }]);
  const total = () => suite.page.getByTestId('charts-total');
  const alertsNow = async () => Number(/^(\d+) alerts?/.exec((await total().textContent()) ?? '')?.[1]);

  beforeAll(async () => {
    const hour = 3_600_000;
    for (const [sourceId, hoursAgo] of [
      ['source-checkout', 30],
      ['source-checkout', 20],
      ['source-checkout', 2],
      ['source-search', 2],
    ] as const)
      await triggerAlert(suite.app.app, {
        orgId: DEMO_ORG,
        policy,
        sourceId,
        teamId: 'team-charts',
        at: new Date(Date.now() - hoursAgo * hour).toISOString(),
      });
    await signIn(suite.page, 'owner');
  });

  it('draws the last 7 days, shows each chart as a table, and follows new alerts live', async () => {
    const page = suite.page;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Alert Visualization' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Alert visualization' }).waitFor();
    await total().waitFor();
    const before = await alertsNow();
    expect(before).toBeGreaterThanOrEqual(4);
    await page.getByTestId('chart-volume').locator('svg').first().waitFor();
    await checkScreen(page, 'alert-visualization');

    // the table view of the noisiest sources, for a screen reader or anyone reading figures
    const sources = page.getByTestId('chart-sources');
    await sources.getByText('Table', { exact: true }).click();
    const firstRow = sources.getByRole('row').nth(1);
    await expectText(firstRow.getByRole('cell').first(), 'source-checkout');
    await checkScreen(page, 'alert-visualization-table');

    // an alert arriving minutes after the page loaded shows without a reload (the window moves with the clock)
    const later = Date.now() + 3 * 60_000;
    await page.clock.setFixedTime(later);
    await triggerAlert(suite.app.app, {
      orgId: DEMO_ORG,
      policy,
      sourceId: 'source-search',
      teamId: 'team-charts',
      at: new Date(later).toISOString(),
    });
    const deadline = Date.now() + 15_000;
    while ((await alertsNow()) !== before + 1 && Date.now() < deadline) await page.waitForTimeout(100);
    expect(await alertsNow()).toBe(before + 1);
  });

  it('downloads the figures as CSV', async () => {
    const page = suite.page;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('bucket_start,alerts,high,medium,low,acknowledged,median_seconds_to_acknowledge');
    expect(csv).toContain('source-checkout,source-checkout,3');
  });

  it('answers the same figures on the analytics page, for a shorter window too', async () => {
    const page = suite.page;
    await page.goto('/analytics/alerts');
    await page.getByRole('heading', { level: 1, name: 'Alerts analytics' }).waitFor();
    await total().waitFor();
    await page.getByRole('combobox', { name: 'Window' }).click();
    await page.getByRole('option', { name: 'Last 24 hours' }).click();
    await expectText(page.getByTestId('chart-volume').getByRole('heading'), 'Alert volume');
    await page.getByTestId('chart-volume').getByText('Table', { exact: true }).click();
    // hourly buckets for a day: 24 or 25 rows below the header
    const rows = await page.getByTestId('chart-volume').getByRole('row').count();
    expect(rows - 1).toBeGreaterThanOrEqual(24);
    await checkScreen(page, 'analytics-alerts');
  });
});
