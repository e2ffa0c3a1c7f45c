import {
  RETROSPECTIVE_TEMPLATES_API,
  retrospectiveTemplateCopyPath,
  retrospectiveTemplatePath,
  type RetrospectiveTemplate,
} from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

const DEFAULT_SECTIONS = [
  'Summary',
  'Timeline',
  'Impact',
  'Contributing factors',
  'What went well',
  'What could be better',
  'Follow-ups',
];

/** Issue 21: retrospective templates in settings (read_incident_settings to read, manage_incident_settings to change). */
describe('retrospective templates', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  const head = () => app.runtime.infra.eventStore.headPosition();
  const list = async (client: Client = owner) =>
    (await client.get(RETROSPECTIVE_TEMPLATES_API).expect(200)).body.data as RetrospectiveTemplate[];
  const create = async (body: Record<string, unknown>, client: Client = owner) =>
    (await client.post(RETROSPECTIVE_TEMPLATES_API).send(body).expect(201)).body.data as RetrospectiveTemplate;
  const short = { name: 'Short review', sections: [{ title: 'Summary', questions: ['What happened?'] }] };

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
  });
  afterAll(() => app.close());

  it('a new organization has the standard template, with no event written for it', async () => {
    const email = `retro-defaults-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'New', email, password: 'retro-defaults-9', organization_name: 'Retro Org' });
    const fresh = await signIn(app.url, email, 'retro-defaults-9');
    const before = await head();
    const templates = await list(fresh);
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({
      id: 'standard',
      name: 'Standard retrospective',
      revision: 0,
      is_default: true,
    });
    expect(templates[0].sections.map((s) => s.title)).toEqual(DEFAULT_SECTIONS);
    expect(templates[0].sections[0].questions[0]).toEqual({ id: 's1q1', prompt: 'What happened, in a few sentences?' });
    expect((await fresh.get(retrospectiveTemplatePath('standard')).expect(200)).body.data.name).toBe(
      'Standard retrospective',
    );
    expect(await head()).toBe(before);
  });

  it('creates, reads, changes and deletes a template, sections and questions in order', async () => {
    const created = await create({
      name: '  Security incident ',
      description: 'For breaches.',
      sections: [
        { title: 'Exposure', questions: ['What data was reachable?', '', 'Who was told?'] },
        { title: 'Notes' },
      ],
    });
    expect(created).toMatchObject({ name: 'Security incident', description: 'For breaches.', revision: 1 });
    expect(created.sections).toEqual([
      {
        id: 's1',
        title: 'Exposure',
        questions: [
          { id: 's1q1', prompt: 'What data was reachable?' },
          { id: 's1q2', prompt: 'Who was told?' },
        ],
      },
      { id: 's2', title: 'Notes', questions: [] },
    ]);
    expect((await list()).map((t) => t.name)).toEqual(
      expect.arrayContaining(['Security incident', 'Standard retrospective']),
    );
    const changed = (
      await member
        .patch(retrospectiveTemplatePath(created.id))
        .send({ revision: 1, sections: [{ title: 'Notes', questions: ['Anything else?'] }, { title: 'Exposure' }] })
        .expect(200)
    ).body.data as RetrospectiveTemplate;
    expect(changed).toMatchObject({ name: 'Security incident', revision: 2 });
    expect(changed.sections.map((s) => [s.title, s.questions.map((q) => q.prompt)])).toEqual([
      ['Notes', ['Anything else?']],
      ['Exposure', []],
    ]);
    await owner.delete(retrospectiveTemplatePath(created.id)).expect(204);
    await owner.get(retrospectiveTemplatePath(created.id)).expect(404);
    await owner.patch(retrospectiveTemplatePath(created.id)).send({ revision: 2, name: 'Back' }).expect(404);
    expect((await list()).map((t) => t.id)).not.toContain(created.id);
  });

  it('copies a template as "Copy of X", the default one included', async () => {
    const copy = (await member.post(retrospectiveTemplateCopyPath('standard')).send({}).expect(201)).body
      .data as RetrospectiveTemplate;
    expect(copy).toMatchObject({ name: 'Copy of Standard retrospective', revision: 1, copied_from: 'standard' });
    expect(copy.id).not.toBe('standard');
    expect(copy.sections.map((s) => s.title)).toEqual(DEFAULT_SECTIONS);
    await owner.post(retrospectiveTemplateCopyPath('no-such-template')).send({}).expect(404);
    await owner.delete(retrospectiveTemplatePath(copy.id)).expect(204);
  });

  it('refuses a change made on a stale revision with 409 and the template as it is now, saving nothing', async () => {
    const created = await create(short);
    await owner.patch(retrospectiveTemplatePath(created.id)).send({ revision: 1, name: 'Saved first' }).expect(200);
    const before = await head();
    const stale = await member
      .patch(retrospectiveTemplatePath(created.id))
      .send({ revision: 1, name: 'Saved second' })
      .expect(409);
    expect(stale.body).toMatchObject({
      error: 'conflict',
      current: { id: created.id, name: 'Saved first', revision: 2 },
    });
    expect(stale.body.message).toMatch(/since you opened it/);
    expect(await head()).toBe(before);
    expect((await owner.get(retrospectiveTemplatePath(created.id)).expect(200)).body.data.name).toBe('Saved first');
  });

  it("changes the organization's default template from revision 0, and deleting it removes it from the list", async () => {
    const email = `retro-default-edit-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Edit', email, password: 'retro-default-9', organization_name: 'Retro Edit Org' });
    const fresh = await signIn(app.url, email, 'retro-default-9');
    await fresh.patch(retrospectiveTemplatePath('standard')).send({ revision: 1, name: 'Ours' }).expect(409);
    const changed = (
      await fresh
        .patch(retrospectiveTemplatePath('standard'))
        .send({ revision: 0, name: 'Our retrospective' })
        .expect(200)
    ).body.data as RetrospectiveTemplate;
    expect(changed).toMatchObject({ id: 'standard', name: 'Our retrospective', revision: 1, is_default: true });
    // the demo organization's default is its own
    expect((await owner.get(retrospectiveTemplatePath('standard')).expect(200)).body.data.name).toBe(
      'Standard retrospective',
    );
    await fresh.delete(retrospectiveTemplatePath('standard')).expect(204);
    expect(await list(fresh)).toEqual([]);
    await fresh.get(retrospectiveTemplatePath('standard')).expect(404);
  });

  it('answers bad input with 400 and field messages, writing nothing', async () => {
    const created = await create(short);
    const before = await head();
    const refused = async (method: 'post' | 'patch', path: string, body: unknown, field: string, message: string) => {
      const answer = await owner[method](path)
        .send(body as object)
        .expect(400);
      expect(answer.body.fields?.[field]).toEqual([message]);
    };
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { sections: short.sections },
      'name',
      'name is a required field',
    );
    await refused('post', RETROSPECTIVE_TEMPLATES_API, { ...short, name: '   ' }, 'name', 'name is a required field');
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { ...short, name: 'x'.repeat(101) },
      'name',
      'name must be at most 100 characters',
    );
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { name: 'x', sections: [] },
      'sections',
      'sections must hold from 1 to 20 sections',
    );
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { name: 'x', sections: 'many' },
      'sections',
      'sections must hold from 1 to 20 sections',
    );
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { name: 'x', sections: [{ title: ' ' }] },
      'sections[0].title',
      'sections[0].title is a required field',
    );
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { name: 'x', sections: [{ title: 'a', questions: [5] }] },
      'sections[0].questions',
      'sections[0].questions must be text prompts of at most 500 characters',
    );
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { name: 'x', sections: [{ title: 'a', questions: ['q'.repeat(501)] }] },
      'sections[0].questions',
      'sections[0].questions must be text prompts of at most 500 characters',
    );
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { name: 'x', sections: [{ title: 'a', questions: Array(11).fill('q') }] },
      'sections[0].questions',
      'sections[0].questions must hold at most 10 questions',
    );
    await refused(
      'post',
      RETROSPECTIVE_TEMPLATES_API,
      { name: 'x', sections: ['one'] },
      'sections[0]',
      'sections[0] must be a section: { title, questions }',
    );
    await refused(
      'patch',
      retrospectiveTemplatePath(created.id),
      { name: 'x' },
      'revision',
      'revision is a required field',
    );
    await refused(
      'patch',
      retrospectiveTemplatePath(created.id),
      { revision: '1', name: 'x' },
      'revision',
      'revision must be a whole number',
    );
    await refused(
      'patch',
      retrospectiveTemplatePath(created.id),
      { revision: 1, sections: [] },
      'sections',
      'sections must hold from 1 to 20 sections',
    );
    await owner
      .post(RETROSPECTIVE_TEMPLATES_API)
      .send({ ...short, id: 'mine' })
      .expect(400);
    await owner.post(RETROSPECTIVE_TEMPLATES_API).send([short]).expect(400);
    expect(await head()).toBe(before);
  });

  it('lets collaborators read and members change; viewers neither', async () => {
    const collaborator = await signInAs(app.url, 'collaborator');
    const viewer = await signInAs(app.url, 'viewer');
    await collaborator.get(RETROSPECTIVE_TEMPLATES_API).expect(200);
    await collaborator.get(retrospectiveTemplatePath('standard')).expect(200);
    await collaborator.post(RETROSPECTIVE_TEMPLATES_API).send(short).expect(403);
    await collaborator.patch(retrospectiveTemplatePath('standard')).send({ revision: 0, name: 'x' }).expect(403);
    await collaborator.post(retrospectiveTemplateCopyPath('standard')).send({}).expect(403);
    await collaborator.delete(retrospectiveTemplatePath('standard')).expect(403);
    await viewer.get(RETROSPECTIVE_TEMPLATES_API).expect(403);
    await viewer.get(retrospectiveTemplatePath('standard')).expect(403);
    const made = await create(short, member);
    await member.delete(retrospectiveTemplatePath(made.id)).expect(204);
  });

  it("another organization's templates answer 404 and are not listed", async () => {
    const ours = await create({ ...short, name: 'Demo only' });
    const email = `retro-other-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'retro-other-org-9', organization_name: 'Other Retro' });
    const other = await signIn(app.url, email, 'retro-other-org-9');
    expect((await list(other)).map((t) => t.id)).toEqual(['standard']);
    await other.get(retrospectiveTemplatePath(ours.id)).expect(404);
    await other.patch(retrospectiveTemplatePath(ours.id)).send({ revision: 1, name: 'Taken' }).expect(404);
    await other.post(retrospectiveTemplateCopyPath(ours.id)).send({}).expect(404);
    await other.delete(retrospectiveTemplatePath(ours.id)).expect(404);
    expect((await owner.get(retrospectiveTemplatePath(ours.id)).expect(200)).body.data.name).toBe('Demo only');
  });
});
