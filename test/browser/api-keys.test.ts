import { API_KEYS_API } from '@tocsin/contracts';
import { API_KEY_MESSAGES } from '@tocsin/domain';
import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { demoUserId } from '../support/paging';
import { signInAs } from '../support/session';
import { signIn } from './sign-in';

/**
 * API keys (`/settings/api_keys`, issue 22; `npm run build:web` first): a new key's secret is shown once with a
 * warning and a copy button; a program's request with it shows as the key's last use; revoked after asking, the
 * key is refused; a rotation keeps the old secret for the overlap chosen.
 */
describe('API key screens', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const name = `Terraform ${Date.now().toString(36)}`;

  beforeAll(() => signIn(suite.page, 'owner'));

  it('creates a key shown once, shows its last use after a request, rotates it with an overlap, and revokes it so it is refused', async () => {
    const page = suite.page;
    await page.goto('/settings/api_keys');
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByRole('button', { name: 'Create API key' }).click();
    await form.getByText('name is a required field').waitFor();
    await form.getByText('scopes must name at least one permission').waitFor();
    await form.getByLabel(/^Name/).fill(name);
    await form.getByRole('button', { name: 'All read permissions' }).click();
    await checkScreen(page, 'settings-api-key-new');
    await form.getByRole('button', { name: 'Create API key' }).click();

    const shown = page.getByRole('dialog', { name: `Secret of ${name}` });
    const secret = ((await shown.getByTestId('api-key-secret-value').textContent()) ?? '').trim();
    expect(secret).toMatch(/^tocsin_[A-Za-z0-9_-]{43}$/);
    await shown.getByText('This is the only time the secret is shown').waitFor();
    await shown.getByRole('button', { name: 'Copy secret' }).waitFor();
    await checkScreen(page, 'settings-api-key-created');
    await shown.getByRole('button', { name: 'Done' }).click();

    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await expectText(row.getByText('Active', { exact: true }), 'Active');
    // shown once: the list names only the secret's last characters
    expect(await page.getByText(secret).count()).toBe(0);
    await row.getByText(`…${secret.slice(-4)}`).waitFor();

    // a program calls with the key: no cookie, no CSRF; its last use shows, with its address
    const call = () => fetch(`${suite.app.url}/api/v1/teams`, { headers: { Authorization: `Bearer ${secret}` } });
    expect((await call()).status).toBe(200);
    await page.reload();
    await row.getByText(/^from /).waitFor();
    await row.locator('time').first().waitFor();
    await checkScreen(page, 'settings-api-keys');

    // rotated with an hour's overlap: the new secret shown once, the old one still works meanwhile
    await row.getByRole('button', { name: `Rotate ${name}` }).click();
    const rotation = page.getByRole('dialog', { name: `Rotate ${name}?` });
    await rotation.getByRole('combobox', { name: 'The old secret' }).click();
    await page.getByRole('option', { name: 'Keep the old secret for 1 hour' }).click();
    await checkScreen(page, 'settings-api-key-rotate');
    await rotation.getByRole('button', { name: 'Rotate key' }).click();
    const rotated = page.getByRole('dialog', { name: `New secret of ${name}` });
    const next = ((await rotated.getByTestId('api-key-secret-value').textContent()) ?? '').trim();
    expect(next).toMatch(/^tocsin_/);
    expect(next).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expectText(row.getByText('Rotating', { exact: true }), 'Rotating');
    const callWith = (value: string) =>
      fetch(`${suite.app.url}/api/v1/teams`, { headers: { Authorization: `Bearer ${value}` } });
    expect((await callWith(secret)).status).toBe(200);
    expect((await callWith(next)).status).toBe(200);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke ${name}?` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expectText(row.getByText('Revoked', { exact: true }), 'Revoked');
    expect((await call()).status).toBe(401);
    expect((await callWith(next)).status).toBe(401);
  }, 90_000);

  it("offers no rotation of another owner's key (its new secret would act as them), only its revocation", async () => {
    const page = suite.page;
    const owner = await signInAs(suite.app.url, 'owner');
    const memberId = demoUserId('member');
    await owner.patch(`/api/v1/users/${memberId}`).send({ role: 'owner' }).expect(200);
    try {
      const other = await signInAs(suite.app.url, 'member');
      const theirs = `Theirs ${Date.now().toString(36)}`;
      await other
        .post(API_KEYS_API)
        .send({ name: theirs, scopes: ['read_teams'] })
        .expect(201);
      await page.goto('/settings/api_keys');
      const row = page.getByTestId('api-key-row').filter({ hasText: theirs });
      await row.getByRole('button', { name: `Revoke ${theirs}` }).waitFor();
      const rotate = row.getByRole('button', { name: `Rotate ${theirs}` });
      expect(await rotate.getAttribute('aria-disabled')).toBe('true');
      await rotate.hover();
      await page.getByText(API_KEY_MESSAGES.rotateOthers).waitFor();
    } finally {
      await owner.patch(`/api/v1/users/${memberId}`).send({ role: 'member' }).expect(200);
    }
  });
});
