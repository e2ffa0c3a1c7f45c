import type { Page } from 'playwright-core';
import { checkScreen } from '../support/accessibility';
import { expectText, newPage, useBrowserSuite } from '../support/browser';
import { DEMO_ORG, triggerAlert } from '../support/paging';
import { signIn, type DemoRole } from './sign-in';

/**
 * Live rooms in the browser (`npm run build:web` first): two people with the same alert open each see the
 * other under "Viewing now", and see them go when they leave.
 */
describe('live rooms: who is viewing an alert', () => {
  const suite = useBrowserSuite({ page: 'none' });
  const pages: Page[] = [];
  afterAll(async () => {
    for (const page of pages) await page.context().close();
  });

  const open = async (role: DemoRole, alertId: string) => {
    const page = await newPage(suite.browser, suite.app.url);
    page.context().setDefaultTimeout(10_000);
    pages.push(page);
    await signIn(page, role);
    await page.goto(`/signals/alerts/${alertId}`);
    await page.getByRole('heading', { name: 'Disk almost full on db-1', level: 1 }).waitFor();
    return page;
  };

  it('two people on the same alert see each other under "Viewing now", at 1440 and 390 px', async () => {
    const { alertId } = await triggerAlert(suite.app.app, { orgId: DEMO_ORG, policy: null });
    const owner = await open('owner', alertId);
    await expectText(owner.getByTestId('viewing-now'), 'Viewing now: only you');
    const viewer = await open('viewer', alertId);
    await expectText(viewer.getByTestId('viewing-now'), 'Viewing now: Demo Owner, you');
    await expectText(owner.getByTestId('viewing-now'), 'Viewing now: Demo Viewer, you');
    await checkScreen(owner, 'live-rooms-alert-owner');
    await checkScreen(viewer, 'live-rooms-alert-viewer');

    // leaving the page (in the app, the socket stays open) leaves the room
    await viewer.getByRole('link', { name: 'All alerts' }).click();
    await expectText(owner.getByTestId('viewing-now'), 'Viewing now: only you');
  });
});
