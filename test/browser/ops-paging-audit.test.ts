import { ManualClock } from '@tocsin/platform';
import { EscalationAuditor } from '../../apps/api/src/signals/paging/escalation-auditor';
import { PageProcessor } from '../../apps/api/src/signals/paging/page.processor';
import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { eventually } from '../support/eventually';
import { freePort } from '../support/metrics';
import { DEMO_ORG, demoUserId, policyOf, saveSetting, savePhone, triggerAlert } from '../support/paging';
import { RecordingServer } from '../support/recording-server';
import { signInAs } from '../support/session';
import { LocalSmtpServer } from '../support/smtp-server';
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
  let smtp: LocalSmtpServer;
  let heartbeat: RecordingServer;
  afterAll(async () => {
    await smtp?.close();
    await heartbeat?.close();
  });
  // the self-test's test mailbox and heartbeat are local receivers (the egress guard lets them through when told
  // to); its rounds post to the ingest URL at PUBLIC_URL: the app's own port, chosen before it starts
  const env: Record<string, string> = { AUDITOR_GRACE_MS: String(MINUTE), CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' };
  beforeAll(async () => {
    smtp = await LocalSmtpServer.start();
    heartbeat = await RecordingServer.start();
    const port = String(await freePort());
    Object.assign(env, { SMTP_URL: smtp.url, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` });
  });
  const suite = useBrowserSuite({ clock, page: 'suite', env });

  beforeAll(async () => {
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
    // SMTP is set (the self-test's mailbox): no dev mailbox keeps the phone channels' pages
    await page
      .getByTestId('channel-sms')
      .getByText("its pages fail and paging moves on to the person's next method")
      .waitFor();
    await page.getByTestId('channel-slack').getByText('Configured', { exact: true }).waitFor();
    await checkScreen(page, 'ops-paging-audit');
  });

  it('shows on the alert page what it will still send, and that the channel has no provider', async () => {
    const page = suite.page;
    await page.goto(`/signals/alerts/${alertId}`);
    const pending = page.getByTestId('alert-pending-notification');
    await pending.filter({ hasText: 'Voice to Demo Member' }).waitFor();
    await pending.getByText('Not configured', { exact: true }).waitFor();
    await pending
      .getByText("its pages fail and paging moves on to the person's next method", { exact: false })
      .waitFor();
    await checkScreen(page, 'alert-pending-notifications');
  });

  it('sets the self-test, shows a delivered round trip, then the failure of a destination that stopped', async () => {
    // the paging worker runs again: the self-test's alerts page as any alert does
    release();
    const mailbox = 'self-test@example.com';
    const tester = demoUserId('collaborator');
    await saveSetting(suite.app.app, DEMO_ORG, tester, { notification_type: 'email', value: mailbox, delay: 'PT0S' });
    const api = await signInAs(suite.app.url, 'owner');
    const team = (await api.post('/api/v1/teams').send({ name: 'Self-test' }).expect(201)).body.data.id as string;
    await api
      .post(`/api/v1/teams/${team}/escalation_policies`)
      .send({ name: 'Test mailbox', steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: tester }] }] })
      .expect(201);

    const page = suite.page;
    await page.goto('/ops');
    const panel = page.getByRole('form', { name: 'Self-test settings' });
    await page.getByTestId('self-test-verdict').filter({ hasText: 'Off' }).waitFor();
    await panel.getByLabel('Every (minutes)').fill('1');
    // no policy chosen: the form says so before the round trip
    await panel.getByRole('button', { name: 'Save self-test' }).click();
    await panel.getByText('Choose the team the test alerts go to').waitFor();
    await panel.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: 'Self-test' }).click();
    await panel.getByRole('combobox', { name: 'Escalation policy' }).click();
    await page.getByRole('option', { name: 'Test mailbox' }).click();
    await panel.getByLabel('Outside heartbeat URL').fill(`${heartbeat.url}/ping/abcd-efgh`);
    await panel.getByRole('button', { name: 'Save self-test' }).click();
    await page.getByTestId('self-test-verdict').filter({ hasText: 'No round yet' }).waitFor();
    await panel.getByText(/Set: 127\.0\.0\.1:\d+ …efgh\. Leave empty to keep it\./).waitFor();
    await page.getByRole('link', { name: 'Tocsin self-test' }).waitFor();

    await clock.advance(MINUTE);
    await eventually(() => heartbeat.requests.length === 1);
    expect(smtp.to(mailbox)).toHaveLength(1);
    await page.reload();
    await expectText(page.getByTestId('self-test-verdict'), 'Delivering');
    await page
      .getByTestId('self-test-last-success')
      .getByText(/\d+ ms, /)
      .waitFor();
    await page
      .getByTestId('self-test-round')
      .filter({ hasText: 'called (200)' })
      .filter({ hasText: 'Email' })
      .waitFor();

    smtp.refuse.set(mailbox, 550);
    await clock.advance(MINUTE);
    // the mailbox refuses: the round is failed within its interval
    await eventually(async () => (await api.get('/api/v1/ops/self_test').expect(200)).body.data.rounds.length === 2);
    await page.reload();
    await expectText(page.getByTestId('self-test-verdict'), 'Failing');
    await page
      .getByTestId('self-test-last-failure')
      .getByText(/email: .*550/)
      .waitFor();
    await page.getByTestId('self-test-round').filter({ hasText: 'not called' }).waitFor();
    expect(heartbeat.requests).toHaveLength(1);
    expect(await panel.getByRole('switch', { name: 'Run the self-test' }).isChecked()).toBe(true);
    await checkScreen(page, 'ops-self-test');
  });
});
