import type { Page } from 'playwright-core';
import { SSO_ACCOUNT_NOTICE, SSO_LINK_FIRST } from '@tocsin/domain';
import { expectText, newPage, screenshot, useBrowserSuite } from '../support/browser';
import { startDnsServer, type TestDnsServer } from '../support/dns';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc';
import { signUp } from '../support/sign-up';
import { signInTo } from './sign-in';
import { checkScreen } from '../support/accessibility';

const DOMAIN = 'sso-browser.test';

/** Single sign-on in chromium through a real local OpenID Connect provider's login page (built web app first). */
describe('single sign-on in the browser', () => {
  // The app reads DNS_SERVERS when the suite's hooks start it: this hook, declared first, runs first.
  // the identity provider runs on this machine: the egress guard lets the app reach it only when told to
  const env: Record<string, string> = { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' };
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    env.DNS_SERVERS = dns.address;
  });
  afterAll(() => dns?.stop());
  const suite = useBrowserSuite({ page: 'none', env });

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
    await signInTo(page, 'owner', '/organizations/sso/settings/edit');
    await page.waitForURL('**/settings/sso/edit');
    await page.getByRole('heading', { name: 'Single Sign-On' }).waitFor();
    await page.getByLabel('Issuer URL').fill(idp.issuer);
    await page.getByLabel('Client ID').fill(idp.clientId);
    await page.getByLabel('Client secret').fill(idp.clientSecret);
    await page.getByLabel('Email domains').fill(DOMAIN);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Stored (••••1234). Leave empty to keep it.').waitFor();
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');

    // The domain waits for its proof: the badge says so in words, with the TXT record to publish.
    const domain = page.getByTestId('sso-domain').filter({ hasText: DOMAIN });
    await expectText(domain.getByText('Pending verification'), 'Pending verification');
    const name = `_tocsin-challenge.${DOMAIN}`;
    await domain.getByText(name).waitFor();
    const value = (await domain.locator('code').nth(1).textContent())!;
    expect(value).toMatch(/^tocsin-domain-verification=/);
    await domain.getByRole('button', { name: 'Copy record value' }).waitFor();
    await domain.getByRole('button', { name: 'Verify', exact: true }).click();
    await domain.getByText(`No TXT record ${value} was found at ${name}.`, { exact: false }).waitFor();
    await checkScreen(page, 'sso-settings');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sso-settings-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    dns.setTxt(name, [value]);
    await domain.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectText(domain.getByText('Verified', { exact: true }), 'Verified');
    expect(await domain.getByRole('button', { name: 'Verify', exact: true }).count()).toBe(0);
    await checkScreen(page, 'sso-settings-verified');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sso-settings-verified-390');
  });

  it('signs a new person in through the provider, into the app, where the password section gives way to the SSO sentence', async () => {
    const page = await open();
    await page.goto('/sessions/sso/new');
    await page.getByLabel('Work email').fill('nobody@unclaimed.test');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByText('No single sign-on is set up for this email domain').waitFor();
    await checkScreen(page, 'sso-sign-in-unclaimed');

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

  /**
   * Clicks `button`, then goes through the provider's login page when it asks (it remembers a browser
   * it already signed in). The page the click left must be gone first: waiting for "the provider or
   * the app" would match the app page still shown while the navigation starts, a race lost under load.
   */
  async function throughProvider(page: Page, email: string, button: string): Promise<void> {
    const from = page.url();
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL(
      (url) => url.href.startsWith(idp.issuer) || (url.href.startsWith(suite.app.url) && url.href !== from),
    );
    if (page.url().startsWith(idp.issuer)) {
      await page.getByPlaceholder('Enter any login').fill(email);
      await page.getByPlaceholder('and password').fill('anything');
      await page.locator('button[type=submit]').first().click();
    }
    await page.waitForURL(`${suite.app.url}/**`);
  }

  it('asks someone who already has an account to sign in with their password first, then links single sign-on', async () => {
    const email = `lee-${Date.now()}@${DOMAIN}`;
    const password = 'Quartz-meadow-7391-lantern';
    await signUp(suite.app.url, { name: 'Lee', email, password, organization_name: 'Lee Org' });
    const page = await open();
    await page.goto('/sessions/sso/new');
    await page.getByLabel('Work email').fill(email);
    await throughProvider(page, email, 'Continue with SSO');
    await page.waitForURL('**/sessions/sso/new?**');
    await page.getByTestId('sso-failure').getByText(SSO_LINK_FIRST).waitFor();
    await screenshot(page, 'sso-link-first');

    await page.getByRole('link', { name: 'Sign in with your password to link' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Link single sign-on' }).waitFor();
    expect(await page.getByLabel('Work email').inputValue()).toBe(email);
    await checkScreen(page, 'sso-link');
    await throughProvider(page, email, 'Continue with SSO');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.goto('/account/password_security');
    await expectText(page.getByTestId('sso-notice'), SSO_ACCOUNT_NOTICE);
  });

  it("shows what went wrong on the sign-in page when the callback is not this browser's", async () => {
    const page = await open();
    await page.goto('/sessions/sso/callback?code=forged&state=forged');
    await page.waitForURL('**/sessions/sso/new?**');
    await expectText(
      page.getByTestId('sso-failure').locator('.mantine-Alert-message'),
      'This sign-in did not start in this browser. Start single sign-on again.',
    );
    await screenshot(page, 'sso-sign-in-failure');
  });
});
