import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { apiCall, signIn } from './sign-in';

/**
 * Heartbeats on the sources page (`npm run build:web` first): a new heartbeat shows its ping URL once with curl
 * examples, the list shows its last beat, live, when the job pings, and its row rotates the token (the new URL
 * shown once) and deletes it, each asked first.
 */
describe('heartbeat screens', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const suffix = Date.now().toString(36);
  const teamName = `Batch ${suffix}`;
  const name = `Nightly backup ${suffix}`;

  beforeAll(async () => {
    await signIn(suite.page, 'owner');
    const team = await apiCall(suite.page, 'POST', '/api/v1/teams', { name: teamName });
    expect(team.status).toBe(201);
  });

  it('creates a heartbeat, shows its ping URL once, lists it with its last beat, live, rotates its token and deletes it', async () => {
    const page = suite.page;
    await page.goto('/signals/sources');
    await page.getByRole('heading', { name: 'Heartbeats', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'New heartbeat' }).click();
    await page.waitForURL('**/signals/sources/heartbeats/new');
    await page.getByRole('heading', { name: 'New heartbeat', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create heartbeat' }).click();
    await page.getByText('name is a required field').waitFor();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: teamName }).click();
    await page.getByLabel(/^Interval/).fill('0');
    await page.getByRole('button', { name: 'Create heartbeat' }).click();
    await page.getByText(/^Interval must be whole minutes/).waitFor();
    await page.getByLabel(/^Interval/).fill('5');
    await checkScreen(page, 'signals-heartbeat-new');
    await page.getByRole('button', { name: 'Create heartbeat' }).click();

    await page.getByRole('heading', { name: `${name} is ready` }).waitFor();
    const pingUrl = ((await page.getByTestId('ping-url').textContent()) ?? '').trim();
    expect(pingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/heartbeats\/[0-9a-f]{32}$/);
    expect(await page.getByTestId('snippet-curl').textContent()).toContain(`curl -fsS -m 10 --retry 3 ${pingUrl}`);
    await checkScreen(page, 'signals-heartbeat-created');

    await page.getByRole('link', { name: 'Go to the heartbeats' }).click();
    const row = page.getByTestId('heartbeat-row').filter({ hasText: name });
    await expectText(row.getByText('Waiting for a first beat'), 'Waiting for a first beat');
    // the URL was shown once: the list names only the token's last characters
    expect(await row.getByText(`…${pingUrl.slice(-4)}`).count()).toBe(1);

    // the job pings: the row turns Up with its last beat, without a reload
    expect((await fetch(pingUrl)).status).toBe(200);
    await expectText(row.getByText('Up', { exact: true }), 'Up');
    await row.locator('time').waitFor();
    await checkScreen(page, 'signals-heartbeats');

    // a new ping URL, shown once; the old one stops at once
    await row.getByRole('button', { name: `Rotate token of ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the ping token?' })
      .getByRole('button', { name: 'Rotate token' })
      .click();
    const rotatedDialog = page.getByRole('dialog', { name: `New ping URL of ${name}` });
    const rotated = ((await rotatedDialog.getByTestId('ping-url').textContent()) ?? '').trim();
    expect(rotated).toMatch(/\/heartbeats\/[0-9a-f]{32}$/);
    expect(rotated).not.toBe(pingUrl);
    await checkScreen(page, 'signals-heartbeat-rotated');
    expect((await fetch(pingUrl)).status).toBe(404);
    expect((await fetch(rotated)).status).toBe(200);
    await rotatedDialog.getByRole('button', { name: 'Done' }).click();
    await row.getByText(`…${rotated.slice(-4)}`).waitFor();

    // deleted after asking: gone from the list, its URL refused
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${name}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
    expect((await fetch(rotated)).status).toBe(404);
  }, 90_000);
});
