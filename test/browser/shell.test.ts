import type { Page } from 'playwright-core';
import { screenshot, expectText, useBrowserSuite } from '../support/browser';
import { registrationLinkFor } from '../support/sign-up';
import { DEMO_PASSWORD, demoEmail, signIn, signInThroughForm, signInTo, type DemoRole } from './sign-in';
import { checkScreen } from '../support/accessibility';

/** What each demo role must and must not find in the main navigation (SPEC.md sections 2 and 6). */
const NAV_EXPECTATIONS: Record<DemoRole, { sees: string[]; misses: string[] }> = {
  owner: {
    sees: [
      '/signals/notification_policy',
      '/signals/sources',
      '/settings/users',
      '/settings/api_keys',
      '/analytics/shift_hours',
      '/ops',
    ],
    misses: ['/overview'],
  },
  member: {
    sees: [
      '/signals/sources',
      '/signals/webhook_targets',
      '/catalog/services/catalog_settings',
      '/settings/retrospectives/templates',
    ],
    misses: ['/signals/notification_policy', '/settings/users', '/settings/api_keys', '/ops'],
  },
  collaborator: {
    sees: [
      '/signals/alerts',
      '/analytics/shift_hours',
      '/incidents',
      '/runbooks',
      '/settings/incident_types_and_settings',
    ],
    misses: [
      '/signals/sources',
      '/signals/notification_policy',
      '/catalog/services/catalog_settings',
      '/settings/users',
    ],
  },
  viewer: {
    sees: ['/signals/alerts', '/signals/on_call_schedules', '/incidents', '/catalog/services', '/status_pages'],
    misses: [
      '/signals/sources',
      '/signals/notification_policy',
      '/analytics/shift_hours',
      '/settings/organization',
      '/settings/incident_types_and_settings',
    ],
  },
};

