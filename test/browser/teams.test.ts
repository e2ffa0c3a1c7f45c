import { newPage, screenshot, expectText, useBrowserSuite } from '../support/browser';
import { holdAnswers, pickWhileAnswering } from './held-answers';
import { apiCall, signIn, signInTo } from './sign-in';
import { checkScreen } from '../support/accessibility';

const MANAGE_TEAMS_TOOLTIP =
  "The permission 'Manage teams' is required to perform this action on the organization. Contact your organization administrator for support.";

/** The teams screens against the real server and its seeded demo users (`npm run build:web` first). */
describe('teams screens', () => {
  const suite = useBrowserSuite();

  const teamName = `Payments ${Date.now().toString(36)}`;

  it('lets the owner create a team and add a member with a team permission', async () => {
    await signInTo(suite.page, 'owner', '/settings/teams');
    await suite.page.getByRole('heading', { name: 'Teams' }).waitFor();
    await suite.page.getByTestId('teams-empty').waitFor();
    await suite.page.getByRole('button', { name: 'New team' }).click();
    await suite.page.waitForURL('**/settings/teams/new');

    await suite.page.getByRole('button', { name: 'Create team' }).click();
    await suite.page.getByText('name is a required field').waitFor();
    await suite.page.getByLabel('Name').fill(teamName);
    await suite.page.getByLabel('Restrict signals resource management').check({ force: true });
    await checkScreen(suite.page, 'teams-new');
    await suite.page.getByRole('button', { name: 'Create team' }).click();

    await suite.page.waitForURL('**/settings/teams/*/overview');
    await suite.page.getByRole('heading', { name: teamName }).waitFor();
    await expectText(suite.page.getByTestId('team-restriction'), 'Signals resources restricted to this team');
    await suite.page.getByTestId('team-members-empty').waitFor();

    await suite.page.getByRole('button', { name: 'Add member' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByLabel('User').fill('demo mem');
    await suite.page.getByRole('option', { name: 'Demo Member (member@demo.tocsin.dev)' }).click();
    await dialog.getByLabel('Team permissions').fill('alert rules');
    await suite.page.getByRole('option', { name: 'Manage alert rules' }).click();
    // the permission list stays open for more picks; a click beside it closes it, as a person would
    await dialog.getByRole('heading', { name: 'Add member' }).click();
    await suite.page.getByRole('listbox').waitFor({ state: 'hidden' });
    await checkScreen(suite.page, 'teams-add-member');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = suite.page.getByTestId('team-member').filter({ hasText: 'Demo Member' });
    await row.waitFor();
    expect(
      await row
        .locator('[data-permission]')
        .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-permission'))),
    ).toEqual(['manage_alert_rules']);
    expect(await row.textContent()).toContain('Manage alert rules');
    await checkScreen(suite.page, 'teams-overview');

    await suite.page.getByRole('link', { name: 'Teams', exact: true }).click();
    await suite.page.getByTestId('team-row').filter({ hasText: teamName }).waitFor();
    await checkScreen(suite.page, 'teams-list-owner');
  });

  it('adds the member picked with the keyboard while a slow search was answering, not whoever the answer put there', async () => {
    const page = suite.page;
    await signIn(page, 'owner');
    const team = (await (
      await apiCall(page, 'POST', '/api/v1/teams', { name: `Search ${Date.now().toString(36)}` })
    ).json()) as { data: { id: string } };
    const search = await holdAnswers(page, '**/member_options?*');
    await page.goto(`/settings/teams/${team.data.id}/overview`);
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    const user = dialog.getByLabel('User');
    await pickWhileAnswering(page, user, search, 'demo v', 'Demo Viewer (viewer@demo.tocsin.dev)');
    await dialog.getByRole('heading', { name: 'Add member' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await checkScreen(page, 'teams-add-member-picked');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const members = (await (await apiCall(page, 'GET', `/api/v1/teams/${team.data.id}`)).json()) as {
      data: { memberships: Array<{ user: { name?: string } }> };
    };
    expect(members.data.memberships.map((m) => m.user.name)).toEqual(['Demo Viewer']);
  });

  it('lets the owner rename the team, asking before leaving unsaved changes', async () => {
    await signInTo(suite.page, 'owner', '/settings/teams');
    await suite.page.getByRole('link', { name: teamName }).click();
    await suite.page.getByRole('button', { name: 'Edit team' }).click();
    await suite.page.waitForURL('**/settings/teams/*/edit');
    expect(await suite.page.getByLabel('Restrict signals resource management').isChecked()).toBe(true);

    await suite.page.getByLabel('Name').fill(`${teamName} renamed`);
    // the app's one unsaved-changes question (lib/use-unsaved-changes-prompt); dismissing it stays
    // Answered as it opens: a click waits for the navigation it starts, which the open question holds up.
    const asked = new Promise<string[]>((resolve) => {
      suite.page.once('dialog', (dialog) => {
        const seen = [dialog.type(), dialog.message()];
        void dialog.dismiss().then(() => resolve(seen));
      });
    });
    await suite.page.getByRole('button', { name: 'Cancel' }).click();
    expect(await asked).toEqual(['confirm', "Are you sure you want to navigate away? You'll lose your changes."]);
    expect(new URL(suite.page.url()).pathname).toMatch(/\/edit$/);
    expect(await suite.page.getByLabel('Name').inputValue()).toBe(`${teamName} renamed`);
    await screenshot(suite.page, 'teams-unsaved-changes');

    await suite.page.getByRole('button', { name: 'Save changes' }).click();
    await suite.page.waitForURL('**/settings/teams/*/overview');
    await suite.page.getByRole('heading', { name: `${teamName} renamed` }).waitFor();
    await suite.page.getByRole('button', { name: 'Edit team' }).click();
    await suite.page.getByLabel('Name').fill(teamName);
    await suite.page.getByRole('button', { name: 'Save changes' }).click();
    await suite.page.getByRole('heading', { name: teamName, exact: true }).waitFor();
  });

  it("shows the member the team in the Teams menu, from the server's my_teams list", async () => {
    await signIn(suite.page, 'member');
    await suite.page.getByRole('button', { name: 'Teams', exact: true }).click();
    await suite.page.getByRole('link', { name: teamName }).click();
    await suite.page.waitForURL('**/settings/teams/*/overview');
    await suite.page.getByRole('heading', { name: teamName }).waitFor();
  });

  it('shows a viewer the list with New team disabled and its tooltip naming the permission', async () => {
    await signInTo(suite.page, 'viewer', '/settings/teams');
    await suite.page.getByTestId('team-row').filter({ hasText: teamName }).waitFor();
    const newTeam = suite.page.getByRole('button', { name: 'New team' });
    expect(await newTeam.getAttribute('aria-disabled')).toBe('true');
    await newTeam.hover();
    await suite.page.getByRole('tooltip').filter({ hasText: MANAGE_TEAMS_TOOLTIP }).waitFor();
    await screenshot(suite.page, 'teams-list-viewer');
    // marked disabled rather than `disabled`, so a forced click reaches it and must do nothing
    await newTeam.click({ force: true });
    expect(new URL(suite.page.url()).pathname).toBe('/settings/teams');

    await suite.page.goto('/settings/teams/new');
    await suite.page.waitForURL((url) => url.pathname === '/unauthorized/manage_teams');
  });

  it('with rbacCandidateControl, lets a viewer holding manage_teams in a team edit it, and words the refusal for the team elsewhere', async () => {
    const suffix = Date.now().toString(36);
    const [theirs, other] = [`Checkout ${suffix}`, `Billing ${suffix}`];
    await signIn(suite.page, 'viewer');
    const viewerId = (
      (await (await apiCall(suite.page, 'GET', '/api/v1/me')).json()) as { data: { user: { id: string } } }
    ).data.user.id;

    const owner = await newPage(suite.browser, suite.app.url);
    await signIn(owner, 'owner');
    const setFlag = (enabled: boolean) =>
      apiCall(owner, 'PUT', '/api/v1/organization/feature_flags/rbacCandidateControl', { enabled });
    const create = async (name: string) =>
      ((await (await apiCall(owner, 'POST', '/api/v1/teams', { name })).json()) as { data: { id: string } }).data.id;
    const theirsId = await create(theirs);
    const otherId = await create(other);
    expect(
      (
        await apiCall(owner, 'POST', `/api/v1/teams/${theirsId}/memberships`, {
          user_id: viewerId,
          permissions: ['manage_teams'],
        })
      ).status,
    ).toBe(201);
    expect((await setFlag(true)).status).toBe(200);
    try {
      await suite.page.reload();
      await suite.page.goto(`/settings/teams/${theirsId}/overview`);
      await suite.page.getByRole('heading', { name: theirs }).waitFor();
      const edit = suite.page.getByRole('button', { name: 'Edit team' });
      expect(await edit.getAttribute('aria-disabled')).toBeNull();
      await edit.click();
      await suite.page.waitForURL(`**/settings/teams/${theirsId}/edit`);
      await suite.page.getByLabel('Name').fill(`${theirs} renamed`);
      await suite.page.getByRole('button', { name: 'Save changes' }).click();
      await suite.page.waitForURL(`**/settings/teams/${theirsId}/overview`);
      await suite.page.getByRole('heading', { name: `${theirs} renamed` }).waitFor();

      await suite.page.goto(`/settings/teams/${otherId}/overview`);
      await suite.page.getByRole('heading', { name: other }).waitFor();
      const refused = suite.page.getByRole('button', { name: 'Edit team' });
      expect(await refused.getAttribute('aria-disabled')).toBe('true');
      await refused.hover();
      await suite.page
        .getByRole('tooltip')
        .filter({
          hasText: `The permission 'Manage teams' is required to perform this action on the organization, or 'Manage teams' on the team ${other}. Contact your organization administrator for support.`,
        })
        .waitFor();
      await screenshot(suite.page, 'teams-team-permission-tooltip');
      await suite.page.goto(`/settings/teams/${otherId}/edit`);
      await suite.page.waitForURL((url) => url.pathname === '/unauthorized/manage_teams');
    } finally {
      expect((await setFlag(false)).status).toBe(200);
      await owner.context().close();
    }
  });
});
