import type { Page } from 'playwright-core';
import { SSO_ACCOUNT_NOTICE } from '@tocsin/domain';
import { expectText, newPage, screenshot, useBrowserSuite } from '../support/browser';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc';
import { signIn } from './sign-in';

const DOMAIN = 'sso-browser.test';

/** Single sign-on in chromium through a real local OpenID Connect provider's login page (built web app first). */
describe('single sign-on in the browser', () => {
  const suite = useBrowserSuite({ page: 'none' });

  let idp: TestIdentityProvider;
  const pages: Page[] = [];

  async function open(): Promise<Page> {
    const page = await newPage(suite.browser, suite.app.url);
    pages.push(page);
    return page;
  }

  beforeAll(async () => {
    idp = await startIdentityProvider(`${suite.app.url}/sessions/sso/callback`);
  });
  afterAll(async () => {
    for (const page of pages) await page.context().close();
    await idp?.stop();
  });

  it('lets the owner set it up at the legacy path, which opens /settings/sso/edit', async () => {
    const page = await open();
    await signIn(page, 'owner');
    await page.goto('/organizations/sso/settings/edit');
    await page.waitForURL('**/settings/sso/edit');
    await page.getByRole('heading', { name: 'Single Sign-On' }).waitFor();
    await page.getByLabel('Issuer URL').fill(idp.issuer);
    await page.getByLabel('Client ID').fill(idp.clientId);
    await page.getByLabel('Client secret').fill(idp.clientSecret);
    await page.getByLabel('Email domains').fill(DOMAIN);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Stored (••••1234). Leave empty to keep it.').waitFor();
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    await screenshot(page, 'sso-settings');
  });

  it('signs a new person in through the provider, into the app, where the password section gives way to the SSO sentence', async () => {
    const page = await open();
    await page.goto('/sessions/sso/new');
    await page.getByLabel('Work email').fill('nobody@unclaimed.test');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByText('No single sign-on is set up for this email domain').waitFor();
    await screenshot(page, 'sso-sign-in-unclaimed');

    const email = `dana-${Date.now()}@${DOMAIN}`;
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    // The provider's own login page.
    await page.waitForURL(`${idp.issuer}/**`);
    await page.getByPlaceholder('Enter any login').fill(email);
    await page.getByPlaceholder('and password').fill('anything');
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL(`${suite.app.url}/**`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    await page.goto('/account/password_security');
    await expectText(page.getByTestId('sso-notice'), SSO_ACCOUNT_NOTICE);
    expect(await page.getByLabel('Current password').count()).toBe(0);
    expect(await page.getByLabel('New password').count()).toBe(0);
    await screenshot(page, 'sso-password-security');
  });

  it('shows what went wrong on the sign-in page when the callback is not this browser\'s', async () => {
    const page = await open();
    await page.goto('/sessions/sso/callback?code=forged&state=forged');
    await page.waitForURL('**/sessions/sso/new?**');
    await expectText(page.getByTestId('sso-failure').locator('.mantine-Alert-message'), 'This sign-in did not start in this browser. Start single sign-on again.');
    await screenshot(page, 'sso-sign-in-failure');
  });
});