/** The app shell against the real server and its seeded demo users (`npm run build:web` first). */
describe('app shell', () => {
  const suite = useBrowserSuite();

  const navPaths = (target: Page) =>
    target
      .getByRole('navigation', { name: 'Main navigation' })
      .getByTestId('nav-item')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-path')));

  it('signs in through the login form and returns to the page first asked for', async () => {
    await suite.page.goto('/incidents/tasks?view=mine');
    await suite.page.waitForURL('**/sessions/new');
    await suite.page.getByRole('button', { name: 'Sign in' }).click();
    await suite.page.getByText('Email is a required field').waitFor();
    await suite.page.getByText('Password is a required field').waitFor();

    await suite.page.getByLabel('Email', { exact: true }).fill(demoEmail('owner'));
    await suite.page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await suite.page.getByRole('button', { name: 'Sign in' }).click();
    await suite.page.getByRole('alert').filter({ hasText: 'Could not sign in' }).waitFor();
    await checkScreen(suite.page, 'login-failed');

    await suite.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await suite.page.getByRole('button', { name: 'Sign in' }).click();
    await suite.page.waitForURL('**/incidents/tasks?view=mine');
    await suite.page.getByRole('heading', { name: 'Tasks' }).waitFor();
    const mine = suite.page.getByRole('radiogroup', { name: 'Assigned to' }).getByRole('radio', { name: 'Mine' });
    await mine.waitFor({ state: 'attached' });
    expect(await mine.isChecked()).toBe(true);
    expect(await suite.page.evaluate(() => window.localStorage.getItem('logged_in'))).toBe('true');
    expect(await suite.page.getByTestId('user-menu').textContent()).toContain('Demo Owner');
    await expectText(suite.page.getByTestId('organization-name'), 'Demo Organization');

    const footer = suite.page.getByTestId('app-footer');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Tocsin`);
    await footer.locator('[data-testid="footer-status"][data-indicator="none"]').waitFor();
    await footer.getByRole('link', { name: 'Privacy Policy' }).waitFor();
  });

  it('signs up in two steps through the emailed link: a new owner of a new organization, who lands signed in', async () => {
    const suffix = Math.random().toString(36).slice(2, 10);
    const email = `ada-${suffix}@example.com`;
    await suite.page.goto('/registrations/new');
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await suite.page.getByText('Name is a required field', { exact: true }).waitFor();
    await suite.page.getByText('Email is a required field', { exact: true }).waitFor();

    await suite.page.getByLabel('Name', { exact: true }).fill(`Ada ${suffix}`);
    await suite.page.getByLabel('Email', { exact: true }).fill(email);
    await suite.page.getByRole('button', { name: 'Continue' }).click();
    await checkScreen(suite.page, 'registration-step-1-sent');
    expect(await suite.page.getByTestId('registration-sent').textContent()).toContain(
      `We sent a link to ${email} to finish creating your account.`,
    );

    // the link, as the mailbox shows it
    await suite.page.goto('/dev/mailbox');
    await expectText(
      suite.page.getByText('Finish creating your Tocsin account').first(),
      'Finish creating your Tocsin account',
    );
    const { path } = await registrationLinkFor(suite.app.url, email);
    await suite.page.goto(path);
    expect(await suite.page.getByTestId('registration-summary').textContent()).toBe(
      `Welcome, Ada ${suffix}. Choose a password for ${email} and name your organization.`,
    );
    await suite.page.getByRole('button', { name: 'Create account' }).click();
    await suite.page.getByText('Password is a required field').waitFor();
    await suite.page.getByText('Organization name is a required field').waitFor();
    await suite.page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await suite.page.getByLabel('Password confirmation', { exact: true }).fill('another-password');
    await suite.page.getByLabel('Organization name', { exact: true }).fill(`Org ${suffix}`);
    await suite.page.getByRole('button', { name: 'Create account' }).click();
    await suite.page.getByText("Confirmation password doesn't match Password").waitFor();
    await suite.page.getByLabel('Password confirmation', { exact: true }).fill('a-long-enough-password');
    await checkScreen(suite.page, 'registration-step-2-complete');
    await suite.page.getByRole('button', { name: 'Create account' }).click();
    // the new organization's onboarding is not done: its checklist is the first screen, the app one click away
    await suite.page.waitForURL(/\/org\/[^/]+\/onboarding\/signals$/);
    await suite.page.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
    await expectText(suite.page.getByTestId('organization-name'), `Org ${suffix}`);
    await screenshot(suite.page, 'registration-lands-on-onboarding');
    await suite.page.getByRole('link', { name: 'Skip to the app' }).click();
    await suite.page.waitForURL('**/signals/alerts');
    await suite.page.getByRole('link', { name: 'Organization Notification Policy' }).waitFor();

    // the link works once: opened again it says so and offers to start again
    await suite.page.goto(path);
    expect(await suite.page.getByTestId('registration-link-problem').textContent()).toContain(
      'This sign-up link has already been used. Sign in, or start again to get a new link.',
    );
    await screenshot(suite.page, 'registration-link-used');
    await suite.page.getByRole('link', { name: 'Start again' }).click();
    await suite.page.waitForURL('**/registrations/new');
    await suite.page.goto('/registrations/00000000-0000-4000-8000-000000000000/complete?token=nope');
    expect(await suite.page.getByTestId('registration-link-problem').textContent()).toContain(
      'This sign-up link is not valid. Start again to get a new link.',
    );
  });

  it('answers a password reset request without saying whether the account exists', async () => {
    await suite.page.goto('/forgot_passwords/new');
    await suite.page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await suite.page.getByRole('button', { name: 'Send reset instructions' }).click();
    expect(await suite.page.getByTestId('forgot-password-sent').textContent()).toContain(
      'If an account exists for nobody@example.com',
    );
  });

  it.each(Object.entries(NAV_EXPECTATIONS))(
    'shows the %s the navigation of their role',
    async (role, { sees, misses }) => {
      await signIn(suite.page, role as DemoRole);
      await suite.page.waitForURL('**/signals/alerts');
      const paths = await navPaths(suite.page);
      for (const path of sees) expect(paths).toContain(path);
      for (const path of misses) expect(paths).not.toContain(path);
      const policy = suite.page.getByRole('link', { name: 'Organization Notification Policy' });
      expect(await policy.count()).toBe(role === 'owner' ? 1 : 0);
      await screenshot(suite.page, `nav-${role}`);
    },
  );

  it('moves a legacy address to its new home, query kept', async () => {
    await signInTo(suite.page, 'owner', '/organizations/members?x=1');
    await suite.page.waitForURL((url) => url.pathname === '/settings/users' && url.search === '?x=1');
    await suite.page.getByRole('heading', { name: 'Users' }).waitFor();
    await suite.page.goto('/scheduled_maintenances/5/edit?from=mail');
    await suite.page.waitForURL(
      (url) => url.pathname === '/incidents/maintenances/5/edit' && url.search === '?from=mail',
    );
  });

  it('sends a viewer who opens the notification policy to the unauthorized page, and back', async () => {
    await signInTo(suite.page, 'viewer', '/signals/on_call_schedules');
    await suite.page.getByRole('heading', { name: 'On-call Schedules' }).waitFor();
    await suite.page.goto('/signals/notification_policy');
    await suite.page.waitForURL((url) => url.pathname === '/unauthorized/manage_organization_notification_policies');
    await suite.page.getByRole('heading', { name: "Oops! You don't have permission to access this page" }).waitFor();
    const required = await suite.page.getByTestId('required-permission').textContent();
    expect(required).toContain('Manage organization notification policies');
    expect(required).toContain('manage_organization_notification_policies');
    await checkScreen(suite.page, 'unauthorized');
    await suite.page.getByRole('button', { name: 'Go back' }).click();
    await suite.page.waitForURL('**/signals/on_call_schedules');
  });

  it('signs in and out of every tab at once', async () => {
    const other = await suite.page.context().newPage();
    await other.goto('/sessions/new');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();

    await signInThroughForm(suite.page, 'member');
    // The other tab saw logged_in change and reloaded under the new session.
    await other.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    await suite.page.getByTestId('user-menu').click();
    await suite.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await suite.page.waitForURL('**/sessions/new');
    await other.waitForURL('**/sessions/new');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await other.evaluate(() => window.localStorage.getItem('logged_in'))).toBe('false');
    // Signed out for real: the app sends a deep link back to sign-in.
    await other.goto('/incidents');
    await other.waitForURL('**/sessions/new');
  });

  it('follows a sign-in finished outside the app (?logged_in) in every tab', async () => {
    const other = await suite.page.context().newPage();
    await other.goto('/sessions/new');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    // A server-side flow (single sign-on) sets the session cookie, then returns with ?logged_in.
    const response = await suite.page.request.post('/sessions', {
      data: { email: demoEmail('viewer'), password: DEMO_PASSWORD },
    });
    expect(response.status()).toBe(201);
    await suite.page.goto('/incidents?logged_in=1&tab=open');
    await suite.page.waitForURL((url) => url.pathname === '/incidents' && url.search === '?tab=open');
    await other.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await other.evaluate(() => window.localStorage.getItem('logged_in'))).toBe('true');
  });

  it('offers the navigation, the teams and the user menu in the mobile menu', async () => {
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await signIn(suite.page, 'collaborator');
    await suite.page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = suite.page.getByRole('navigation', { name: 'Mobile navigation' });
    await menu.getByRole('link', { name: 'On-call Hours' }).waitFor();
    const teams = menu.getByRole('group', { name: 'Teams' });
    await teams.getByRole('link', { name: 'View all Teams' }).waitFor();
    // The demo users belong to no team yet.
    await teams.getByText('You are not a member of any teams').waitFor();
    const user = menu.getByRole('group', { name: 'User' });
    for (const name of ['Profile', 'API documentation']) await user.getByRole('link', { name }).waitFor();
    await user.scrollIntoViewIfNeeded();
    await screenshot(suite.page, 'mobile-menu');
    await user.getByRole('button', { name: 'Sign out' }).click();
    await suite.page.waitForURL('**/sessions/new');
  });
});
