import { checkScreen } from '../support/accessibility';
import { useBrowserSuite } from '../support/browser';
import { signInAs } from '../support/session';
import { signIn } from './sign-in';

/** The incident settings screens against the real server (`npm run build:web` first). */
describe('incident settings screens', () => {
  describe('as a member', () => {
    const suite = useBrowserSuite({ page: 'suite' });
    beforeAll(() => signIn(suite.page, 'member'));

    it('edits the severities: adds one, shows the field messages of a refused save, saves', async () => {
      const page = suite.page;
      await page.goto('/settings/severities_index');
      await page.getByRole('heading', { name: 'Severities', level: 1 }).waitFor();
      const items = page.getByTestId('settings-item');
      await items.nth(4).getByText('SEV5').waitFor();
      await checkScreen(page, 'incident-severities');

      // a name taken twice is refused with the message under the field, nothing saved
      await page.getByRole('button', { name: 'Add severity' }).click();
      await items.nth(5).getByLabel('Name').fill('sev2');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await items.nth(5).getByText('items[5].name must be unique within the list: "sev2" is there twice').waitFor();
      await checkScreen(page, 'incident-severities-refused');

      await items.nth(5).getByLabel('Name').fill('SEV6');
      await items.nth(5).getByLabel('Description').fill('Nobody noticed.');
      await page.getByRole('button', { name: 'Move SEV6 up' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('button', { name: 'Save changes' }).and(page.locator('[disabled]')).waitFor();
      await page.reload();
      await items.nth(4).getByText('SEV6').waitFor();
      await items.nth(5).getByText('SEV5').waitFor();
    });

    it('sets a cell of the severity matrix from its select, named by impact and likelihood', async () => {
      const page = suite.page;
      await page.goto('/settings/severities_matrix');
      const cell = page.getByRole('combobox', { name: 'Severity when impact is High and likelihood is Certain' });
      await cell.waitFor();
      expect(await cell.inputValue()).toBe('sev1');
      await checkScreen(page, 'incident-severity-matrix');
      await page
        .getByRole('combobox', { name: 'Severity when impact is Low and likelihood is Unlikely' })
        .selectOption({ label: 'SEV4' });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('button', { name: 'Save changes' }).and(page.locator('[disabled]')).waitFor();
      await page.reload();
      const saved = page.getByRole('combobox', { name: 'Severity when impact is Low and likelihood is Unlikely' });
      await saved.waitFor();
      expect(await saved.inputValue()).toBe('sev4');
    });

    it('adds an incident role; built-in roles cannot be removed', async () => {
      const page = suite.page;
      await page.goto('/settings/roles');
      await page.getByRole('heading', { name: 'Incident roles', level: 1 }).waitFor();
      const items = page.getByTestId('settings-item');
      await items.nth(2).getByText('Operations').waitFor();
      expect(await page.getByRole('button', { name: 'Remove Commander' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Add role' }).click();
      await items.nth(3).getByLabel('Name').fill('Scribe');
      await items.nth(3).getByLabel('Description').fill('Keeps the timeline.');
      await checkScreen(page, 'incident-roles');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('button', { name: 'Save changes' }).and(page.locator('[disabled]')).waitFor();
      await page.getByRole('button', { name: 'Remove Scribe' }).waitFor();
    });

    it('adds a custom milestone and moves it before Resolved', async () => {
      const page = suite.page;
      await page.goto('/settings/incident_milestones');
      await page.getByRole('heading', { name: 'Milestones', level: 1 }).waitFor();
      const milestones = page.getByRole('list', { name: 'Milestones' }).getByTestId('settings-item');
      await milestones.nth(6).getByText('Closed').waitFor();
      await page.getByRole('button', { name: 'Add milestone' }).click();
      await milestones.nth(7).getByLabel('Name').fill('Customers told');
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Move Customers told up' }).click();
      await checkScreen(page, 'incident-milestones');
      await page.getByRole('button', { name: 'Save changes' }).first().click();
      await page.reload();
      await milestones.nth(4).getByText('Customers told').waitFor();
      await milestones.nth(5).getByText('Resolved').waitFor();
    });

    it('opens the task lists, the types and the other lists', async () => {
      const page = suite.page;
      for (const [path, heading] of [
        ['/settings/task_lists', 'Task lists'],
        ['/settings/incident_types_and_settings', 'Incident types'],
        ['/settings/priorities', 'Priorities'],
        ['/settings/conditions', 'Conditions'],
        ['/settings/audiences', 'Audiences'],
        ['/settings/status_update_templates', 'Status update templates'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      }
      await page.goto('/settings/task_lists');
      await page.getByRole('button', { name: 'Add task list' }).click();
      await page.getByTestId('settings-item').first().getByLabel('Name').fill('Commander checklist');
      await page.getByTestId('settings-item').first().getByLabel('Tasks').fill('Open a bridge\nName a scribe');
      await checkScreen(page, 'incident-task-lists');
    });

    it('lands the old addresses on their settings pages', async () => {
      const page = suite.page;
      await page.goto('/organizations/severities');
      await page.waitForURL('**/settings/severities_index');
      await page.getByRole('heading', { name: 'Severities', level: 1 }).waitFor();
      await page.goto('/incident_roles');
      await page.waitForURL('**/settings/roles');
      await page.getByRole('heading', { name: 'Incident roles', level: 1 }).waitFor();
      await page.goto('/task_lists/9');
      await page.waitForURL('**/settings/task_lists/9');
      await page.getByRole('heading', { name: 'Task lists', level: 1 }).waitFor();
    });
  });

  describe('as a collaborator', () => {
    const suite = useBrowserSuite({ page: 'suite' });
    beforeAll(() => signIn(suite.page, 'collaborator'));

    it('shows the settings read-only', async () => {
      const page = suite.page;
      await page.goto('/settings/severities_index');
      await page.getByRole('heading', { name: 'Severities', level: 1 }).waitFor();
      await page.getByTestId('read-only-note').waitFor();
      expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      await checkScreen(page, 'incident-severities-read-only');
    });
  });
  describe('as an owner', () => {
    const suite = useBrowserSuite({ page: 'suite' });
    beforeAll(() => signIn(suite.page, 'owner'));

    it('sets the ticketing settings', async () => {
      const page = suite.page;
      await page.goto('/ticketing_settings');
      await page.waitForURL('**/settings/tickets');
      await page.getByRole('heading', { name: 'Ticketing', level: 1 }).waitFor();
      await page.getByLabel('Ticketing provider').selectOption({ label: 'Jira' });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('project_key is a required field when a provider is chosen').waitFor();
      await page.getByLabel('Project key').fill('OPS');
      await checkScreen(page, 'incident-ticketing');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('button', { name: 'Save changes' }).and(page.locator('[disabled]')).waitFor();
      await page.reload();
      expect(await page.getByLabel('Project key').inputValue()).toBe('OPS');
    });

    it('keeps the edits of a save someone else overtook, and loads their version on request', async () => {
      const page = suite.page;
      await page.goto('/settings/conditions');
      const items = page.getByTestId('settings-item');
      await items.first().getByLabel('Name').waitFor();
      await items.first().getByLabel('Name').fill('Mine');
      // another admin saves the conditions meanwhile
      const other = await signInAs(suite.app.url, 'member');
      const current = (await other.get('/api/v1/incident_settings').expect(200)).body.data;
      await other
        .put('/api/v1/incident_settings/conditions')
        .send({
          expected_revision: current.revisions.conditions,
          items: [...current.conditions, { name: 'Theirs' }].map(({ id, name }) => ({ id, name })),
        })
        .expect(200);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('alert').filter({ hasText: 'Someone else saved first' }).waitFor();
      expect(await items.first().getByLabel('Name').inputValue()).toBe('Mine');
      await checkScreen(page, 'incident-conditions-stale');
      await page.getByRole('button', { name: 'Load the current version' }).click();
      await items.filter({ hasText: 'Theirs' }).first().waitFor();
      expect(await items.first().getByLabel('Name').inputValue()).toBe('Operational');
    });
  });
});
