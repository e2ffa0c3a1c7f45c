import {
  INCIDENTS_API,
  incidentFollowUpsPath,
  incidentMilestonePath,
  incidentNotesPath,
  incidentRolePath,
  incidentStarPath,
  retrospectiveAnswerPath,
  retrospectiveExportPath,
  retrospectiveFactorPath,
  retrospectiveFactorsPath,
  retrospectivePath,
  retrospectiveStatusPath,
  type Incident,
  type Retrospective,
} from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { demoUserId } from '../support/paging';
import { pdfText } from '../support/pdf-text';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

const binary = (res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Issue 21, "Retrospectives": an incident's retrospective, pre-filled from the incident, worked and exported. */
describe('retrospectives', () => {
  let app: TestApp;
  let owner: Client;
  let collaborator: Client;
  let viewer: Client;
  const head = () => app.runtime.infra.eventStore.headPosition();

  /** An incident with milestones, a starred note, a commander and a follow-up. */
  async function preparedIncident(name: string): Promise<Incident> {
    const incident = (
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
    await owner
      .post(incidentFollowUpsPath(incident.id))
      .send({ title: 'Add a canary stage', due_at: '2026-12-15T00:00:00Z' })
      .expect(201);
    const noted = (
      await owner.post(incidentNotesPath(incident.id)).send({ body: 'Rolled back release 42' }).expect(201)
    ).body.data as Incident;
    const timeline = (await owner.get(`${INCIDENTS_API}/${incident.id}/timeline`).expect(200)).body.data as Array<{
      position: number;
      kind: string;
    }>;
    const note = timeline.find((e) => e.kind === 'note')!;
    await owner.put(incidentStarPath(noted.id, note.position)).send({ starred: true }).expect(200);
    return incident;
  }

  const start = async (incidentId: string, client: Client = collaborator) =>
    (await client.post(retrospectivePath(incidentId)).send({ template_id: 'standard' }).expect(201)).body
      .data as Retrospective;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    collaborator = await signInAs(app.url, 'collaborator');
    viewer = await signInAs(app.url, 'viewer');
  });
  afterAll(() => app.close());

  it('starts from a template, pre-filled from the incident as it is now; one per incident', async () => {
    const incident = await preparedIncident('Checkout is down');
    await owner.get(retrospectivePath(incident.id)).expect(404);
    const retro = await start(incident.id);
    expect(retro).toMatchObject({ incident_id: incident.id, template_id: 'standard', status: 'in_progress' });
    expect(retro.sections.map((s) => s.title)).toContain('Contributing factors');
    expect(retro.answers.every((a) => a.revision === 0 && a.answer === '')).toBe(true);
    const text = JSON.stringify(retro.document);
    expect(retro.document.title).toBe(`Retrospective: ${incident.reference}: Checkout is down`);
    expect(text).toContain('SEV1');
    expect(text).toContain('2026-11-27 10:04 UTC');
    expect(text).toContain('40 mins');
    expect(text).toContain('Note: Rolled back release 42');
    expect(text).toContain('Add a canary stage');
    expect(text).toContain('2026-12-15');
    const overview = retro.document.sections[0].blocks.find((b) => b.kind === 'table' && b.columns[0] === 'Role') as {
      rows: string[][];
    };
    const commander = overview.rows.find((r) => r[0] === 'Commander')!;
    expect(commander[1]).not.toBe('Unassigned');
    expect(commander[1]).not.toBe(demoUserId('collaborator'));
    // a second start is refused, nothing written
    const before = await head();
    await owner.post(retrospectivePath(incident.id)).send({ template_id: 'standard' }).expect(409);
    expect(await head()).toBe(before);
    // the document follows the incident as it is now
    await owner
      .put(incidentMilestonePath(incident.id, 'mitigated'))
      .send({ at: '2026-11-27T10:20:00.000Z' })
      .expect(200);
    const now = (await viewer.get(retrospectivePath(incident.id)).expect(200)).body.data as Retrospective;
    expect(JSON.stringify(now.document)).toContain('2026-11-27 10:20 UTC');
  });

  it('answers per question without overwriting: a stale answer is 409 with the other one', async () => {
    const incident = await preparedIncident('Answers');
    const retro = await start(incident.id);
    const [first, second] = retro.sections[0].questions;
    const answered = (
      await collaborator
        .put(retrospectiveAnswerPath(incident.id, first.id))
        .send({ answer: 'A bad deploy', revision: 0 })
        .expect(200)
    ).body.data as Retrospective;
    expect(answered.answers.find((a) => a.question_id === first.id)).toMatchObject({
      answer: 'A bad deploy',
      revision: 1,
      answered_by: demoUserId('collaborator'),
    });
    // someone else on another question never collides
    await owner
      .put(retrospectiveAnswerPath(incident.id, second.id))
      .send({ answer: 'Payments', revision: 0 })
      .expect(200);
    // a stale answer to the first is refused with the collaborator's, nothing written
    const before = await head();
    const stale = await owner
      .put(retrospectiveAnswerPath(incident.id, first.id))
      .send({ answer: 'Mine', revision: 0 })
      .expect(409);
    expect(stale.body.current).toMatchObject({ question_id: first.id, answer: 'A bad deploy', revision: 1 });
    expect(stale.body.current.answered_by_name).toBeTruthy();
    expect(await head()).toBe(before);
    await owner.put(retrospectiveAnswerPath(incident.id, first.id)).send({ answer: 'Mine', revision: 1 }).expect(200);
    await owner.put(retrospectiveAnswerPath(incident.id, 'nope')).send({ answer: 'x', revision: 0 }).expect(404);
    // a viewer reads but does not answer
    await viewer.put(retrospectiveAnswerPath(incident.id, first.id)).send({ answer: 'x', revision: 2 }).expect(403);
  });

  it('contributing factors, states, and the exports (Markdown escaped, PDF read back)', async () => {
    const incident = await preparedIncident('Exports');
    const retro = await start(incident.id);
    const withFactor = (
      await collaborator.post(retrospectiveFactorsPath(incident.id)).send({ text: ' No canary ' }).expect(201)
    ).body.data as Retrospective;
    expect(withFactor.contributing_factors.map((f) => f.text)).toEqual(['No canary']);
    const other = (
      await collaborator.post(retrospectiveFactorsPath(incident.id)).send({ text: 'Gone soon' }).expect(201)
    ).body.data as Retrospective;
    const removed = (
      await collaborator.delete(retrospectiveFactorPath(incident.id, other.contributing_factors[1].id)).expect(200)
    ).body.data as Retrospective;
    expect(removed.contributing_factors.map((f) => f.text)).toEqual(['No canary']);
    await collaborator.delete(retrospectiveFactorPath(incident.id, 'nope')).expect(404);

    const question = retro.sections[0].questions[0];
    await collaborator
      .put(retrospectiveAnswerPath(incident.id, question.id))
      .send({ answer: '# Not a heading <b>x</b> [link](http://evil)', revision: 0 })
      .expect(200);

    const status = (to: string, code: number) =>
      collaborator.put(retrospectiveStatusPath(incident.id)).send({ status: to }).expect(code);
    await status('completed', 409);
    await status('in_review', 200);
    await status('in_progress', 200);
    await status('in_review', 200);
    expect(((await status('completed', 200)).body.data as Retrospective).status).toBe('completed');
    // completed takes no edit
    await collaborator
      .put(retrospectiveAnswerPath(incident.id, question.id))
      .send({ answer: 'late', revision: 1 })
      .expect(409);

    const md = await viewer.get(retrospectiveExportPath(incident.id, 'md')).expect(200);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['content-disposition']).toBe(`attachment; filename="${incident.reference}-retrospective.md"`);
    expect(md.text).toContain('Completed');
    expect(md.text).not.toMatch(/^# Not a heading/m);
    expect(md.text).not.toContain('<b>');
    expect(md.text).toContain('No canary');

    const pdf = await viewer.get(retrospectiveExportPath(incident.id, 'pdf')).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${incident.reference}-retrospective.pdf"`);
    const { text } = await pdfText(pdf.body as Buffer);
    expect(text).toContain(`Retrospective: ${incident.reference}: Exports`);
    for (const heading of ['Overview', 'Summary', 'Timeline', 'Contributing factors', 'Follow-ups'])
      expect(text).toContain(heading);
    expect(text).toContain('Detected 2026-11-27 10:04 UTC');
    expect(text).toContain('Add a canary stage');
    expect(text).toContain('No canary');
  });

  it('another organization finds nothing (404); bad input is 400 with field messages and writes nothing', async () => {
    const incident = await preparedIncident('Tenant');
    await start(incident.id);
    const email = `retro-other-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'retro-other-99', organization_name: 'Other Org' });
    const other = await signIn(app.url, email, 'retro-other-99');
    await other.get(retrospectivePath(incident.id)).expect(404);
    await other.get(retrospectiveExportPath(incident.id, 'md')).expect(404);
    await other.get(retrospectiveExportPath(incident.id, 'pdf')).expect(404);
    await other.post(retrospectivePath(incident.id)).send({ template_id: 'standard' }).expect(404);
    await other.put(retrospectiveStatusPath(incident.id)).send({ status: 'in_review' }).expect(404);
    await other.post(retrospectiveFactorsPath(incident.id)).send({ text: 'x' }).expect(404);

    const fresh = await preparedIncident('Bad input');
    const before = await head();
    const refused = async (path: string, body: unknown, field: string, method: 'post' | 'put' = 'post') => {
      const res = await owner[method](path)
        .send(body as object)
        .expect(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    };
    await refused(retrospectivePath(fresh.id), {}, 'template_id');
    await refused(retrospectivePath(fresh.id), { template_id: 'no-such-template' }, 'template_id');
    expect(await head()).toBe(before);
    const retro = (await owner.get(retrospectivePath(incident.id)).expect(200)).body.data as Retrospective;
    const q = retro.sections[0].questions[0].id;
    const mid = await head();
    await refused(retrospectiveAnswerPath(incident.id, q), { answer: 5, revision: 0 }, 'answer', 'put');
    await refused(retrospectiveAnswerPath(incident.id, q), { answer: 'x', revision: -1 }, 'revision', 'put');
    await refused(retrospectiveAnswerPath(incident.id, q), { answer: 'x'.repeat(20001), revision: 0 }, 'answer', 'put');
    await refused(retrospectiveFactorsPath(incident.id), { text: '   ' }, 'text');
    await refused(retrospectiveStatusPath(incident.id), { status: 'done' }, 'status', 'put');
    expect(await head()).toBe(mid);
    await owner.get(retrospectivePath(fresh.id)).expect(404);
  });
});
