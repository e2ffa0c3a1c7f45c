import type { Locator, Page } from 'playwright-core';
import { expectText, useBrowserSuite } from '../support/browser';
import { checkScreen } from '../support/accessibility';
import { RecordingServer } from '../support/recording-server';
import { codeIn } from '../api/destinations.support';
import { apiCall, signIn, signInTo } from './sign-in';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
const chatRow = (page: Page, name: string) => page.getByTestId('chat-destination-row').filter({ hasText: name });
const deviceRow = (page: Page, name: string) => page.getByTestId('push-device-row').filter({ hasText: name });

async function typeCode(dialog: Locator, code: string) {
  await dialog.getByRole('textbox', { name: 'Verification code digit' }).first().click();
  await dialog.page().keyboard.type(code);
}

/** Slack, Teams and push destinations on the profile (issue 20), against the real server and a local webhook. */
describe('destinations: Slack, Teams and push devices on the profile', () => {
  let webhook: RecordingServer;
  beforeAll(async () => {
    webhook = await RecordingServer.start();
    webhook.on((request) =>
      request.path.startsWith('/gone') ? { status: 404, body: 'no_service' } : { status: 200, body: 'ok' },
    );
  });
  afterAll(() => webhook.close());
  // the webhook is on this machine: the egress guard lets it through only when told to
  const suite = useBrowserSuite({ env: { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' } });

  it('adds a Slack webhook, verifies it with the code it was posted, adds a Teams one to verify later, and deletes it', async () => {
    const { page } = suite;
    await signInTo(page, 'member', '/account/edit');
    await page.getByTestId('chat-destinations-empty').waitFor();
    await page.getByTestId('push-devices-empty').waitFor();

    await page.getByRole('button', { name: 'Add chat destination' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add chat destination' });
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Webhook URL is required').waitFor();
    const field = dialog.getByRole('textbox', { name: 'Incoming webhook URL' });
    await field.fill('ftp://example.com/hook');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Webhook URL must start with https://').waitFor();
    // a webhook the chat refuses is refused under the field, and nothing is kept
    await field.fill(`${webhook.url}/gone/T0/B0/x`);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Slack did not take the message: 404 no_service').waitFor();
    await checkScreen(page, 'chat-destination-refused');

    await field.fill(`${webhook.url}/services/T0/B0/browser-secret-1`);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('#ops');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByTestId('code-sent-to').waitFor();
    expect(await dialog.getByTestId('code-sent-to').textContent()).toContain('Slack');
    await checkScreen(page, 'chat-destination-code');
    await typeCode(dialog, codeIn(webhook.last));
    await toast(page, 'Your chat destination has been verified');
    await dialog.waitFor({ state: 'detached' });
    await chatRow(page, '#ops').getByText('Verified', { exact: true }).waitFor();
    expect(await page.getByText('browser-secret-1').count()).toBe(0);

    // Teams: added, left to verify later, verified from its row with a new code
    await page.getByRole('button', { name: 'Add chat destination' }).click();
    await dialog.getByLabel('Microsoft Teams').check();
    await dialog.getByRole('textbox', { name: 'Incoming webhook URL' }).fill(`${webhook.url}/webhookb2/browser-2`);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Team channel');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByTestId('code-sent-to').waitFor();
    await dialog.getByRole('button', { name: 'Verify later' }).click();
    await chatRow(page, 'Team channel').getByText('Not verified').waitFor();
    await checkScreen(page, 'chat-destinations-list');
    await chatRow(page, 'Team channel').getByRole('button', { name: 'Verify Team channel' }).click();
    const again = page.getByRole('dialog', { name: 'Verify chat destination' });
    await again.getByRole('button', { name: 'Send new code' }).click();
    await toast(page, 'A new verification code has been sent');
    await typeCode(again, codeIn(webhook.last));
    await toast(page, 'Your chat destination has been verified');
    await chatRow(page, 'Team channel').getByText('Verified', { exact: true }).waitFor();

    await chatRow(page, 'Team channel').getByRole('button', { name: 'Delete Team channel' }).click();
    await page.getByRole('dialog', { name: 'Delete chat destination' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Chat destination has been deleted');
    await chatRow(page, 'Team channel').waitFor({ state: 'detached' });
    const offered = (await (await apiCall(page, 'GET', '/api/v1/signals/destinations')).json()).data as Array<{
      type: string;
      label: string;
    }>;
    expect(offered.filter((d) => d.type === 'slack' || d.type === 'microsoft_teams').map((d) => d.label)).toEqual([
      expect.stringMatching(/^#ops \(127\.0\.0\.1:\d+ …et-1\)$/),
    ]);
  });

  it('lists the devices the app registered and removes one', async () => {
    const { page } = suite;
    await signIn(page, 'owner');
    for (const body of [
      { token: 'ef'.repeat(32), platform: 'ios', name: 'Work iPhone' },
      { token: 'fcm-registration-token-browser:APA91b', platform: 'android' },
    ])
      expect((await apiCall(page, 'POST', '/api/v1/push_devices', body)).status).toBe(201);
    await page.goto('/account/edit');
    await deviceRow(page, 'Work iPhone').waitFor();
    await expectText(deviceRow(page, 'Android device').getByRole('cell').first(), 'Android device …APA91b');
    await checkScreen(page, 'push-devices');
    await deviceRow(page, 'Work iPhone').getByRole('button', { name: 'Remove Work iPhone' }).click();
    await page.getByRole('dialog', { name: 'Remove device' }).getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Device has been removed');
    await deviceRow(page, 'Work iPhone').waitFor({ state: 'detached' });
    expect(await page.getByTestId('push-device-row').count()).toBe(1);
  });
});
