import type { Page } from 'playwright-core';
import { checkScreen } from '../support/accessibility';
import { newPage, useBrowserSuite } from '../support/browser';
import { demoUserId } from '../support/paging';
import { apiCall, signIn } from './sign-in';

/**
 * Issue 21, "Step through the past": an auditor (the demo viewer) steps event by event through a closed
 * incident, exports its timeline, and sees what changed since their last look (`npm run build:web` first).
 */
describe('incident history: stepping through a closed incident', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const name = `Checkout down ${Date.now().toString(36)}`;
  let owner: Page;
  let incidentId = '';
  const MILESTONES = ['acknowledged', 'mitigated', 'resolved', 'retrospective_completed', 'closed'];

  const ok = async (response: Promise<Response>) => {
    const answer = await response;
    if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { data: { id: string; position: number; revisions: { roles: number } } };
  };

  beforeAll(async () => {
    owner = await newPage(suite.browser, suite.app.url);
    await signIn(owner, 'owner');
    await signIn(suite.page, 'viewer');
    // the organization's own name for the commander: the viewer, who may not read the settings, sees it
    const settings = await ok(apiCall(owner, 'GET', '/api/v1/incident_settings'));
    await ok(
      apiCall(owner, 'PUT', '/api/v1/incident_settings/roles', {
        expected_revision: settings.data.revisions.roles,
        items: [
          { id: 'commander', name: 'Incident lead', description: '', task_list_id: null },
          { id: 'communications', name: 'Communications', description: '', task_list_id: null },
          { id: 'operations', name: 'Operations', description: '', task_list_id: null },
        ],
      }),
    );
    const declared = await ok(apiCall(owner, 'POST', '/api/v1/incidents', { name, severity_id: 'sev3' }));
    incidentId = declared.data.id;
    await ok(apiCall(owner, 'PATCH', `/api/v1/incidents/${incidentId}`, { severity_id: 'sev1' }));
    await ok(
      apiCall(owner, 'PUT', `/api/v1/incidents/${incidentId}/roles/commander`, { user_id: demoUserId('collaborator') }),
    );
    // The auditor looked here: everything after is "new since you last looked".
    await ok(apiCall(suite.page, 'POST', `/api/v1/incidents/${incidentId}/visit`, {}));
    const start = Date.now();
    for (const [i, milestone] of MILESTONES.entries())
      await ok(
        apiCall(owner, 'PUT', `/api/v1/incidents/${incidentId}/milestones/${milestone}`, {
          at: new Date(start + (i + 1) * 60_000).toISOString(),
        }),
      );
  });
  afterAll(() => owner?.context().close());

  const snapshot = (page: Page) => page.getByTestId('incident-snapshot');
  const atStep = async (page: Page, step: number, total: number) => {
    await page.getByTestId('history-step').getByText(`Step ${step} of ${total}`).waitFor();
    await page.locator('[aria-busy="false"][data-position]').waitFor();
  };
  const milestoneRow = (page: Page, milestone: string) =>
    snapshot(page)
      .getByTestId('snapshot-milestones')
      .getByRole('row', { name: new RegExp(`^${milestone}`) });

  it('lists exactly what changed since the recorded visit, then nothing once marked seen', async () => {
    const page = suite.page;
    await page.goto(`/incidents/${incidentId}/history`);
    const changes = page.getByTestId('changes-since-last-look');
    await changes.getByText('5 changes since you last looked').waitFor();
    for (const milestone of ['Acknowledged', 'Mitigated', 'Resolved', 'Retrospective completed', 'Closed'])
      await changes.getByText(new RegExp(`${milestone} set to`)).waitFor();
    // the declaration and the severity change came before the visit
    expect(await changes.getByText(/Declared|Severity changed/).count()).toBe(0);
    await checkScreen(page, 'incident-history-changes');
    await changes.getByRole('button', { name: 'Mark as seen' }).click();
    await page
      .getByTestId('changes-since-last-look')
      .getByText(/^Nothing new since you last looked at/)
      .waitFor();
  });

  it('steps from the declaration to the close: later values absent first, the old value in the middle', async () => {
    const page = suite.page;
    const total = 3 + MILESTONES.length;
    // the first step: declared at SEV3, open, nothing after it set yet
    await atStep(page, 1, total);
    expect(new URL(page.url()).searchParams.get('position')).toBeNull();
    await page.getByTestId('history-event').getByText(`Declared "${name}"`).waitFor();
    expect(await snapshot(page).getByTestId('snapshot-severity').textContent()).toBe('SEV3');
    expect(await snapshot(page).getByTestId('snapshot-status').textContent()).toBe('Open');
    expect(await milestoneRow(page, 'Acknowledged').textContent()).toContain('—');
    expect(await milestoneRow(page, 'Closed').textContent()).toContain('—');
    await checkScreen(page, 'incident-history-first');

    // Next: the severity change, described with the value it replaced
    await page.getByRole('button', { name: 'Next' }).click();
    await atStep(page, 2, total);
    await page.getByTestId('history-event').getByText('Severity changed from SEV3 to SEV1').waitFor();
    expect(await snapshot(page).getByTestId('snapshot-severity').textContent()).toBe('SEV1');

    // people by name, not id, and the settings' own name for the role, for a viewer too
    await page.keyboard.press('ArrowRight');
    await atStep(page, 3, total);
    const event = page.getByTestId('history-event');
    await event.getByText('Incident lead assigned to Demo Collaborator').waitFor();
    await event.getByText(/ · by Demo Owner$/).waitFor();
    expect(await snapshot(page).getByTestId('snapshot-role').textContent()).toBe('Incident lead: Demo Collaborator');
    for (const id of [demoUserId('collaborator'), demoUserId('owner')]) {
      expect(await page.getByRole('main').textContent()).not.toContain(id);
    }
    await checkScreen(page, 'incident-history-names');

    // arrow keys step on; the step is in the address
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await atStep(page, 5, total);
    await page
      .getByTestId('history-event')
      .getByText(/^Mitigated set to/)
      .waitFor();
    expect(await snapshot(page).getByTestId('snapshot-status').textContent()).toBe('Mitigated');
    expect(await milestoneRow(page, 'Resolved').textContent()).toContain('—');
    const middle = page.url();
    expect(new URL(middle).searchParams.get('position')).toMatch(/^\d+$/);

    // Previous goes back to the incident before the severity change was the latest
    await page.getByRole('button', { name: 'First' }).click();
    await atStep(page, 1, total);
    expect(await snapshot(page).getByTestId('snapshot-severity').textContent()).toBe('SEV3');

    // a shared address opens at its step
    await page.goto(middle);
    await atStep(page, 5, total);
    expect(await snapshot(page).getByTestId('snapshot-status').textContent()).toBe('Mitigated');

    // the last step: closed
    await page.getByRole('button', { name: 'Last' }).click();
    await atStep(page, total, total);
    expect(await snapshot(page).getByTestId('snapshot-status').textContent()).toBe('Closed');
    expect(await milestoneRow(page, 'Closed').textContent()).not.toContain('—');
    await page.getByRole('button', { name: 'Previous' }).click();
    await atStep(page, total - 1, total);
    expect(await snapshot(page).getByTestId('snapshot-status').textContent()).toBe('Resolved');
    await checkScreen(page, 'incident-history-step');
  });

  it('exports the timeline as Markdown and CSV, in time order', async () => {
    const page = suite.page;
    // the declaration's quotes are doubled in the CSV: its line is found by what precedes the name
    const expectedOrder = [
      'Declared ',
      'Severity changed from',
      'Incident lead assigned to Demo Collaborator',
      'Acknowledged set to',
      'Mitigated set to',
      'Closed set to',
    ];
    for (const [link, suffix] of [
      ['Markdown', '-timeline.md'],
      ['CSV', '-timeline.csv'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: link }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^INC-\\d+${suffix.replace('.', '\\.')}$`));
      const path = await download.path();
      const text = (await import('node:fs')).readFileSync(path, 'utf8');
      const at = expectedOrder.map((line) => text.indexOf(line));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      if (link === 'CSV') expect(text.split('\r\n')[0]).toBe('position,time,kind,actor,system,starred,text');
    }
  });

  it('sends the old v1 and v2 incident addresses to the incident', async () => {
    const page = suite.page;
    await page.goto(`/v2/incidents/${incidentId}`);
    await page.waitForURL((url) => url.pathname === `/incidents/${incidentId}`);
    await page.goto(`/v1/incidents/${incidentId}/history`);
    await page.waitForURL((url) => url.pathname === `/incidents/${incidentId}/history`);
    await page.getByTestId('history-step').waitFor();
  });
});
