import type { Route } from 'playwright-core';
import { newPage, screenshot, expectText, useBrowserSuite } from '../support/browser';
import { apiCall, demoEmail, signIn, signInTo } from './sign-in';
import { checkScreen } from '../support/accessibility';

const OPS_CHUNK = /\/assets\/ops-[^/]+\.js$/;

/** Shell behaviours of SPEC.md sections 2 and 4 against the real app serving the built web (`npm run build:web` first). */
describe('shell behaviours', () => {
  // The demo member is an operator here, so the production build shows them the developer toolbar.
  // A fixed revision: the toolbar must show what /infra/health reports, whatever the checkout is.
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: demoEmail('member'), GIT_REVISION: 'abc123def4567890' } });

  it('shows the runbooks help panel to the owner until dismissed, and remembers the dismissal across a reload', async () => {
    await signInTo(suite.page, 'owner', '/runbooks');
    const panel = suite.page.getByTestId('help-panel');
    await panel.getByRole('heading', { name: 'Automate your incident response with Runbooks' }).waitFor();
    const add = panel.getByRole('link', { name: 'Add Runbook' });
    expect(await add.getAttribute('href')).toBe('/runbooks/new');
    // Above the placeholder of the unbuilt page, not instead of it.
    await suite.page.getByText('This area is coming soon.').waitFor();
    await checkScreen(suite.page, 'help-panel-runbooks-owner');

    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await suite.page.evaluate(() => window.localStorage.getItem('help_panel_dismissed:runbooks'))).toBe('true');
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: 'Runbooks', exact: true }).waitFor();
    expect(await panel.count()).toBe(0);
    // Remembered per page: another page keeps its own panel.
    await suite.page.goto('/catalog/functionalities');
    await panel.getByRole('heading', { name: 'Describe what your customers rely on' }).waitFor();

    // Only under the onboarding-headers flag.
    const setFlag = (enabled: boolean) =>
      apiCall(suite.page, 'PUT', '/api/v1/organization/feature_flags/onboarding-headers', { enabled });
    expect((await setFlag(false)).status).toBe(200);
    try {
      await suite.page.reload();
      await suite.page.getByRole('heading', { name: 'Functionalities', exact: true }).waitFor();
      expect(await panel.count()).toBe(0);
    } finally {
      expect((await setFlag(true)).status).toBe(200);
    }
  });

  it('shows the viewer the add button refused, with the lacking-permissions tooltip', async () => {
    await signInTo(suite.page, 'viewer', '/runbooks');
    const add = suite.page.getByTestId('help-panel').getByRole('button', { name: 'Add Runbook' });
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    await add.hover();
    const tooltip = suite.page.getByRole('tooltip');
    await tooltip.waitFor();
    await expectText(tooltip, 'You lack the required permissions for this action.');
    await screenshot(suite.page, 'help-panel-runbooks-viewer');
    // Playwright itself refuses an aria-disabled button; forced, the click still goes nowhere.
    await add.click({ force: true });
    expect(new URL(suite.page.url()).pathname).toBe('/runbooks');
  });

  it('asks before leaving the changed organization form, in the app and when the tab closes', async () => {
    await signIn(suite.page, 'owner');
    const dialogs: Array<{ type: string; message: string }> = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    suite.page.on('dialog', (dialog) => {
      // The test's waits only watch; this handler answers.
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      return answer === 'accept' ? dialog.accept() : dialog.dismiss();
    });
    const nav = suite.page.getByRole('navigation', { name: 'Main navigation' });
    const name = suite.page.getByLabel('Organization name');

    // Unchanged: leaving asks nothing.
    await suite.page.goto('/settings/organization');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Demo Organization');
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await suite.page.waitForURL('**/settings/users');
    expect(dialogs).toEqual([]);

    // Changed: the question, and staying keeps the change.
    await nav.getByRole('link', { name: 'Organization', exact: true }).click();
    await name.fill('Demo Organization, renamed');
    const asked = suite.page.waitForEvent('dialog');
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await asked;
    expect(dialogs[0]).toEqual({
      type: 'confirm',
      message: "Are you sure you want to navigate away? You'll lose your changes.",
    });
    expect(new URL(suite.page.url()).pathname).toBe('/settings/organization');
    expect(await name.inputValue()).toBe('Demo Organization, renamed');

    // Closing the tab gets the browser's own question; dismissing it keeps the page open.
    const askedAgain = suite.page.waitForEvent('dialog');
    await suite.page.close({ runBeforeUnload: true });
    await askedAgain;
    expect(dialogs[1].type).toBe('beforeunload');
    expect(suite.page.isClosed()).toBe(false);
    await screenshot(suite.page, 'unsaved-changes-kept');

    // Leaving anyway goes.
    answer = 'accept';
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await suite.page.waitForURL('**/settings/users');
    expect(dialogs).toHaveLength(3);
  });

  it('shows the developer toolbar of the production build to an admin only, and never on a small screen', async () => {
    await signIn(suite.page, 'member');
    const toolbar = suite.page.getByTestId('developer-toolbar');
    await toolbar.getByText('org-demo').waitFor();
    expect(await toolbar.textContent()).toContain('role member');
    // The revision comes from /infra/health once it answers, shortened to 12 characters.
    await toolbar.getByText('abc123def456', { exact: true }).waitFor();
    await toolbar.getByRole('button', { name: 'Flags' }).click();
    await suite.page.getByLabel('Feature flags').getByText('onboarding-headers').waitFor();
    await checkScreen(suite.page, 'developer-toolbar-admin');

    await suite.page.setViewportSize({ width: 390, height: 844 });
    await toolbar.waitFor({ state: 'detached' });

    const viewer = await newPage(suite.browser, suite.app.url);
    await signIn(viewer, 'viewer');
    await viewer.getByTestId('app-footer').waitFor();
    expect(await viewer.getByTestId('developer-toolbar').count()).toBe(0);
    await viewer.context().close();
  });

  it('reloads on a failed screen chunk, shows the deployment banner after the third failure and reloads once the file is back', async () => {
    await signIn(suite.page, 'owner');
    // A deployment in progress: the Ops screen's file cannot be fetched, whether imported or probed.
    let deploying = true;
    const attempts: string[] = [];
    await suite.page.route(OPS_CHUNK, (route: Route) => {
      attempts.push(route.request().method());
      return deploying ? route.abort('failed') : route.continue();
    });
    let documentLoads = 0;
    suite.page.on('domcontentloaded', () => (documentLoads += 1));

    await suite.page.goto('/ops');
    const banner = suite.page.getByTestId('deployment-banner');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toContain('A deployment is in progress');
    await banner.getByRole('button', { name: 'Refresh Now' }).waitFor();
    // The first two failures each reloaded the page; the third stopped to wait.
    expect(documentLoads).toBe(3);
    const failures = await suite.page.evaluate(
      () => JSON.parse(window.sessionStorage.getItem('chunk_load_failures') ?? '{}') as Record<string, number[]>,
    );
    const [file] = Object.keys(failures);
    expect(file).toMatch(OPS_CHUNK);
    expect(failures[file]).toHaveLength(3);
    await checkScreen(suite.page, 'chunk-load-deployment-banner');

    // The banner keeps checking for the file (HEAD every 5 s) and reloads by itself when it is served again.
    await suite.page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const probesBefore = attempts.filter((method) => method === 'HEAD').length;
    deploying = false;
    await suite.page.getByRole('heading', { name: 'Operations' }).waitFor({ timeout: 15_000 });
    expect(await suite.page.evaluate(() => 'beforeReload' in window)).toBe(false);
    expect(attempts.filter((method) => method === 'HEAD').length).toBeGreaterThan(probesBefore);
    expect(await banner.count()).toBe(0);
    await screenshot(suite.page, 'chunk-load-recovered');
  });

  it('sends a collaborator who opens a new alert rule to /unauthorized/manage_alert_rules; a member gets the page', async () => {
    await signInTo(suite.page, 'collaborator', '/settings/teams/some-team/rules/new');
    await suite.page.waitForURL((url) => url.pathname === '/unauthorized/manage_alert_rules');
    await suite.page.getByRole('heading', { name: "Oops! You don't have permission to access this page" }).waitFor();
    expect(await suite.page.getByTestId('required-permission').textContent()).toContain('manage_alert_rules');
    await screenshot(suite.page, 'unauthorized-new-alert-rule');

    await suite.page.context().clearCookies();
    await signIn(suite.page, 'member');
    // the editor is real now: it needs a team that exists
    const team = (await (await apiCall(suite.page, 'POST', '/api/v1/teams', { name: 'Rules shell' })).json()) as {
      data: { id: string };
    };
    await suite.page.goto(`/settings/teams/${team.data.id}/rules/new`);
    await suite.page.getByRole('heading', { name: 'New alert rule' }).waitFor();
    expect(new URL(suite.page.url()).pathname).toBe(`/settings/teams/${team.data.id}/rules/new`);
  });

  it('hides the footer and the bottom padding on an incident detail page, not on the incidents list', async () => {
    await signIn(suite.page, 'viewer');
    const main = suite.page.locator('main');
    const bottomPadding = () => main.evaluate((el) => getComputedStyle(el).paddingBottom);
    await suite.page.goto('/incidents');
    await suite.page.getByRole('heading', { name: 'Incidents', exact: true }).waitFor();
    await suite.page.getByTestId('app-footer').waitFor();
    expect(await bottomPadding()).not.toBe('0px');

    await suite.page.goto('/incidents/abc');
    await suite.page.getByRole('heading', { name: 'Incident', exact: true }).waitFor();
    expect(await suite.page.getByTestId('app-footer').count()).toBe(0);
    expect(await bottomPadding()).toBe('0px');
    await screenshot(suite.page, 'incident-detail-no-footer');

    // back on the list (a link inside the app, no reload) the footer returns
    await suite.page.goBack();
    await suite.page.getByTestId('app-footer').waitFor();
    expect(await bottomPadding()).not.toBe('0px');
  });
});
