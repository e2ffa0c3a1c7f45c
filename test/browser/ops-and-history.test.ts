import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApp, type TestApp } from '../support/app';
import { launchBrowser, newPage, screenshot, expectText } from '../support/browser';
import { apiCall, signIn } from './sign-in';

const WEB_INDEX = join(__dirname, '..', '..', 'apps', 'web', 'dist', 'index.html');
const ITEMS = '/api/v1/signals/notification_policy_items';

/** Screens against the real app serving the built web (`npm run build:web` first), signed in as the demo owner. */
describe('ops and history screens', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  const createPolicyItem = async (max_delay: string): Promise<string> => {
    const response = await apiCall(page, 'POST', ITEMS, { priority: 'HIGH', notification_group_method: 'email', max_delay });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };

  beforeAll(async () => {
    if (!existsSync(WEB_INDEX)) throw new Error(`${WEB_INDEX} is missing: build the web app first (npm run build:web).`);
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(async () => {
    page = await newPage(browser, app.url);
    await signIn(page, 'owner');
  });
  afterEach(() => page.context().close());

  it('opens ops from the navigation and shows live health, versions and the green public status', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Ops' }).click();
    await page.waitForURL('**/ops');
    await expectAttribute(page, 'overall-health', 'data-health', 'healthy');
    for (const component of ['event_store', 'read_store', 'redis']) {
      await page.getByTestId(`component-${component}`).getByText('Healthy').waitFor();
    }
    await page.getByTestId('component-event_store').getByText('sqlite event log reachable').waitFor();
    await expectAttribute(page, 'status-badge', 'data-indicator', 'none');
    await expectText(page.getByTestId('status-badge'), 'All Systems Operational');
    expect(await page.getByTestId('versions-node_version').textContent()).toContain(process.versions.node);
    expect(await page.getByTestId('adapters-event_store').textContent()).toContain('sqlite');
    await expectAttribute(page, 'connection-badge', 'data-state', 'connected');

    // The poll is once a minute; a newer report soon after means the ops-room push reached the page.
    const first = await page.getByTestId('health-checked-at').getAttribute('datetime');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="health-checked-at"]')?.getAttribute('datetime') !== before,
      first,
    );
    await screenshot(page, 'ops');
  });

  it('filters the log, shows an event, and replays a view as of that event', async () => {
    const firstId = await createPolicyItem('PT5M');
    const secondId = await createPolicyItem('PT10M');
    await page.goto('/history');
    await page.getByLabel('Event type').fill('PolicyItemCreated');
    await page.getByRole('button', { name: 'Apply filters' }).click();

    const firstRow = page.locator(`[data-testid="history-row"]`).filter({ hasText: `notificationPolicyItem-${firstId}` });
    await firstRow.waitFor();
    await page.locator('[data-testid="history-row"]').filter({ hasText: secondId }).waitFor();
    const types = await page.getByTestId('history-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
    expect(new Set(types)).toEqual(new Set(['PolicyItemCreated']));

    const position = await firstRow.getAttribute('data-position');
    await firstRow.click();
    const details = page.getByTestId('event-details');
    await page.getByRole('dialog', { name: 'PolicyItemCreated' }).waitFor();
    const data = JSON.parse((await details.getByLabel('Event data').textContent()) ?? 'null');
    expect(data).toMatchObject({ id: firstId, priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' });
    expect(await details.getByLabel('Event metadata').textContent()).toContain('correlationId');
    await screenshot(page, 'history-event');

    await page.getByRole('button', { name: 'Show a view as of this event' }).click();
    expect(await page.getByLabel('Position').inputValue()).toBe(position);
    await page.getByRole('combobox', { name: 'View' }).click();
    await page.getByRole('option', { name: /notification-policy-items/ }).click();
    await page.getByRole('button', { name: 'Show as of' }).click();
    // The replay's own error, not other alerts the shell may show (the owner's non-compliance reminder).
    const replayError = page.getByRole('alert').filter({ hasText: 'Could not replay the view' });
    await page.getByTestId('as-of-result').or(replayError).waitFor();
    expect(await replayError.allTextContents()).toEqual([]);
    const documents = page.getByLabel('Documents of notification_policy_items');
    const asOf = JSON.parse((await documents.textContent()) ?? '[]') as Array<{ _id: string; max_delay: string }>;
    // As of the first creation, the second item did not exist yet.
    expect(asOf.map((doc) => doc._id)).toContain(firstId);
    expect(asOf.map((doc) => doc._id)).not.toContain(secondId);
    expect(asOf.find((doc) => doc._id === firstId)?.max_delay).toBe('PT5M');
    await screenshot(page, 'history-as-of');
  });

  it('offers events appended while the log is open', async () => {
    await page.goto('/history');
    await page.getByTestId('history-row').first().or(page.getByTestId('history-empty')).waitFor();
    await expectAttribute(page, 'connection-badge', 'data-state', 'connected');
    const id = await createPolicyItem('PT15M');
    await page.getByTestId('new-events').click();
    await page.getByTestId('history-row').first().filter({ hasText: id }).waitFor();
  });

  it('shows a 404 page for an unknown route with a way home', async () => {
    const response = await page.goto('/no/such/screen');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL('**/signals/alerts');
  });
});

async function expectAttribute(page: Page, testId: string, attribute: string, value: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"][${attribute}="${value}"]`).waitFor();
}
