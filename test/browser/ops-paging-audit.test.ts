import { ManualClock } from '@tocsin/platform';
import { EscalationAuditor } from '../../apps/api/src/signals/paging/escalation-auditor';
import { PageProcessor } from '../../apps/api/src/signals/paging/page.processor';
import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { eventually } from '../support/eventually';
import { DEMO_ORG, demoUserId, policyOf, savePhone, triggerAlert } from '../support/paging';
import { RecordingServer } from '../support/recording-server';
import { signIn } from './sign-in';

const MINUTE = 60_000;

/**
 * The ops page's paging section with the paging worker stuck: the auditor's late pages, the pending one, and the
 * phone channels, which have no provider in this app, said out loud.
 */
describe('ops page: the paging audit and the self-test', () => {
  const clock = new ManualClock(Date.now());
  let release: () => void = () => undefined;
  let alertId = '';
  // before the suite's own hooks: the app's close waits for the hung jobs, released here first
  afterAll(() => release());
  let hook: RecordingServer;
  let heartbeat: RecordingServer;
  afterAll(async () => {
    await hook?.close();
    await heartbeat?.close();
  });
  // the self-test's destination and heartbeat are local receivers: the egress guard lets them through when told to
  const suite = useBrowserSuite({
    clock,
    page: 'suite',
    env: { AUDITOR_GRACE_MS: String(MINUTE), CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });

  beforeAll(async () => {
    hook = await RecordingServer.start();
    heartbeat = await RecordingServer.start();
    const app = suite.app.app;
    const member = demoUserId('member');
    await savePhone(app, member, 'sms', '+15550000002');
    await savePhone(app, member, 'voice', '+15550000002', 'PT30M');
    const processor = app.get(PageProcessor);
    const real = processor.process.bind(processor);
    const stopped = new Promise<void>((resolve) => (release = resolve));
    jest.spyOn(processor, 'process').mockImplementation(async (job) => {
      await stopped;
      return real(job);
    });
    const policy = policyOf([{ timeoutMinutes: 60, targets: [{ type: 'user', id: member }] }]);
    ({ alertId } = await triggerAlert(app, { orgId: DEMO_ORG, policy, at: new Date(clock.now()).toISOString() }));
    await clock.advance(2 * MINUTE);
    await eventually(async () => (await app.get(EscalationAuditor).counts(DEMO_ORG)).notifications_overdue === 1);
    await signIn(suite.page, 'owner');
  });

  it('shows the late pages, the pending one, whom the auditor pages and the channels without a provider', async () => {
    const page = suite.page;
    await page.goto('/ops');
    await expectText(page.getByTestId('paging-verdict'), '2 late');
    await expectText(page.getByTestId('paging-operators'), 'Demo Owner');
    await page.getByTestId('paging-finding').filter({ hasText: 'Step not started' }).waitFor();
    await page.getByTestId('paging-finding').filter({ hasText: 'Page never tried' }).waitFor();
    await page.getByTestId('pending-notification').filter({ hasText: 'Voice' }).waitFor();
    await page.getByTestId('channel-sms').getByText('Not configured', { exact: true }).waitFor();
    await page.getByTestId('channel-sms').getByText('its pages are kept in the dev mailbox and reach nobody').waitFor();
    await page.getByTestId('channel-slack').getByText('Configured', { exact: true }).waitFor();
    await checkScreen(page, 'ops-paging-audit');
  });

  it('shows on the alert page what it will still send, and that the channel has no provider', async () => {
    const page = suite.page;
    await page.goto(`/signals/alerts/${alertId}`);
    const pending = page.getByTestId('alert-pending-notification');
    await pending.filter({ hasText: 'Voice to Demo Member' }).waitFor();
    await pending.getByText('Not configured', { exact: true }).waitFor();
    await pending.getByText('its pages are kept in the dev mailbox and reach nobody', { exact: false }).waitFor();
    await checkScreen(page, 'alert-pending-notifications');
  });

  it('sets the self-test, shows a delivered round trip, then the failure of a destination that stopped', async () => {
    const page = suite.page;
    await page.goto('/ops');
    const panel = page.getByRole('form', { name: 'Self-test settings' });
    await page.getByTestId('self-test-verdict').filter({ hasText: 'Off' }).waitFor();
    await panel.getByLabel('Every (minutes)').fill('1');
    await panel.getByRole('combobox', { name: 'Channel' }).click();
    await page.getByRole('option', { name: 'Slack' }).click();
    // a bad URL is refused with the field's message, then a good one is kept as a hint only
    await panel.getByLabel('Test incoming-webhook URL').fill('not a url');
    await panel.getByRole('button', { name: 'Save self-test' }).click();
    await panel.getByText('Webhook URL must be a valid URL').waitFor();
    await panel.getByLabel('Test incoming-webhook URL').fill(`${hook.url}/services/T0/B0/secret-path`);
    await panel.getByLabel('Outside heartbeat URL').fill(`${heartbeat.url}/ping/abcd-efgh`);
    await panel.getByRole('button', { name: 'Save self-test' }).click();
    await page.getByTestId('self-test-verdict').filter({ hasText: 'No round yet' }).waitFor();
    await panel.getByText(/Set: 127\.0\.0\.1:\d+ …path\. Leave empty to keep it\./).waitFor();

    await clock.advance(MINUTE);
    await eventually(() => heartbeat.requests.length === 1);
    await page.reload();
    await expectText(page.getByTestId('self-test-verdict'), 'Delivering');
    await page
      .getByTestId('self-test-last-success')
      .getByText(/\d+ ms, /)
      .waitFor();
    await page.getByTestId('self-test-round').filter({ hasText: 'called (200)' }).waitFor();

    hook.on(() => ({ status: 500, body: 'gone' }));
    await clock.advance(MINUTE);
    await eventually(() => hook.requests.length === 2);
    await page.reload();
    await expectText(page.getByTestId('self-test-verdict'), 'Failing');
    await page.getByTestId('self-test-last-failure').getByText(/500/).waitFor();
    await page.getByTestId('self-test-round').filter({ hasText: 'not called' }).waitFor();
    expect(heartbeat.requests).toHaveLength(1);
    expect(await panel.getByRole('switch', { name: 'Run the self-test' }).isChecked()).toBe(true);
    await checkScreen(page, 'ops-self-test');
  });
});
