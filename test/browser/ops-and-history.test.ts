import type { Page } from 'playwright-core';
import { screenshot, expectText, useBrowserSuite } from '../support/browser';
import { apiCall, signIn } from './sign-in';
import { checkScreen } from '../support/accessibility';

const ITEMS = '/api/v1/signals/notification_policy_items';

/** Screens against the real app serving the built web (`npm run build:web` first), signed in as the demo owner. */
describe('ops and history screens', () => {
  // the demo owner is a Tocsin operator here: only operators are told the host and versions
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: 'owner@demo.tocsin.dev' } });

  const createPolicyItem = async (max_delay: string): Promise<string> => {
    const response = await apiCall(suite.page, 'POST', ITEMS, {
      priority: 'HIGH',
      notification_group_method: 'email',
      max_delay,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };

  beforeEach(() => signIn(suite.page, 'owner'));

  it('opens ops from the navigation and shows live health, versions and the green public status', async () => {
    await suite.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Ops' }).click();
    await suite.page.waitForURL('**/ops');
    await expectAttribute(suite.page, 'overall-health', 'data-health', 'healthy');
    for (const component of ['event_store', 'read_store', 'redis']) {
      await suite.page.getByTestId(`component-${component}`).getByText('Healthy').waitFor();
    }
    await suite.page.getByTestId('component-event_store').getByText('sqlite event log reachable').waitFor();
    await expectAttribute(suite.page, 'status-badge', 'data-indicator', 'none');
    await expectText(suite.page.getByTestId('status-badge'), 'All Systems Operational');
    expect(await suite.page.getByTestId('versions-node_version').textContent()).toContain(process.versions.node);
    expect(await suite.page.getByTestId('adapters-event_store').textContent()).toContain('sqlite');
    await expectAttribute(suite.page, 'connection-badge', 'data-state', 'connected');

    // The poll is once a minute; a newer report soon after means the ops-room push reached the page.
    const first = await suite.page.getByTestId('health-checked-at').getAttribute('datetime');
    await suite.page.waitForFunction(
      (before) => document.querySelector('[data-testid="health-checked-at"]')?.getAttribute('datetime') !== before,
      first,
    );
    await checkScreen(suite.page, 'ops');
  });

  it('filters the log, shows an event, and replays a view as of that event', async () => {
    const firstId = await createPolicyItem('PT5M');
    const secondId = await createPolicyItem('PT10M');
    await suite.page.goto('/history');
    await suite.page.getByLabel('Event type').fill('PolicyItemCreated');
    await suite.page.getByRole('button', { name: 'Apply filters' }).click();

    const firstRow = suite.page
      .locator(`[data-testid="history-row"]`)
      .filter({ hasText: `notificationPolicyItem-${firstId}` });
    await firstRow.waitFor();
    await suite.page.locator('[data-testid="history-row"]').filter({ hasText: secondId }).waitFor();
    const types = await suite.page
      .getByTestId('history-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
    expect(new Set(types)).toEqual(new Set(['PolicyItemCreated']));

    const position = await firstRow.getAttribute('data-position');
    await firstRow.click();
    const details = suite.page.getByTestId('event-details');
    await suite.page.getByRole('dialog', { name: 'PolicyItemCreated' }).waitFor();
    const data = JSON.parse((await details.getByLabel('Event data').textContent()) ?? 'null');
    expect(data).toMatchObject({
      id: firstId,
      priority: 'HIGH',
      notification_group_method: 'email',
      max_delay: 'PT5M',
    });
    expect(await details.getByLabel('Event metadata').textContent()).toContain('correlationId');
    await checkScreen(suite.page, 'history-event');

    await suite.page.getByRole('button', { name: 'Show a view as of this event' }).click();
    expect(await suite.page.getByLabel('Position').inputValue()).toBe(position);
    await suite.page.getByRole('combobox', { name: 'View' }).click();
    await suite.page.getByRole('option', { name: /notification-policy-items/ }).click();
    await suite.page.getByRole('button', { name: 'Show as of' }).click();
    // The replay's own error, not other alerts the shell may show (the owner's non-compliance reminder).
    const replayError = suite.page.getByRole('alert').filter({ hasText: 'Could not replay the view' });
    await suite.page.getByTestId('as-of-result').or(replayError).waitFor();
    expect(await replayError.allTextContents()).toEqual([]);
    const documents = suite.page.getByLabel('Documents of notification_policy_items');
    const asOf = JSON.parse((await documents.textContent()) ?? '[]') as Array<{ _id: string; max_delay: string }>;
    // As of the first creation, the second item did not exist yet.
    expect(asOf.map((doc) => doc._id)).toContain(firstId);
    expect(asOf.map((doc) => doc._id)).not.toContain(secondId);
    expect(asOf.find((doc) => doc._id === firstId)?.max_delay).toBe('PT5M');
    await screenshot(suite.page, 'history-as-of');
  });

  it('offers events appended while the log is open', async () => {
    await suite.page.goto('/history');
    await suite.page.getByTestId('history-row').first().or(suite.page.getByTestId('history-empty')).waitFor();
    await expectAttribute(suite.page, 'connection-badge', 'data-state', 'connected');
    const id = await createPolicyItem('PT15M');
    await suite.page.getByTestId('new-events').click();
    await suite.page.getByTestId('history-row').first().filter({ hasText: id }).waitFor();
  });

  it('shows a 404 page for an unknown route with a way home', async () => {
    const response = await suite.page.goto('/no/such/screen');
    expect(response?.status()).toBe(200);
    await suite.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await checkScreen(suite.page, 'not-found');
    await suite.page.getByRole('link', { name: 'Go home' }).click();
    await suite.page.waitForURL('**/signals/alerts');
  });
});

async function expectAttribute(page: Page, testId: string, attribute: string, value: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"][${attribute}="${value}"]`).waitFor();
}
