import { ManualClock } from '@tocsin/platform';
import { EscalationAuditor } from '../../apps/api/src/signals/paging/escalation-auditor';
import { PageProcessor } from '../../apps/api/src/signals/paging/page.processor';
import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { eventually } from '../support/eventually';
import { DEMO_ORG, demoUserId, policyOf, savePhone, triggerAlert } from '../support/paging';
import { signIn } from './sign-in';

const MINUTE = 60_000;

/**
 * The ops page's paging section with the paging worker stuck: the auditor's late pages, the pending one, and the
 * phone channels, which have no provider in this app, said out loud.
 */
describe('ops page: the paging audit', () => {
  const clock = new ManualClock(Date.now());
  let release: () => void = () => undefined;
  let alertId = '';
  // before the suite's own hooks: the app's close waits for the hung jobs, released here first
  afterAll(() => release());
  const suite = useBrowserSuite({ clock, page: 'suite', env: { AUDITOR_GRACE_MS: String(MINUTE) } });

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
});
