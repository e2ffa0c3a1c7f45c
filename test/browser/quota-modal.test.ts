import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApp, type TestApp } from '../support/app';
import { expectText, launchBrowser, newPage, screenshot } from '../support/browser';
import { signIn as signInClient } from '../support/session';
import { PASSWORD, registerOrg } from '../api/organization-admin.support';

const WEB_INDEX = join(process.env.WEB_DIST ?? join(__dirname, '..', '..', 'apps', 'web', 'dist'), 'index.html');
const OPERATOR = 'quota-operator@tocsin.example';

/** SPEC.md sections 4 and 8: once the runbooks quota is used up, the runbook add action opens the limit modal. */
describe('quota modal', () => {
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

  it("opens the limit modal with the spec's sentence instead of going to /runbooks/new", async () => {
    const email = `quota-owner-${Date.now()}@example.com`;
    const { client: owner } = await registerOrg(app.url, email, 'Quota Co');
    const orgId = (await owner.get('/api/v1/me').expect(200)).body.data.organization.id as string;

    await page.goto('/sessions/new');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // within the free tier's 5 runbooks the action leads to the new runbook page
    await page.goto('/runbooks');
    const panel = page.getByTestId('help-panel');
    const add = panel.getByRole('link', { name: 'Add Runbook' });
    expect(await add.getAttribute('href')).toBe('/runbooks/new');

    // the operator stops runbooks for this organization: its quota is used up
    await registerOrg(app.url, OPERATOR, 'Operators');
    const operator = await signInClient(app.url, OPERATOR, PASSWORD);
    await operator.put(`/api/v1/staff/organizations/${orgId}/quotas/runbooks`).send({ maximum: 0 }).expect(200);

    await page.reload();
    await panel.getByRole('button', { name: 'Add Runbook' }).click();
    const modal = page.getByRole('dialog', { name: 'Plan limit reached' });
    await expectText(
      modal.getByTestId('quota-modal-text'),
      "Oh no! You've reached the limit! You can only create 0 runbooks on a free plan. Reach out to the owner of the account to upgrade your plan.",
    );
    expect(new URL(page.url()).pathname).toBe('/runbooks');
    await screenshot(page, 'quota-modal-runbooks');

    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/runbooks');
  });
});
