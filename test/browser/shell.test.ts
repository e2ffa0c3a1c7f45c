import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApp, type TestApp } from '../support/app';
import { launchBrowser, newPage, screenshot, expectText } from '../support/browser';
import { registrationLinkFor } from '../support/sign-up';
import { DEMO_PASSWORD, demoEmail, signIn, type DemoRole } from './sign-in';

const WEB_INDEX = join(__dirname, '..', '..', 'apps', 'web', 'dist', 'index.html');

/** What each demo role must and must not find in the main navigation (SPEC.md sections 2 and 6). */
const NAV_EXPECTATIONS: Record<DemoRole, { sees: string[]; misses: string[] }> = {
  owner: {
    sees: ['/signals/notification_policy', '/signals/sources', '/settings/users', '/settings/api_keys', '/analytics/shift_hours', '/ops'],
    misses: ['/overview'],
  },
  member: {
    sees: ['/signals/sources', '/signals/webhook_targets', '/catalog/services/catalog_settings', '/settings/retrospectives/templates'],
    misses: ['/signals/notification_policy', '/settings/users', '/settings/api_keys', '/ops'],
  },
  collaborator: {
    sees: ['/signals/alerts', '/analytics/shift_hours', '/incidents', '/runbooks', '/settings/incident_types_and_settings'],
    misses: ['/signals/sources', '/signals/notification_policy', '/catalog/services/catalog_settings', '/settings/users'],
  },
  viewer: {
    sees: ['/signals/alerts', '/signals/on_call_schedules', '/incidents', '/catalog/services', '/status_pages'],
    misses: ['/signals/sources', '/signals/notification_policy', '/analytics/shift_hours', '/settings/organization', '/settings/incident_types_and_settings'],
  },
};

