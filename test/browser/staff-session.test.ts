import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { expectText, launchBrowser, newPage, screenshot } from '../support/browser';
import { registrationLinkFor } from '../support/sign-up';

const WEB_INDEX = join(process.env.WEB_DIST ?? join(__dirname, '..', '..', 'apps', 'web', 'dist'), 'index.html');
const OPERATOR = 'staff-operator@tocsin.example';

/** SPEC.md section 2: staff sessions show a red banner whose link to /sessions exits staff access. */
describe('staff session banner', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(WEB_INDEX)) throw new Error(`${WEB_INDEX} is missing: build the web app first (npm run build:web).`);
    app = await startApp({ env: { ADMIN_EMAILS: OPERATOR } });
    browser = await launchBrowser();
    page = await newPage(browser, app.url);
    page.context().setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('enters a customer organization as staff, shows the red banner, and its exit link returns the operator home', async () => {
    // the operator signs up with their own organization (this signs the browser in)
    expect((await page.request.post('/registrations', { data: { name: 'Olga Operator', email: OPERATOR } })).status()).toBe(202);
    const { id, token } = await registrationLinkFor(app.url, OPERATOR);
    const completed = await page.request.post(`/registrations/${id}/complete`, {
      data: { token, password: 'long-enough-secret', password_confirmation: 'long-enough-secret', organization_name: 'Tocsin Support' },
    });
    expect(completed.status()).toBe(201);
    await page.goto('/incidents');
    await expectText(page.getByTestId('organization-name'), 'Tocsin Support');
    expect(await page.getByTestId('staff-banner').count()).toBe(0);

    const csrf = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)!.value;
    const entered = await page.request.post('/api/v1/staff_sessions', { data: { organization_id: 'org-demo' }, headers: { [CSRF_HEADER]: csrf } });
    expect(entered.status()).toBe(201);
    await page.goto('/incidents');
    const banner = page.getByTestId('staff-banner');
    await expectText(banner.getByText('You are in a staff session.'), 'You are in a staff session.');
    await expectText(page.getByTestId('organization-name'), 'Demo Organization');
    const [red, green, blue] = (await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(red).toBeGreaterThan(200);
    expect(Math.max(green, blue)).toBeLessThan(100);
    await screenshot(page, 'staff-session-banner');

    await banner.getByRole('link', { name: 'Exit staff access' }).click();
    await page.waitForURL((url) => url.pathname !== '/sessions');
    await expectText(page.getByTestId('organization-name'), 'Tocsin Support');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.getByTestId('staff-banner').count()).toBe(0);
    await screenshot(page, 'staff-session-exited');
  });
});
