import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import { AccountCommands } from '../../apps/api/src/identity/account-commands';
import { systemContext } from '../../apps/api/src/shared/request-context';
import { startApp, type TestApp } from '../support/app';
import { launchBrowser, newPage, screenshot, expectText } from '../support/browser';
import { apiCall } from './sign-in';
import { signUp } from '../support/sign-up';

const WEB_INDEX = join(__dirname, '..', '..', 'apps', 'web', 'dist', 'index.html');
const AVATAR_PNG = readFileSync(join(__dirname, '..', '..', 'apps', 'api', 'assets', 'thumb100.png'));
const FIRST_PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';

/** The account area against the real server (`npm run build:web` first). */
describe('account area', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let seq = 0;

  /** A fresh user owning a fresh organization, so changing its password disturbs no other test. */
  async function newUser(label: string): Promise<{ email: string; userId: string }> {
    const email = `${label}-${Date.now()}-${seq++}@example.com`;
    const { body } = await signUp(app.url, { name: `Browser ${label}`, email, password: FIRST_PASSWORD, organization_name: `${label} Org` });
    return { email, userId: body.data.id };
  }

  async function signIn(target: Page, email: string, password: string) {
    await target.goto('/sessions/new');
    await target.getByLabel('Email', { exact: true }).fill(email);
    await target.getByLabel('Password', { exact: true }).fill(password);
    await target.getByRole('button', { name: 'Sign in' }).click();
    await target.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  }

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
    page.context().setDefaultTimeout(10_000);
  });
  afterEach(() => page.context().close());

  it('refuses a wrong current password with the message, accepts the right one with a toast, then signs in with the new one', async () => {
    const { email } = await newUser('password');
    await signIn(page, email, FIRST_PASSWORD);
    await page.goto('/account/password_security');
    const form = page.getByRole('main');
    await form.getByRole('button', { name: 'Update password' }).click();
    expect(await form.getByText('Required', { exact: true }).count()).toBe(3);

    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Update password' }).click();
    await expectText(page.getByTestId('password-error'), 'Current password is invalid');
    await screenshot(page, 'account-password-wrong-current');

    await form.getByLabel('Current password', { exact: true }).fill(FIRST_PASSWORD);
    await form.getByRole('button', { name: 'Update password' }).click();
    await page.getByTestId('toast').getByText('Your password has been updated').waitFor();
    await screenshot(page, 'account-password-updated');
    expect(await form.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    const next = await newPage(browser, app.url);
    await signIn(next, email, NEW_PASSWORD);
    await next.context().close();
  });

  it('sets the current organization as the default, marking it Default in the account navigation', async () => {
    const { email, userId } = await newUser('default');
    const { position } = await app.app.get(AccountCommands).organization({ type: 'AddMember', organizationId: 'org-demo', userId, role: 'member' }, systemContext('org-demo'));
    await app.runtime.runner!.waitFor(position!);
    await signIn(page, email, FIRST_PASSWORD);
    expect((await apiCall(page, 'PUT', '/api/v1/me/organization', { organization_id: 'org-demo' })).status).toBe(200);

    await page.goto('/account/organization_settings');
    const accountNav = page.getByRole('navigation', { name: 'Account' });
    await accountNav.getByRole('link', { name: 'Demo Organization' }).waitFor();
    expect(await accountNav.getByText('Default').count()).toBe(0);
    await page.getByRole('button', { name: 'Set as default organization' }).click();
    await page.getByTestId('toast').getByText('Your default organization has been updated').waitFor();
    await page.getByTestId('default-organization').getByText('Default', { exact: true }).waitFor();
    await accountNav.getByText('Default', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Set as default organization' }).count()).toBe(0);
    await screenshot(page, 'account-organization-settings-default');
    const me = await (await apiCall(page, 'GET', '/api/v1/me')).json();
    expect(me.data.user.defaultOrganization).toBe('org-demo');
  });

  it('copies the calendar subscription URL, confirming for a moment, and links accounts through their authorization', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const { email } = await newUser('calendar');
    await signIn(page, email, FIRST_PASSWORD);
    await page.goto('/account/organization_settings');
    const address = await page.getByLabel('Calendar subscription URL').inputValue();
    expect(address).toMatch(new RegExp(`^${app.url}/calendars/[A-Za-z0-9_-]{32}\\.ics$`));
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByRole('button', { name: 'Copied to clipboard' }).waitFor();
    await screenshot(page, 'account-calendar-copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await page.getByRole('button', { name: 'Copy URL' }).waitFor();
    const feed = await fetch(address);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);

    const slack = await page.getByRole('link', { name: 'Link Slack' }).getAttribute('href');
    const orgId = (await (await apiCall(page, 'GET', '/api/v1/me')).json()).data.organization.id;
    expect(slack).toBe(`/org/${orgId}/integrations/slack/oauth/for_authorization`);
  });

  it('uploads an avatar, refuses an unsupported file with the spec message, and sends other account paths to the profile', async () => {
    const { email } = await newUser('avatar');
    await signIn(page, email, FIRST_PASSWORD);
    await page.goto('/account/somewhere_else');
    await page.waitForURL('**/account/edit');
    const input = page.getByLabel('Profile picture file');
    await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expectText(page.getByTestId('avatar-problem'), 'File type not supported. Allowed: .png, .jpg, .jpeg, .svg');
    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expectText(page.getByTestId('avatar-problem'), 'Failed to load image for dimension validation');

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    await page.getByTestId('toast').getByText('Your profile picture has been updated').waitFor();
    const avatar = page.getByRole('img', { name: "Browser avatar's avatar" });
    await page.waitForFunction(() => /\/avatars\/[^/]+\/[0-9a-f-]{36}\.png$/.test(document.querySelector('img[alt$="avatar"]')?.getAttribute('src') ?? ''));
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(100);
    await screenshot(page, 'account-profile-avatar');
  });
  it('resets a forgotten password from the emailed link, then signs in with the new one', async () => {
    const { email } = await newUser('reset');
    await page.goto('/forgot_passwords/new');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await page.getByTestId('forgot-password-sent').waitFor();
    const mail = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data[0];
    const link = /https?:\/\/\S+\/password_resets\/[A-Za-z0-9_-]+/.exec(mail.text)![0];

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password', { exact: true }).fill('shorter');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText("Password is too short (minimum is 8 characters). Confirmation password doesn't match Password").waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('password-reset-done').waitFor();
    await screenshot(page, 'account-password-reset-done');
    await signIn(page, email, NEW_PASSWORD);
  });
  it('asks before leaving a changed profile or password form, and not once the profile is saved', async () => {
    const { email } = await newUser('unsaved');
    await signIn(page, email, FIRST_PASSWORD);
    const dialogs: Array<{ type: string; message: string }> = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      return answer === 'accept' ? dialog.accept() : dialog.dismiss();
    });
    const account = page.getByRole('navigation', { name: 'Account' });
    await page.goto('/account/edit');
    const name = page.getByLabel('Name');
    await expectText(page.getByRole('heading', { level: 1 }), 'Profile');
    expect(await name.inputValue()).toBe('Browser unsaved');

    await name.fill('Browser unsaved, renamed');
    const asked = page.waitForEvent('dialog');
    await account.getByRole('link', { name: 'Password & Security' }).click();
    await asked;
    expect(dialogs).toEqual([{ type: 'confirm', message: "Are you sure you want to navigate away? You'll lose your changes." }]);
    expect(new URL(page.url()).pathname).toBe('/account/edit');
    expect(await name.inputValue()).toBe('Browser unsaved, renamed');
    await screenshot(page, 'account-profile-unsaved-changes-kept');

    // saved, the form holds nothing to lose
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your profile has been updated').waitFor();
    await account.getByRole('link', { name: 'Password & Security' }).click();
    await page.waitForURL('**/account/password_security');
    expect(dialogs).toHaveLength(1);

    // the password form asks too; leaving anyway goes
    await page.getByLabel('Current password').fill('half-typed');
    answer = 'accept';
    await account.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/account/edit');
    expect(dialogs.map((d) => d.message)).toEqual(["Are you sure you want to navigate away? You'll lose your changes.", "Are you sure you want to navigate away? You'll lose your changes."]);
    expect(await name.inputValue()).toBe('Browser unsaved, renamed');
  });

  it('changes the sign-in email only through the link mailed to the new address, refusing one another account uses', async () => {
    const { email } = await newUser('email');
    const other = await newUser('email-other');
    await signIn(page, email, FIRST_PASSWORD);
    await page.goto('/account/edit');
    const section = page.getByTestId('email-change');
    await section.getByRole('button', { name: 'Change email' }).click();
    const newEmail = section.getByLabel('New email');
    const password = section.getByLabel('Current password');
    const send = section.getByRole('button', { name: 'Send confirmation link' });

    await newEmail.fill(other.email);
    await password.fill(FIRST_PASSWORD);
    await send.click();
    await section.getByText('This email address is already used by another account.').waitFor();
    await screenshot(page, 'account-email-taken');
    // the typed address is unsaved input: leaving asks first (dismissed: stays)
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Password & Security' }).click();
    expect(await asked).toBe("Are you sure you want to navigate away? You'll lose your changes.");
    expect(new URL(page.url()).pathname).toBe('/account/edit');

    const next = `moved-${Date.now()}-${seq++}@example.com`;
    await newEmail.fill(next);
    await send.click();
    await page.getByTestId('toast').getByText(`We sent a confirmation link to ${next}`).waitFor();
    await expectText(section.getByTestId('pending-email'), `We sent a link to ${next}. Your email changes once you follow it (within 24 hours).`);
    expect(await section.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await screenshot(page, 'account-email-pending');

    const mail = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: next }).expect(200)).body.data[0] as { subject: string; text: string };
    expect(mail.subject).toBe('Confirm your new Tocsin email');
    const link = /https?:\/\/\S+\/email_changes\/[A-Za-z0-9_-]+\/confirm/.exec(mail.text)![0];
    await page.goto(link);
    await expectText(page.getByTestId('email-changed').locator('.mantine-Alert-message'), `You now sign in with ${next}.`);
    await screenshot(page, 'account-email-confirmed');
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.waitForURL('**/account/edit');
    await page.waitForFunction((value) => (document.querySelector('[data-testid="email-change"] input') as HTMLInputElement | null)?.value === value, next);
    expect(await page.getByTestId('pending-email').count()).toBe(0);

    const notice = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data[0] as { subject: string };
    expect(notice.subject).toBe('Your Tocsin email was changed');
    // the link works once
    await page.goto(link);
    await expectText(
      page.getByTestId('email-change-failed').locator('.mantine-Alert-message'),
      'This email confirmation link is invalid or has expired. Change your email again from your profile.',
    );
  });
});
