import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  INCIDENTS_API,
  incidentFollowUpsPath,
  incidentMilestonePath,
  incidentNotesPath,
  incidentRolePath,
  incidentStarPath,
  retrospectiveAnswerPath,
  retrospectiveFactorsPath,
  retrospectivePath,
  type Incident,
  type Retrospective,
} from '@tocsin/contracts';
import { checkScreen } from '../support/accessibility';
import { expectText, newPage, useBrowserSuite } from '../support/browser';
import { demoUserId } from '../support/paging';
import { pdfText } from '../support/pdf-text';
import { signInAs, type Client } from '../support/session';
import { signIn, type DemoRole } from './sign-in';

/** "Within a second" (issue 21), with a little room for a busy test machine. */
const LIVE_MS = 1500;

/** An incident's retrospective screen (issue 21) against the real server (`npm run build:web` first). */
describe('incident retrospective screen', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const name = `Checkout down ${Date.now().toString(36)}`;
  let owner: Client;
  let incident: Incident;
  const pages: Page[] = [];
  afterAll(async () => {
    for (const page of pages) await page.context().close();
  });

  beforeAll(async () => {
    owner = await signInAs(suite.app.url, 'owner');
    incident = (
      await owner
        .post(INCIDENTS_API)
        .send({ name, severity_id: 'sev1', started_at: '2026-11-27T10:00:00.000Z' })
        .expect(201)
    ).body.data as Incident;
    for (const [key, at] of [
      ['detected', '2026-11-27T10:04:00.000Z'],
      ['resolved', '2026-11-27T10:40:00.000Z'],
    ])
      await owner.put(incidentMilestonePath(incident.id, key)).send({ at }).expect(200);
    await owner
      .put(incidentRolePath(incident.id, 'commander'))
      .send({ user_id: demoUserId('collaborator') })
      .expect(200);
    await owner.post(incidentFollowUpsPath(incident.id)).send({ title: 'Add a canary stage' }).expect(201);
    await owner.post(incidentNotesPath(incident.id)).send({ body: 'Rolled back release 42' }).expect(201);
    const timeline = (await owner.get(`${INCIDENTS_API}/${incident.id}/timeline`).expect(200)).body.data as Array<{
      position: number;
      kind: string;
    }>;
    const note = timeline.find((e) => e.kind === 'note')!;
    await owner.put(incidentStarPath(incident.id, note.position)).send({ starred: true }).expect(200);
    await signIn(suite.page, 'collaborator');
  });

  it('starts from a template, answers a question, goes to review and exports a PDF that reads back', async () => {
    const page = suite.page;
    await page.goto(`/incidents/${incident.id}/retrospective`);
    await page.getByRole('heading', { name: 'Retrospective', level: 1 }).waitFor();
    const template = page.getByRole('combobox', { name: 'Template' });
    await template.waitFor();
    // the default template is filled in once the templates have loaded, which can follow the field itself
    const deadline = Date.now() + 10_000;
    while ((await template.inputValue()) !== 'Standard retrospective' && Date.now() < deadline)
      await page.waitForTimeout(100);
    expect(await template.inputValue()).toBe('Standard retrospective');
    await checkScreen(page, 'incident-retrospective-start');
    await page.getByRole('button', { name: 'Start retrospective' }).click();

    const title = `Retrospective: ${incident.reference}: ${name}`;
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await page.getByTestId('retrospective-status').textContent()).toBe('In progress');
    // the pre-filled parts, read-only
    await page.getByRole('cell', { name: '2026-11-27 10:04 UTC' }).waitFor();
    await page.getByRole('cell', { name: '40 mins' }).waitFor();
    await page.getByRole('cell', { name: 'Note: Rolled back release 42' }).waitFor();
    await page.getByRole('cell', { name: 'Add a canary stage' }).waitFor();

    const retro = (await owner.get(retrospectivePath(incident.id)).expect(200)).body.data as Retrospective;
    const [first, second] = retro.sections[0].questions;
    const answerBox = (questionId: string) => page.getByTestId(`question-${questionId}`).getByRole('textbox');
    await answerBox(first.id).fill('A bad deploy of the payments service.');
    await page.getByTestId(`question-${first.id}`).getByRole('button', { name: 'Save answer' }).click();
    await page.getByTestId(`question-${first.id}`).getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    // the owner answers the second question while this page is editing it: its save is refused with theirs
    await answerBox(second.id).fill('Checkout only');
    await owner
      .put(retrospectiveAnswerPath(incident.id, second.id))
      .send({ answer: 'Payments, for 40 minutes.', revision: 0 })
      .expect(200);
    await page.getByTestId(`question-${second.id}`).getByRole('button', { name: 'Save answer' }).click();
    await page.getByTestId('answer-conflict').waitFor();
    expect(await page.getByTestId('their-answer').textContent()).toBe('Payments, for 40 minutes.');
    await checkScreen(page, 'incident-retrospective-conflict');
    await page.getByRole('button', { name: 'Use theirs' }).click();
    expect(await answerBox(second.id).inputValue()).toBe('Payments, for 40 minutes.');

    await page.getByRole('textbox', { name: 'Contributing factor' }).fill('No canary for payments');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('contributing-factors').getByText('No canary for payments').waitFor();

    await page.getByRole('button', { name: 'Move to review' }).click();
    await page.getByTestId('retrospective-status').filter({ hasText: 'In review' }).waitFor();
    await page.getByRole('button', { name: 'Complete' }).waitFor();
    await checkScreen(page, 'incident-retrospective');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${incident.reference}-retrospective.pdf`);
    const { text } = await pdfText(await readFile((await download.path())!));
    expect(text).toContain(title);
    for (const heading of ['Overview', 'Timeline', 'Contributing factors', 'Follow-ups'])
      expect(text).toContain(heading);
    expect(text).toContain('Detected 2026-11-27 10:04 UTC');
    expect(text).toContain('Add a canary stage');
    expect(text).toContain('A bad deploy of the payments service.');
    expect(text).toContain('No canary for payments');
    expect(text).toContain('In review');
  }, 90_000);

  it('two people on one retrospective: the other sees an answer, a factor and the state within a second, and who is here', async () => {
    const title = `Live retro ${Date.now().toString(36)}`;
    const live = (await owner.post(INCIDENTS_API).send({ name: title }).expect(201)).body.data as Incident;
    const retro = (await owner.post(retrospectivePath(live.id)).send({ template_id: 'standard' }).expect(201)).body
      .data as Retrospective;
    const [first, second] = retro.sections[0].questions;
    const heading = `Retrospective: ${live.reference}: ${title}`;
    const open = async (role: DemoRole) => {
      const page = await newPage(suite.browser, suite.app.url);
      page.context().setDefaultTimeout(10_000);
      pages.push(page);
      await signIn(page, role);
      await page.goto(`/incidents/${live.id}/retrospective`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      return page;
    };
    const answerBox = (page: Page, questionId: string) =>
      page.getByTestId(`question-${questionId}`).getByRole('textbox');
    const answerIs = (page: Page, questionId: string, value: string, timeout: number) =>
      page.waitForFunction(
        ([id, expected]) =>
          (document.querySelector(`[data-testid="question-${id}"] textarea`) as HTMLTextAreaElement | null)?.value ===
          expected,
        [questionId, value] as const,
        { timeout },
      );

    const a = await open('owner');
    const b = await open('collaborator');
    await expectText(b.getByTestId('viewing-now'), 'Viewing now: Demo Owner, you');
    await expectText(a.getByTestId('viewing-now'), 'Viewing now: Demo Collaborator, you');

    // A types an answer: B sees who is typing, then the answer, within a second
    await answerBox(a, first.id).fill('A bad deploy of the payments service.');
    await expectText(b.getByTestId('typing-now'), 'Demo Owner is typing an answer…', 3000);
    await a.getByTestId(`question-${first.id}`).getByRole('button', { name: 'Save answer' }).click();
    await answerIs(b, first.id, 'A bad deploy of the payments service.', LIVE_MS);
    await expectText(b.getByTestId('typing-now'), '', 3000);

    // a contributing factor and the state, within a second too
    await a.getByRole('textbox', { name: 'Contributing factor' }).fill('No canary for payments');
    await a.getByRole('button', { name: 'Add', exact: true }).click();
    await b.getByTestId('contributing-factors').getByText('No canary for payments').waitFor({ timeout: LIVE_MS });
    await a.getByRole('button', { name: 'Move to review' }).click();
    await b.getByTestId('retrospective-status').filter({ hasText: 'In review' }).waitFor({ timeout: LIVE_MS });
    await checkScreen(b, 'incident-retrospective-live');

    // B's connection drops: what A did meanwhile shows once it is back
    await b.context().setOffline(true);
    await expectText(b.getByTestId('connection-badge'), 'Live updates: Reconnecting');
    await owner
      .put(retrospectiveAnswerPath(live.id, second.id))
      .send({ answer: 'Checkout, for 40 minutes.', revision: 0 })
      .expect(200);
    await owner.post(retrospectiveFactorsPath(live.id)).send({ text: 'Slow rollback' }).expect(201);
    await b.waitForTimeout(300);
    expect(await answerBox(b, second.id).inputValue()).toBe('');
    await b.context().setOffline(false);
    await answerIs(b, second.id, 'Checkout, for 40 minutes.', 10_000);
    await b.getByTestId('contributing-factors').getByText('Slow rollback').waitFor();
    await expectText(b.getByTestId('viewing-now'), 'Viewing now: Demo Owner, you');
  }, 90_000);
});
