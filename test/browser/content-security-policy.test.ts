import type { Page } from 'playwright-core';
import request from 'supertest';
import { expectText, useBrowserSuite } from '../support/browser';
import { signIn } from './sign-in';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

/** The security headers' policy must let the built app do everything it does: it is checked here, in a real browser. */
describe('content security policy in the browser', () => {
  const suite = useBrowserSuite();

  it('runs the app, its window flags, live sockets, the dev mailbox and the API docs without one violation', async () => {
    const violations = await recordViolations(suite.page);
    await signIn(suite.page, 'owner');
    // the server's inline window-flag script ran (allowed by its hash)
    expect(
      await suite.page.evaluate(() => (window as unknown as Record<string, unknown>).SIMPLE_PHONE_VERIFICATION),
    ).toBe('false');

    await suite.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Ops' }).click();
    await suite.page.getByTestId('component-event_store').getByText('Healthy').waitFor();
    // the socket connected (ws: under connect-src)
    await suite.page.locator('[data-testid="connection-badge"][data-state="connected"]').waitFor();
    await suite.page.goto('/account/edit');
    await expectText(suite.page.getByRole('heading', { level: 1 }), 'Profile');
    await suite.page.goto('/dev/mailbox');
    await suite.page.getByLabel('Recipient').waitFor();
    await suite.page.goto('/api/docs');
    await suite.page.locator('.swagger-ui .info').waitFor();

    expect(violations).toEqual([]);
  });

  it('shows the server sentence for a common password on the reset page, which sends no referrer', async () => {
    const violations = await recordViolations(suite.page);
    await request(suite.app.url).post('/forgot_passwords').send({ email: 'viewer@demo.tocsin.dev' }).expect(202);
    const mail = (
      await request(suite.app.url).get('/api/v1/dev/mailbox').query({ to: 'viewer@demo.tocsin.dev' }).expect(200)
    ).body.data[0];
    const link = /https?:\/\/\S+\/password_resets\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const page = await suite.page.goto(link);
    expect(page!.headers()['referrer-policy']).toBe('no-referrer');
    await suite.page.getByLabel('New password', { exact: true }).fill('password123');
    await suite.page.getByLabel('Confirm new password', { exact: true }).fill('password123');
    await suite.page.getByRole('button', { name: 'Set new password' }).click();
    await suite.page.getByText('Password is too common: choose one that others are unlikely to use').waitFor();
    expect(violations).toEqual([]);
  });
});
