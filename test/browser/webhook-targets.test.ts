import type { Page } from 'playwright-core';
import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { eventually } from '../support/eventually';
import { DEMO_ORG, triggerAlert } from '../support/paging';
import { RecordingServer } from '../support/recording-server';
import { signIn } from './sign-in';

/** The webhook target screens against the real server (`npm run build:web` first), posting to a local receiver. */
describe('webhook target screens', () => {
  const receiver = { server: null as RecordingServer | null };
  const suite = useBrowserSuite({ page: 'suite', env: { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  const name = `Ops bus ${Date.now().toString(36)}`;
  let targetPath = '';

  beforeAll(async () => {
    receiver.server = await RecordingServer.start();
    await signIn(suite.page, 'member');
  });
  afterAll(() => receiver.server?.close());

  const deliveryRows = (page: Page) => page.getByTestId('delivery-row');

  it('creates a target, showing its secret once with the verification recipe', async () => {
    const page = suite.page;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Webhook Targets' })
      .click();
    await page.getByRole('heading', { name: 'Webhook targets', level: 1 }).waitFor();
    await page.getByTestId('targets-empty').waitFor();
    await checkScreen(page, 'webhook-targets-empty');
    await page.getByRole('button', { name: 'New target' }).click();
    await page.waitForURL('**/signals/webhook_targets/new');

    await page.getByRole('button', { name: 'Create target' }).click();
    await page.getByText('name is a required field').waitFor();
    await page.getByText('url is a required field').waitFor();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^URL/).fill(`${receiver.server!.url}/browser`);
    // a lifecycle event it does not want
    await page.getByRole('checkbox', { name: 'Reassigned' }).uncheck({ force: true });
    await checkScreen(page, 'webhook-target-new');
    await page.getByRole('button', { name: 'Create target' }).click();

    await page.getByRole('heading', { name: `${name} is ready` }).waitFor();
    const secret = ((await page.getByTestId('target-secret-value').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await page.getByTestId('recipe-node').textContent()).toContain("createHmac('sha256', secret)");
    await checkScreen(page, 'webhook-target-created');

    await page.getByRole('link', { name: 'Go to the target' }).click();
    await page.waitForURL(/\/signals\/webhook_targets\/[^/]+$/);
    await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
    targetPath = new URL(page.url()).pathname;
    // shown once: the page names only the secret's last characters
    expect(await page.getByTestId('target-secret-value').count()).toBe(0);
    await page.getByText(`…${secret.slice(-4)}`).waitFor();
    await page.getByTestId('deliveries-empty').waitFor();
  }, 90_000);

  it('shows a failed delivery in the log and redelivers it', async () => {
    const page = suite.page;
    receiver.server!.next({ status: 500, body: 'receiver busy' });
    await triggerAlert(suite.app.app, { orgId: DEMO_ORG, policy: null });
    await eventually(() => receiver.server!.requests.length === 1);
    await deliveryRows(page).filter({ hasText: '500 failed' }).waitFor();
    await page.getByText('500 receiver busy').first().waitFor();

    await deliveryRows(page)
      .first()
      .getByRole('button', { name: /^Redeliver event/ })
      .click();
    await page.getByTestId('redelivery-asked').waitFor();
    await deliveryRows(page).filter({ hasText: '200 delivered' }).waitFor();
    // newest first: the redelivery's try above the failed one
    await deliveryRows(page).first().filter({ hasText: 'Try 1 of redelivery 1' }).waitFor();
    await expectText(deliveryRows(page).nth(1).getByRole('cell').nth(2), 'Try 1');
    expect(receiver.server!.requests[1].body).toBe(receiver.server!.requests[0].body);
    await checkScreen(page, 'webhook-target');
  }, 90_000);

  it("edits the target's settings and lists it", async () => {
    const page = suite.page;
    await page.goto(targetPath);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**${targetPath}/edit`);
    await page.getByRole('heading', { name: 'Edit webhook target', level: 1 }).waitFor();
    expect(await page.getByLabel(/^Name/).inputValue()).toBe(name);
    expect(await page.getByRole('checkbox', { name: 'Reassigned' }).isChecked()).toBe(false);
    await page.getByLabel(/^URL/).fill('ftp://nowhere');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('url must be a valid URL').waitFor();
    await page.getByLabel(/^URL/).fill(`${receiver.server!.url}/renamed`);
    await checkScreen(page, 'webhook-target-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${targetPath}`);
    await page.getByText(`${receiver.server!.url}/renamed`).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Webhook targets' }).click();
    await page.getByTestId('target-row').filter({ hasText: name }).waitFor();
    await checkScreen(page, 'webhook-targets');

    // another organization's target, like an unknown id, is not there
    await page.goto('/signals/webhook_targets/not-a-target');
    await page.getByTestId('target-not-found').waitFor();
  }, 90_000);
});
