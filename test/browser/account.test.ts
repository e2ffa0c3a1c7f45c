import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { organizationCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { systemContext } from '../../apps/api/src/shared/request-context';
import { newPage, screenshot, expectText, SCREENSHOT_DIR, useBrowserSuite } from '../support/browser';
import { apiCall, signIn } from './sign-in';
import { signUp } from '../support/sign-up';
import { checkScreen } from '../support/accessibility';

const AVATAR_PNG = readFileSync(join(__dirname, '..', '..', 'apps', 'api', 'assets', 'thumb100.png'));
const FIRST_PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';

/** The account area against the real server (`npm run build:web` first). */
describe('account area', () => {
  const suite = useBrowserSuite();

  let seq = 0;

  /** A fresh user owning a fresh organization, so changing its password disturbs no other test. */
  async function newUser(label: string): Promise<{ email: string; userId: string }> {
    const email = `${label}-${Date.now()}-${seq++}@example.com`;
    const { body } = await signUp(suite.app.url, {
      name: `Browser ${label}`,
      email,
      password: FIRST_PASSWORD,
      organization_name: `${label} Org`,
    });
    return { email, userId: body.data.id };
  }

  it('refuses a wrong current password with the message, accepts the right one with a toast, then signs in with the new one', async () => {
    const { email } = await newUser('password');
    await signIn(suite.page, email, FIRST_PASSWORD);
    await suite.page.goto('/account/password_security');
    const form = suite.page.getByRole('main');
    await form.getByRole('button', { name: 'Update password' }).click();
    expect(await form.getByText('Required', { exact: true }).count()).toBe(3);

    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Update password' }).click();
    await expectText(suite.page.getByTestId('password-error'), 'Current password is invalid');
    await screenshot(suite.page, 'account-password-wrong-current');

    await form.getByLabel('Current password', { exact: true }).fill(FIRST_PASSWORD);
    await form.getByRole('button', { name: 'Update password' }).click();
    await suite.page.getByTestId('toast').getByText('Your password has been updated').waitFor();
    await checkScreen(suite.page, 'account-password-updated');
    expect(await form.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    const next = await newPage(suite.browser, suite.app.url);
    await signIn(next, email, NEW_PASSWORD);
    await next.context().close();
  });

  it('sets the current organization as the default, marking it Default in the account navigation', async () => {
    const { email, userId } = await newUser('default');
    const { position } = await suite.app.app
      .get(Commands)
      .run(
        organizationCommand(
          { type: 'AddMember', organizationId: 'org-demo', userId, role: 'member' },
          systemContext('org-demo'),
        ),
      );
    await suite.app.runtime.runner!.waitFor(position!);
    await signIn(suite.page, email, FIRST_PASSWORD);
    expect((await apiCall(suite.page, 'PUT', '/api/v1/me/organization', { organization_id: 'org-demo' })).status).toBe(
      200,
    );

    await suite.page.goto('/account/organization_settings');
    const accountNav = suite.page.getByRole('navigation', { name: 'Account' });
    await accountNav.getByRole('link', { name: 'Demo Organization' }).waitFor();
    expect(await accountNav.getByText('Default').count()).toBe(0);
    await suite.page.getByRole('button', { name: 'Set as default organization' }).click();
    await suite.page.getByTestId('toast').getByText('Your default organization has been updated').waitFor();
    await suite.page.getByTestId('default-organization').getByText('Default', { exact: true }).waitFor();
    await accountNav.getByText('Default', { exact: true }).waitFor();
    expect(await suite.page.getByRole('button', { name: 'Set as default organization' }).count()).toBe(0);
    await checkScreen(suite.page, 'account-organization-settings-default');
    const me = await (await apiCall(suite.page, 'GET', '/api/v1/me')).json();
    expect(me.data.user.defaultOrganization).toBe('org-demo');
  });

  it('copies the calendar subscription URL, confirming for a moment, and links accounts through their authorization', async () => {
    await suite.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const { email } = await newUser('calendar');
    await signIn(suite.page, email, FIRST_PASSWORD);
    await suite.page.goto('/account/organization_settings');
    const address = await suite.page.getByLabel('Calendar subscription URL').inputValue();
    expect(address).toMatch(new RegExp(`^${suite.app.url}/calendars/[A-Za-z0-9_-]{32}\\.ics$`));
    await suite.page.getByRole('button', { name: 'Copy URL' }).click();
    await suite.page.getByTestId('toast').getByText('Copied to clipboard').waitFor();
    await screenshot(suite.page, 'account-calendar-copied');
    expect(await suite.page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await suite.page.getByRole('button', { name: 'Copy URL' }).waitFor();
    const feed = await fetch(address);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);

    const slack = await suite.page.getByRole('link', { name: 'Link Slack' }).getAttribute('href');
    const orgId = (await (await apiCall(suite.page, 'GET', '/api/v1/me')).json()).data.organization.id;
    expect(slack).toBe(`/org/${orgId}/integrations/slack/oauth/for_authorization`);
  });

  it('shows a toast where it covers nothing in the header, at 1440 and 390 px', async () => {
    await suite.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const { email } = await newUser('toast');
    await signIn(suite.page, email, FIRST_PASSWORD);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await suite.page.setViewportSize(viewport);
      await suite.page.goto('/account/organization_settings');
      await suite.page.getByRole('button', { name: 'Copy URL' }).click();
      const toast = suite.page.getByTestId('toast').filter({ hasText: 'Copied to clipboard' });
      await toast.waitFor();
      const [toastBox, headerBox] = [await toast.boundingBox(), await suite.page.getByRole('banner').boundingBox()];
      expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
      expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(viewport.height);
      // a trial click fails when another element (the toast) would take it
      const header = suite.page.getByRole('banner');
      const targets =
        viewport.width > 500
          ? [header.getByRole('button', { name: 'Teams' }), header.getByTestId('user-menu')]
          : [header.getByRole('button', { name: 'Open the menu' })];
      for (const target of targets) await target.click({ trial: true, timeout: 2000 });
      await suite.page.screenshot({ path: join(SCREENSHOT_DIR, `toast-copied-${viewport.width}.png`) });
      await toast.waitFor({ state: 'detached' });
    }
    await suite.page.setViewportSize({ width: 1440, height: 900 });
  });

  it('uploads an avatar, refuses an unsupported file with the spec message, and sends other account paths to the profile', async () => {
    const { email } = await newUser('avatar');
    await signIn(suite.page, email, FIRST_PASSWORD);
    await suite.page.goto('/account/somewhere_else');
    await suite.page.waitForURL('**/account/edit');
    const input = suite.page.getByLabel('Profile picture file');
    await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expectText(
      suite.page.getByTestId('avatar-problem'),
      'File type not supported. Allowed: .png, .jpg, .jpeg, .svg',
    );
    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expectText(suite.page.getByTestId('avatar-problem'), 'Failed to load image for dimension validation');

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    await suite.page.getByTestId('toast').getByText('Your profile picture has been updated').waitFor();
    const avatar = suite.page.getByRole('img', { name: "Browser avatar's avatar" });
    await suite.page.waitForFunction(() =>
      /\/avatars\/[^/]+\/[0-9a-f-]{36}\.png$/.test(
        document.querySelector('img[alt$="avatar"]')?.getAttribute('src') ?? '',
      ),
    );
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(100);
    await checkScreen(suite.page, 'account-profile-avatar');
  });
  it('resets a forgotten password from the emailed link, then signs in with the new one', async () => {
    const { email } = await newUser('reset');
    await suite.page.goto('/forgot_passwords/new');
    await suite.page.getByLabel('Email', { exact: true }).fill(email);
    await suite.page.getByRole('button', { name: 'Send reset instructions' }).click();
    await suite.page.getByTestId('forgot-password-sent').waitFor();
    const mail = (await request(suite.app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body
      .data[0];
    const link = /https?:\/\/\S+\/password_resets\/[A-Za-z0-9_-]+/.exec(mail.text)![0];

    await suite.page.goto(link);
    await suite.page.getByLabel('New password', { exact: true }).fill('short');
    await suite.page.getByLabel('Confirm new password', { exact: true }).fill('shorter');
    await suite.page.getByRole('button', { name: 'Set new password' }).click();
    await suite.page
      .getByText("Password is too short (minimum is 8 characters). Confirmation password doesn't match Password")
      .waitFor();
    await suite.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await suite.page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await suite.page.getByRole('button', { name: 'Set new password' }).click();
    await suite.page.getByTestId('password-reset-done').waitFor();
    await checkScreen(suite.page, 'account-password-reset-done');
    await signIn(suite.page, email, NEW_PASSWORD);
  });
  it('asks before leaving a changed profile or password form, and not once the profile is saved', async () => {
    const { email } = await newUser('unsaved');
    await signIn(suite.page, email, FIRST_PASSWORD);
    const dialogs: Array<{ type: string; message: string }> = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    suite.page.on('dialog', (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      return answer === 'accept' ? dialog.accept() : dialog.dismiss();
    });
    const account = suite.page.getByRole('navigation', { name: 'Account' });
    await suite.page.goto('/account/edit');
    const name = suite.page.getByLabel('Name');
    await expectText(suite.page.getByRole('heading', { level: 1 }), 'Profile');
    expect(await name.inputValue()).toBe('Browser unsaved');

    await name.fill('Browser unsaved, renamed');
    const asked = suite.page.waitForEvent('dialog');
    await account.getByRole('link', { name: 'Password & Security' }).click();
    await asked;
    expect(dialogs).toEqual([
      { type: 'confirm', message: "Are you sure you want to navigate away? You'll lose your changes." },
    ]);
    expect(new URL(suite.page.url()).pathname).toBe('/account/edit');
    expect(await name.inputValue()).toBe('Browser unsaved, renamed');
    await screenshot(suite.page, 'account-profile-unsaved-changes-kept');

    // saved, the form holds nothing to lose
    await suite.page.getByRole('button', { name: 'Save', exact: true }).click();
    await suite.page.getByTestId('toast').getByText('Your profile has been updated').waitFor();
    await account.getByRole('link', { name: 'Password & Security' }).click();
    await suite.page.waitForURL('**/account/password_security');
    expect(dialogs).toHaveLength(1);

    // the password form asks too; leaving anyway goes
    await suite.page.getByLabel('Current password').fill('half-typed');
    answer = 'accept';
    await account.getByRole('link', { name: 'Profile' }).click();
    await suite.page.waitForURL('**/account/edit');
    expect(dialogs.map((d) => d.message)).toEqual([
      "Are you sure you want to navigate away? You'll lose your changes.",
      "Are you sure you want to navigate away? You'll lose your changes.",
    ]);
    expect(await name.inputValue()).toBe('Browser unsaved, renamed');
  });

  it('changes the sign-in email only through the link mailed to the new address, refusing one another account uses', async () => {
    const { email } = await newUser('email');
    const other = await newUser('email-other');
    await signIn(suite.page, email, FIRST_PASSWORD);
    await suite.page.goto('/account/edit');
    const section = suite.page.getByTestId('email-change');
    await section.getByRole('button', { name: 'Change email' }).click();
    const newEmail = section.getByLabel('New email');
    const password = section.getByLabel('Current password');
    const send = section.getByRole('button', { name: 'Send confirmation link' });

    await newEmail.fill(other.email);
    await password.fill(FIRST_PASSWORD);
    await send.click();
    await section.getByText('This email address is already used by another account.').waitFor();
    await screenshot(suite.page, 'account-email-taken');
    // the typed address is unsaved input: leaving asks first (dismissed: stays)
    const asked = new Promise<string>((resolve) =>
      suite.page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))),
    );
    await suite.page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Password & Security' })
      .click();
    expect(await asked).toBe("Are you sure you want to navigate away? You'll lose your changes.");
    expect(new URL(suite.page.url()).pathname).toBe('/account/edit');

    const next = `moved-${Date.now()}-${seq++}@example.com`;
    await newEmail.fill(next);
    await send.click();
    await suite.page.getByTestId('toast').getByText(`We sent a confirmation link to ${next}`).waitFor();
    await expectText(
      section.getByTestId('pending-email'),
      `We sent a link to ${next}. Your email changes once you follow it (within 24 hours).`,
    );
    expect(await section.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await screenshot(suite.page, 'account-email-pending');

    const mail = (await request(suite.app.url).get('/api/v1/dev/mailbox').query({ to: next }).expect(200)).body
      .data[0] as { subject: string; text: string };
    expect(mail.subject).toBe('Confirm your new Tocsin email');
    const link = /https?:\/\/\S+\/email_changes\/[A-Za-z0-9_-]+\/confirm/.exec(mail.text)![0];
    await suite.page.goto(link);
    await expectText(
      suite.page.getByTestId('email-changed').locator('.mantine-Alert-message'),
      `You now sign in with ${next}.`,
    );
    await screenshot(suite.page, 'account-email-confirmed');
    await suite.page.getByRole('link', { name: 'Go to your profile' }).click();
    await suite.page.waitForURL('**/account/edit');
    await suite.page.waitForFunction(
      (value) =>
        (document.querySelector('[data-testid="email-change"] input') as HTMLInputElement | null)?.value === value,
      next,
    );
    expect(await suite.page.getByTestId('pending-email').count()).toBe(0);

    const notice = (await request(suite.app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body
      .data[0] as { subject: string };
    expect(notice.subject).toBe('Your Tocsin email was changed');
    // the link works once
    await suite.page.goto(link);
    await expectText(
      suite.page.getByTestId('email-change-failed').locator('.mantine-Alert-message'),
      'This email confirmation link is invalid or has expired. Change your email again from your profile.',
    );
  });
});
