import { retrospectiveTemplatePath } from '@tocsin/contracts';
import { checkScreen } from '../support/accessibility';
import { useBrowserSuite } from '../support/browser';
import { signInAs } from '../support/session';
import { signIn } from './sign-in';

/** The retrospective template screens (issue 21) against the real server (`npm run build:web` first). */
describe('retrospective template screens', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const name = `Security review ${Date.now().toString(36)}`;
  let templatePath = '';

  beforeAll(() => signIn(suite.page, 'member'));

  it('lists the default template and opens it read-only', async () => {
    const page = suite.page;
    await page.goto('/settings/retrospectives/templates');
    await page.getByRole('heading', { name: 'Retrospective templates', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Standard retrospective' }).first().waitFor();
    await checkScreen(page, 'retrospective-templates');
    await page.getByRole('link', { name: 'Standard retrospective' }).first().click();
    await page.waitForURL('**/settings/retrospectives/templates/standard');
    await page.getByRole('heading', { name: 'Standard retrospective', level: 1 }).waitFor();
    for (const section of ['Summary', 'Timeline', 'Contributing factors', 'Follow-ups'])
      await page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${section}$`) }).waitFor();
    await page.getByText('What happened, in a few sentences?').waitFor();
    await checkScreen(page, 'retrospective-template');
  });

  it('creates a template with sections and questions, checking them as the API does', async () => {
    const page = suite.page;
    const question = (section: number, n: number) =>
      page
        .getByRole('group', { name: `Section ${section}` })
        .getByRole('textbox', { name: `Question ${n}`, exact: true });
    await page.goto('/settings/retrospectives/templates');
    await page.getByRole('button', { name: 'New template' }).click();
    await page.waitForURL('**/settings/retrospectives/templates/new');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByText('name is a required field').waitFor();
    await page.getByText('Title is a required field').waitFor();
    await checkScreen(page, 'retrospective-template-new-errors');

    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Description/).fill('For incidents that exposed data.');
    await page.getByLabel(/^Section 1 title/).fill('Exposure');
    await question(1, 1).fill('What data was reachable?');
    await page.getByRole('button', { name: 'Add question to section 1' }).click();
    await question(1, 2).fill('Who was told, and when?');
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel(/^Section 2 title/).fill('Lessons');
    await question(2, 1).fill('What will we change?');
    // the second section goes first
    await page.getByRole('button', { name: 'Move section 2 up' }).click();
    await checkScreen(page, 'retrospective-template-new');
    await page.getByRole('button', { name: 'Create template' }).click();

    await page.getByRole('heading', { name, level: 1 }).waitFor();
    templatePath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: '1. Lessons' }).waitFor();
    await page.getByRole('heading', { name: '2. Exposure' }).waitFor();
    await page.getByText('Who was told, and when?').waitFor();
  });

  it('edits a template, and shows a save made meanwhile instead of overwriting it', async () => {
    const page = suite.page;
    await page.goto(`${templatePath}/edit`);
    await page.getByRole('heading', { name: 'Edit retrospective template', level: 1 }).waitFor();
    await page.getByLabel(/^Name/).fill(`${name} v2`);
    await checkScreen(page, 'retrospective-template-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `${name} v2`, level: 1 }).waitFor();

    // an owner saves while the member is editing
    await page.goto(`${templatePath}/edit`);
    await page.getByLabel(/^Name/).fill('Mine');
    const owner = await signInAs(suite.app.url, 'owner');
    const id = templatePath.split('/').at(-1)!;
    await owner.patch(retrospectiveTemplatePath(id)).send({ revision: 2, name: 'Theirs' }).expect(200);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('template-conflict').getByText('It is now named "Theirs"').waitFor();
    await checkScreen(page, 'retrospective-template-conflict');
    await page.getByRole('button', { name: 'Start again from their version' }).click();
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Theirs');
    await page.getByLabel(/^Name/).fill('Merged');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Merged', level: 1 }).waitFor();
  });

  it('copies a template as "Copy of X"', async () => {
    const page = suite.page;
    await page.goto(templatePath);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.waitForURL('**/copy');
    await page.getByRole('heading', { name: 'Copy retrospective template', level: 1 }).waitFor();
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Copy of Merged');
    expect(await page.getByLabel(/^Section 1 title/).inputValue()).toBe('Lessons');
    await checkScreen(page, 'retrospective-template-copy');
    await page.getByRole('button', { name: 'Create copy' }).click();
    await page.getByRole('heading', { name: 'Copy of Merged', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe(templatePath);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete template' }).click();
    await page.waitForURL('**/settings/retrospectives/templates');
    await page.getByRole('link', { name: 'Merged' }).waitFor();
    expect(await page.getByRole('link', { name: 'Copy of Merged' }).count()).toBe(0);
  });
});
