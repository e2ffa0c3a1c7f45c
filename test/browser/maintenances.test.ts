import { checkScreen } from '../support/accessibility';
import { useBrowserSuite } from '../support/browser';
import { signIn } from './sign-in';

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