/** The app shell against the real server and its seeded demo users (`npm run build:web` first). */
describe('app shell', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  const navPaths = (target: Page) =>
    target.getByRole('navigation', { name: 'Main navigation' }).getByTestId('nav-item').evaluateAll((links) => links.map((link) => link.getAttribute('data-path')));

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
    // Fail a step with its own message before jest's 30 s test timeout hides which step it was.
    page.context().setDefaultTimeout(10_000);
  });
  afterEach(() => page.context().close());

  it('signs in through the login form and returns to the page first asked for', async () => {
    await page.goto('/incidents/tasks?view=mine');
    await page.waitForURL('**/sessions/new');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is a required field').waitFor();
    await page.getByText('Password is a required field').waitFor();

    await page.getByLabel('Email', { exact: true }).fill(demoEmail('owner'));
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not sign in' }).waitFor();
    await screenshot(page, 'login-failed');

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/incidents/tasks?view=mine');
    await page.getByRole('heading', { name: 'Tasks' }).waitFor();
    await page.getByText('This area is coming soon.').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('logged_in'))).toBe('true');
    expect(await page.getByTestId('user-menu').textContent()).toContain('Demo Owner');
    await expectText(page.getByTestId('organization-name'), 'Demo Organization');

    const footer = page.getByTestId('app-footer');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Tocsin`);
    await footer.locator('[data-testid="footer-status"][data-indicator="none"]').waitFor();
    await footer.getByRole('link', { name: 'Privacy Policy' }).waitFor();
  });

  it('signs up in two steps through the emailed link: a new owner of a new organization, who lands signed in', async () => {
    const suffix = Math.random().toString(36).slice(2, 10);
    const email = `ada-${suffix}@example.com`;
    await page.goto('/registrations/new');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Name is a required field', { exact: true }).waitFor();
    await page.getByText('Email is a required field', { exact: true }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill(`Ada ${suffix}`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await screenshot(page, 'registration-step-1-sent');
    expect(await page.getByTestId('registration-sent').textContent()).toContain(`We sent a link to ${email} to finish creating your account.`);

    // the link, as the mailbox shows it
    await page.goto('/dev/mailbox');
    await expectText(page.getByText('Finish creating your Tocsin account').first(), 'Finish creating your Tocsin account');
    const { path } = await registrationLinkFor(app.url, email);
    await page.goto(path);
    expect(await page.getByTestId('registration-summary').textContent()).toBe(`Welcome, Ada ${suffix}. Choose a password for ${email} and name your organization.`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password is a required field').waitFor();
    await page.getByText('Organization name is a required field').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByLabel('Password confirmation', { exact: true }).fill('another-password');
    await page.getByLabel('Organization name', { exact: true }).fill(`Org ${suffix}`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText("Confirmation password doesn't match Password").waitFor();
    await page.getByLabel('Password confirmation', { exact: true }).fill('a-long-enough-password');
    await screenshot(page, 'registration-step-2-complete');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/signals/alerts');
    await expectText(page.getByTestId('organization-name'), `Org ${suffix}`);
    await page.getByRole('link', { name: 'Organization Notification Policy' }).waitFor();

    // the link works once: opened again it says so and offers to start again
    await page.goto(path);
    expect(await page.getByTestId('registration-link-problem').textContent()).toContain('This sign-up link has already been used. Sign in, or start again to get a new link.');
    await screenshot(page, 'registration-link-used');
    await page.getByRole('link', { name: 'Start again' }).click();
    await page.waitForURL('**/registrations/new');
    await page.goto('/registrations/00000000-0000-4000-8000-000000000000/complete?token=nope');
    expect(await page.getByTestId('registration-link-problem').textContent()).toContain('This sign-up link is not valid. Start again to get a new link.');
  });

  it('answers a password reset request without saying whether the account exists', async () => {
    await page.goto('/forgot_passwords/new');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    expect(await page.getByTestId('forgot-password-sent').textContent()).toContain('If an account exists for nobody@example.com');
  });

  it.each(Object.entries(NAV_EXPECTATIONS))('shows the %s the navigation of their role', async (role, { sees, misses }) => {
    await signIn(page, role as DemoRole);
    await page.waitForURL('**/signals/alerts');
    const paths = await navPaths(page);
    for (const path of sees) expect(paths).toContain(path);
    for (const path of misses) expect(paths).not.toContain(path);
    const policy = page.getByRole('link', { name: 'Organization Notification Policy' });
    expect(await policy.count()).toBe(role === 'owner' ? 1 : 0);
    await screenshot(page, `nav-${role}`);
  });

  it('moves a legacy address to its new home, query kept', async () => {
    await signIn(page, 'owner');
    await page.goto('/organizations/members?x=1');
    await page.waitForURL((url) => url.pathname === '/settings/users' && url.search === '?x=1');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.goto('/scheduled_maintenances/5/edit?from=mail');
    await page.waitForURL((url) => url.pathname === '/incidents/maintenances/5/edit' && url.search === '?from=mail');
  });

  it('sends a viewer who opens the notification policy to the unauthorized page, and back', async () => {
    await signIn(page, 'viewer');
    await page.goto('/signals/on_call_schedules');
    await page.getByRole('heading', { name: 'On-call Schedules' }).waitFor();
    await page.goto('/signals/notification_policy');
    await page.waitForURL((url) => url.pathname === '/unauthorized/manage_organization_notification_policies');
    await page.getByRole('heading', { name: "Oops! You don't have permission to access this page" }).waitFor();
    const required = await page.getByTestId('required-permission').textContent();
    expect(required).toContain('Manage organization notification policies');
    expect(required).toContain('manage_organization_notification_policies');
    await screenshot(page, 'unauthorized');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL('**/signals/on_call_schedules');
  });

  it('signs in and out of every tab at once', async () => {
    const other = await page.context().newPage();
    await other.goto('/sessions/new');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();

    await signIn(page, 'member');
    // The other tab saw logged_in change and reloaded under the new session.
    await other.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/sessions/new');
    await other.waitForURL('**/sessions/new');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await other.evaluate(() => window.localStorage.getItem('logged_in'))).toBe('false');
    // Signed out for real: the app sends a deep link back to sign-in.
    await other.goto('/incidents');
    await other.waitForURL('**/sessions/new');
  });

  it('follows a sign-in finished outside the app (?logged_in) in every tab', async () => {
    const other = await page.context().newPage();
    await other.goto('/sessions/new');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    // A server-side flow (single sign-on) sets the session cookie, then returns with ?logged_in.
    const response = await page.request.post('/sessions', { data: { email: demoEmail('viewer'), password: DEMO_PASSWORD } });
    expect(response.status()).toBe(201);
    await page.goto('/incidents?logged_in=1&tab=open');
    await page.waitForURL((url) => url.pathname === '/incidents' && url.search === '?tab=open');
    await other.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await other.evaluate(() => window.localStorage.getItem('logged_in'))).toBe('true');
  });

  it('offers the navigation, the teams and the user menu in the mobile menu', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'collaborator');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile navigation' });
    await menu.getByRole('link', { name: 'On-call Hours' }).waitFor();
    const teams = menu.getByRole('group', { name: 'Teams' });
    await teams.getByRole('link', { name: 'View all Teams' }).waitFor();
    // The demo users belong to no team yet.
    await teams.getByText('You are not a member of any teams').waitFor();
    const user = menu.getByRole('group', { name: 'User' });
    for (const name of ['Profile', 'API documentation']) await user.getByRole('link', { name }).waitFor();
    await user.scrollIntoViewIfNeeded();
    await screenshot(page, 'mobile-menu');
    await user.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sessions/new');
  });
});
