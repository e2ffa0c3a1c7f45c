import request from 'supertest';
import { startApp } from '../support/app';
import { expectText, screenshot, useBrowserSuite } from '../support/browser';
import { checkScreen } from '../support/accessibility';

/** The dev mailbox page: what a server without SMTP keeps instead of sending, for a developer to follow. */
describe('dev mailbox page', () => {
  const suite = useBrowserSuite();

  it('lists kept mail newest first, filters by recipient, and follows a link from it', async () => {
    await suite.page.goto('/dev/mailbox?to=member@demo.tocsin.dev');
    await expectText(suite.page.getByTestId('mailbox-empty'), 'No mail to member@demo.tocsin.dev yet.');

    await request(suite.app.url).post('/forgot_passwords').send({ email: 'member@demo.tocsin.dev' }).expect(202);
    await request(suite.app.url).post('/forgot_passwords').send({ email: 'viewer@demo.tocsin.dev' }).expect(202);
    // the page polls: the member's mail appears without a reload, the viewer's stays filtered out
    const mail = suite.page.getByTestId('mail');
    await mail.first().waitFor();
    expect(await mail.count()).toBe(1);
    expect(await mail.first().textContent()).toContain('To member@demo.tocsin.dev');
    await checkScreen(suite.page, 'dev-mailbox-filtered');

    await suite.page.getByLabel('Recipient').fill('');
    await suite.page.waitForFunction(() => document.querySelectorAll('[data-testid="mail"]').length === 2);
    expect(await mail.first().textContent()).toContain('To viewer@demo.tocsin.dev');
    expect(new URL(suite.page.url()).search).toBe('');

    await suite.page.getByLabel('Recipient').fill('member@demo.tocsin.dev');
    await mail
      .first()
      .getByRole('link', { name: /\/password_resets\// })
      .click();
    await suite.page.waitForURL('**/password_resets/**');
    await suite.page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  });

  it('says there is no mailbox when the server sends over SMTP', async () => {
    const smtpApp = await startApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      await suite.page.goto(`${smtpApp.url}/dev/mailbox`);
      await suite.page.getByTestId('mailbox-off').getByText('No dev mailbox here').waitFor();
      await screenshot(suite.page, 'dev-mailbox-off');
    } finally {
      await smtpApp.close();
    }
  });
});
