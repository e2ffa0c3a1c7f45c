import type { Page } from 'playwright-core';
import { checkScreen } from '../support/accessibility';
import type { Locator } from 'playwright-core';
import { newPage, useBrowserSuite } from '../support/browser';
import { apiCall, signIn } from './sign-in';

const DAY = 86_400_000;

/** Waits until the element's text holds `text`, saying what it last held when it never does. */
async function expectText(locator: Locator, text: string, timeout = 10_000): Promise<void> {
  try {
    await locator.filter({ hasText: text }).first().waitFor({ timeout });
  } catch (error) {
    throw new Error(
      `Expected "${text}" in: ${await locator
        .first()
        .textContent()
        .catch(() => null)}\n${String(error)}`,
    );
  }
}

/**
 * On-call schedules against the real server (`npm run build:web` first): the list with who is on call now and
 * next, a schedule's week with an override and the coverage gap warning, the rotation editor with its live
 * preview, a swap asked by one member and taken by another (two browsers), and my shifts.
 */
describe('on-call schedule screens', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const suffix = Date.now().toString(36);
  const scheduleName = `Storage primary ${suffix}`;
  let scheduleId = '';
  let memberPage: Page;

  beforeAll(async () => {
    await signIn(suite.page, 'owner');
    const team = await apiCall(suite.page, 'POST', '/api/v1/teams', { name: `Storage ${suffix}` });
    expect(team.status).toBe(201);
    const teamId = ((await team.json()) as { data: { id: string } }).data.id;
    const users = (await (await apiCall(suite.page, 'GET', '/api/v1/users?per_page=100')).json()) as {
      data: Array<{ id: string; email: string }>;
    };
    const id = (email: string) => users.data.find((user) => user.email === email)!.id;
    for (const email of ['member@demo.tocsin.dev', 'owner@demo.tocsin.dev']) {
      const joined = await apiCall(suite.page, 'POST', `/api/v1/teams/${teamId}/memberships`, {
        user_id: id(email),
        permissions: [],
      });
      expect(joined.status).toBeLessThan(300);
    }
    // daily turns, owner then member, started three days ago; the layer ends in ten days: a gap after that
    const created = await apiCall(suite.page, 'POST', `/api/v1/teams/${teamId}/on_call_schedules`, {
      name: scheduleName,
      time_zone: 'Europe/London',
      layers: [
        {
          name: 'Primary',
          rotation: {
            slots: [[id('owner@demo.tocsin.dev')], [id('member@demo.tocsin.dev')]],
            shift_length: 'P1D',
            handoff_time: '09:00',
            start_date: new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10),
          },
          ends_at: new Date(Date.now() + 10 * DAY).toISOString(),
        },
      ],
    });
    expect(created.status).toBe(201);
    scheduleId = ((await created.json()) as { data: { id: string } }).data.id;
    memberPage = await newPage(suite.browser, suite.app.url);
    await signIn(memberPage, 'member');
  });

  afterAll(async () => {
    await memberPage?.context().close();
  });

  it('lists who is on call now and next, and shows a week with an override and the gap warning', async () => {
    const page = suite.page;
    await page.goto('/signals/on_call_schedules');
    const row = page.getByTestId('schedule-row').filter({ hasText: scheduleName });
    await row.waitFor();
    await expectText(row, 'On call now');
    expect(await row.textContent()).toMatch(/Demo (Owner|Member)/);
    await checkScreen(page, 'on-call-schedules-list');

    await row.getByRole('link', { name: scheduleName }).click();
    await page.waitForURL(`**/signals/on_call_schedules/${scheduleId}`);
    await page.getByTestId('gap-warning').waitFor();
    await expectText(page.getByTestId('gap-warning'), 'Nobody is on call for 1 stretch in the next 30 days');
    await page.getByTestId('bar-final').first().waitFor();

    await page.getByRole('button', { name: 'Add override' }).click();
    await page.getByRole('combobox', { name: 'Who is on call' }).click();
    await page.getByRole('option', { name: 'Demo Member' }).click();
    await page.getByRole('combobox', { name: 'Instead of' }).click();
    await page.getByRole('option', { name: 'Demo Owner' }).click();
    await page.getByRole('button', { name: 'Add override', exact: true }).last().click();
    await page.getByTestId('override-row').filter({ hasText: 'Demo Member replaces Demo Owner' }).waitFor();
    await page.getByTestId('bar-override').first().waitFor();
    await checkScreen(page, 'on-call-schedule-week');

    // the past, as it was then
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}/);
    await page.getByTestId('shift-row').first().waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^Month$/ })
      .click();
    await page.waitForURL(/view=month/);
    await page.getByTestId('shift-row').first().waitFor();
    await checkScreen(page, 'on-call-schedule-month');
  }, 120_000);

  it('edits the rotation with its live preview', async () => {
    const page = suite.page;
    await page.goto(`/signals/on_call_schedules/${scheduleId}`);
    await page.getByRole('button', { name: 'Edit rotation' }).click();
    await page.waitForURL('**/edit');
    const preview = page.getByTestId('rotation-preview');
    await expectText(preview, '1 day', 15_000);
    await page.getByRole('combobox', { name: 'Shift unit (layer 1)' }).click();
    await page.getByRole('option', { name: 'Hours' }).click();
    await page.getByLabel('Shift length (layer 1)', { exact: true }).fill('12');
    await expectText(preview, '12 hours');
    await page.getByRole('button', { name: 'Add restriction (layer 1)' }).click();
    await page.getByTestId('restriction').waitFor();
    await checkScreen(page, 'on-call-schedule-editor');
    await page.getByRole('button', { name: 'Remove restriction 1, layer 1' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/signals/on_call_schedules/${scheduleId}`);
    await page.getByTestId('bar-final').first().waitFor();
  }, 120_000);

  it('lets a member ask for cover and another member take the shift, live on both pages', async () => {
    const owner = suite.page;
    await memberPage.goto(`/signals/on_call_schedules/${scheduleId}`);
    await owner.goto(`/signals/on_call_schedules/${scheduleId}`);
    await owner.getByTestId('swaps-empty').waitFor();

    await memberPage.getByRole('combobox', { name: 'One of my shifts' }).click();
    await memberPage.getByRole('option').first().click();
    await memberPage.getByLabel('Note (optional)', { exact: true }).fill('Dentist in the morning');
    await memberPage.getByRole('button', { name: 'Ask for cover' }).click();
    await memberPage.getByTestId('swap-row').filter({ hasText: 'You ask for cover' }).waitFor();

    const request = owner.getByTestId('swap-row').filter({ hasText: 'Demo Member asks for cover' });
    await request.waitFor();
    await expectText(request, 'Dentist in the morning');
    await checkScreen(owner, 'on-call-schedule-swap-asked');
    await request.getByRole('button', { name: 'Take this shift' }).click();
    await expectText(request, 'Covered by you');
    await expectText(memberPage.getByTestId('swap-row').first(), 'Covered by Demo Owner');
    await checkScreen(memberPage, 'on-call-schedule-swap-taken');
  }, 120_000);

  it("warns of the schedule's coverage gap on its team's page", async () => {
    const page = suite.page;
    const teams = (await (await apiCall(page, 'GET', '/api/v1/signals/on_call_schedules')).json()) as {
      data: Array<{ id: string; team_id: string }>;
    };
    const teamId = teams.data.find((s) => s.id === scheduleId)!.team_id;
    await page.goto(`/settings/teams/${teamId}/overview`);
    const schedule = page.getByTestId('team-schedule').filter({ hasText: scheduleName });
    await schedule.getByTestId('gap-warning').waitFor();
    await checkScreen(page, 'on-call-team-page-gap');
  }, 60_000);

  it('charts on-call hours per person with a table and a CSV download', async () => {
    const page = suite.page;
    await page.goto('/analytics/shift_hours');
    await page.getByRole('heading', { name: 'On-call hours' }).waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^Next 30 days$/ })
      .click();
    const row = page.getByTestId('shift-hours-row').filter({ hasText: 'Demo Member' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\d/);
    await checkScreen(page, 'on-call-shift-hours');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^on-call-hours-.*\.csv$/);
  }, 60_000);

  it("shows the signed-in member's shifts over the next 90 days", async () => {
    await memberPage.goto('/signals/on_call_schedules');
    await memberPage.getByRole('link', { name: 'My shifts' }).click();
    await memberPage.waitForURL('**/my_shifts');
    const rows = memberPage.getByTestId('my-shift-row');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain(scheduleName);
    await checkScreen(memberPage, 'on-call-my-shifts');
  }, 60_000);
});
