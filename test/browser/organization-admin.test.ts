import type { Page } from 'playwright-core';
import { newPage, screenshot, expectText, useBrowserSuite } from '../support/browser';
import { acceptLinkIn } from '../api/organization-admin.support';
import { apiCall, signIn } from './sign-in';
import { checkScreen } from '../support/accessibility';

/** Organization administration in the browser: invite by email, join from the link, change roles, roles, settings. */
describe('organization administration screens', () => {
  const suite = useBrowserSuite();

  let owner: Page;

  const navPaths = (target: Page) =>
    target
      .getByRole('navigation', { name: 'Main navigation' })
      .getByTestId('nav-item')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-path')));

  /** The newest email the dev mailbox holds for `to` (no SMTP_URL in tests). */
  async function mailTo(to: string): Promise<{ subject: string; text: string }> {
    const response = await fetch(`${suite.app.url}/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { data } = (await response.json()) as { data: Array<{ subject: string; text: string }> };
    if (data.length === 0) throw new Error(`no mail to ${to}`);
    return data[0];
  }

  beforeEach(async () => {
    owner = suite.page;
    await signIn(owner, 'owner');
  });

  it('invites by email; the invitee signs up from the link and joins; the owner changes their role', async () => {
    const email = `invitee-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await owner.goto('/settings/users');
    await owner.getByTestId('user-row').filter({ hasText: 'owner@demo.tocsin.dev' }).waitFor();
    await checkScreen(owner, 'org-admin-users');

    await owner.getByRole('link', { name: 'Invite users' }).click();
    await owner.waitForURL('**/settings/invitations/new');
    await owner.getByLabel('Email', { exact: true }).fill('not-an-email');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('Email must be a valid email').waitFor();
    await owner.getByLabel('Email', { exact: true }).fill('');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('Email is a required field').waitFor();
    await checkScreen(owner, 'org-admin-invite-errors');
    await owner.getByLabel('Email', { exact: true }).fill(email);
    await owner.getByRole('combobox', { name: 'Role' }).click();
    await owner.getByRole('option', { name: 'Collaborator' }).click();
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.waitForURL('**/settings/users');
    await owner.getByTestId('invitation-sent').filter({ hasText: email }).waitFor();
    await owner.getByTestId('invitation-row').filter({ hasText: email }).waitFor();
    await screenshot(owner, 'org-admin-invitation-pending');

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Demo Owner invited you to Demo Organization on Tocsin');
    const invitee = await newPage(suite.browser, suite.app.url);
    invitee.context().setDefaultTimeout(10_000);
    await invitee.goto(acceptLinkIn(mail.text));
    await expectText(
      invitee.getByTestId('invitation-summary'),
      'You are invited to join Demo Organization as collaborator.',
    );
    await invitee.getByRole('button', { name: 'Create account and join' }).click();
    await invitee.getByText('Name is a required field').waitFor();
    await invitee.getByText('Password is a required field').waitFor();
    await checkScreen(invitee, 'org-admin-accept-errors');
    await invitee.getByLabel('Name', { exact: true }).fill('Ivy Invitee');
    await invitee.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await invitee.getByRole('button', { name: 'Create account and join' }).click();
    await invitee.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expectText(invitee.getByTestId('organization-name'), 'Demo Organization');
    expect(await invitee.getByTestId('user-menu').textContent()).toContain('Ivy Invitee');
    expect(await navPaths(invitee)).not.toContain('/signals/sources');
    await screenshot(invitee, 'org-admin-invitee-joined');

    await owner.reload();
    const row = owner.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor();
    expect(await owner.getByTestId('invitation-row').filter({ hasText: email }).count()).toBe(0);
    const role = owner.getByRole('combobox', { name: 'Role of Ivy Invitee' });
    expect(await role.inputValue()).toBe('Collaborator');
    await role.click();
    await owner.getByRole('option', { name: 'Member' }).click();
    await owner.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[aria-label="Role of Ivy Invitee"]')?.value === 'Member',
    );
    await screenshot(owner, 'org-admin-role-changed');
    const users = (await (await apiCall(owner, 'GET', '/api/v1/users')).json()) as {
      data: Array<{ email: string; role: string }>;
    };
    expect(users.data.find((user) => user.email === email)?.role).toBe('member');

    await invitee.reload();
    await invitee.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await navPaths(invitee)).toContain('/signals/sources');

    await row.getByRole('link', { name: 'Edit' }).click();
    await owner.getByRole('heading', { name: 'Edit Ivy Invitee' }).waitFor();
    await checkScreen(owner, 'org-admin-user-edit');
    await owner.getByRole('button', { name: 'Remove from organization' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await owner.waitForURL('**/settings/users');
    await owner.getByTestId('user-row').filter({ hasText: 'owner@demo.tocsin.dev' }).waitFor();
    expect(await owner.getByTestId('user-row').filter({ hasText: email }).count()).toBe(0);
    await invitee.reload();
    await invitee.waitForURL('**/sessions/new');
    await invitee.context().close();
    // Two browsers and three argon2 sign-ups/sign-ins: longer than jest's default 30 s on a loaded 2-core machine.
  }, 60_000);

  it('shows the role matrix', async () => {
    await owner.goto('/settings/organization_roles');
    const manageUsers = owner.locator('[data-testid="permission-row"][data-permission="manage_users"]');
    await manageUsers.waitFor();
    expect(await manageUsers.locator('td[data-granted="true"]').count()).toBe(1);
    const readAlerts = owner.locator('[data-testid="permission-row"][data-permission="read_alerts"]');
    expect(await readAlerts.locator('td[data-granted="true"]').count()).toBe(4);
    await checkScreen(owner, 'org-admin-roles');
  });

  it('renames the organization and switches a feature flag, and the shell follows', async () => {
    await owner.goto('/settings/organization');
    const name = owner.getByLabel('Organization name', { exact: true });
    await name.fill('');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Name is a required field').waitFor();
    await name.fill('Night Watch');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.waitForFunction(
      () => document.querySelector('[data-testid="organization-name"]')?.textContent === 'Night Watch',
    );

    expect(await navPaths(owner)).toContain('/signals/alerts');
    await owner.getByRole('switch', { name: /^Signals/ }).click();
    await owner.waitForFunction(() => !document.querySelector('[data-testid="nav-item"][data-path="/signals/alerts"]'));
    await checkScreen(owner, 'org-admin-organization');
    await owner.getByRole('switch', { name: /^Signals/ }).click();
    await owner.locator('[data-testid="nav-item"][data-path="/signals/alerts"]').waitFor();
    await name.fill('Demo Organization');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.waitForFunction(
      () => document.querySelector('[data-testid="organization-name"]')?.textContent === 'Demo Organization',
    );
  });
});
