import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type TestApp } from '../support/app';
import { expectText, launchBrowser, newPage, screenshot } from '../support/browser';

/** The dev mailbox page: what a server without SMTP keeps instead of sending, for a developer to follow. */
describe('dev mailbox page', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
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

  it('lists kept mail newest first, filters by recipient, and follows a link from it', async () => {
    await page.goto('/dev/mailbox?to=member@demo.tocsin.dev');
    await expectText(page.getByTestId('mailbox-empty'), 'No mail to member@demo.tocsin.dev yet.');

    await request(app.url).post('/forgot_passwords').send({ email: 'member@demo.tocsin.dev' }).expect(202);
    await request(app.url).post('/forgot_passwords').send({ email: 'viewer@demo.tocsin.dev' }).expect(202);
    // the page polls: the member's mail appears without a reload, the viewer's stays filtered out
    const mail = page.getByTestId('mail');
    await mail.first().waitFor();
    expect(await mail.count()).toBe(1);
    expect(await mail.first().textContent()).toContain('To member@demo.tocsin.dev');
    await screenshot(page, 'dev-mailbox-filtered');

    await page.getByLabel('Recipient').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="mail"]').length === 2);
    expect(await mail.first().textContent()).toContain('To viewer@demo.tocsin.dev');
    expect(new URL(page.url()).search).toBe('');

    await page.getByLabel('Recipient').fill('member@demo.tocsin.dev');
    await mail.first().getByRole('link', { name: /\/password_resets\// }).click();
    await page.waitForURL('**/password_resets/**');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  });

  it('says there is no mailbox when the server sends over SMTP', async () => {
    const smtpApp = await startApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      await page.goto(`${smtpApp.url}/dev/mailbox`);
      await page.getByTestId('mailbox-off').getByText('No dev mailbox here').waitFor();
      await screenshot(page, 'dev-mailbox-off');
    } finally {
      await smtpApp.close();
    }
  });
});
