import request from 'supertest';
import { CSRF_HEADER, TEAMS_API, teamPath } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

/**
 * SPEC.md section 7 writes the change of a team as PATCH /teams/{id}, an absolute path: it is the handler of
 * PATCH /api/v1/teams/{id}, with the same session, CSRF, permission, tenant and input rules.
 */
describe('PATCH /teams/{id}, the path SPEC.md section 7 writes', () => {
  let app: TestApp;
  let owner: Client;
  let viewer: Client;
  const head = () => app.runtime.infra.eventStore.headPosition();
  const specPath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}`;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    viewer = await signInAs(app.url, 'viewer');
  });
  afterAll(() => app.close());

  it('renames a team at /teams/{id}, answering what /api/v1/teams/{id} answers', async () => {
    const team = (await owner.post(TEAMS_API).send({ name: 'Spec path' }).expect(201)).body.data;
    const renamed = await owner.patch(specPath(team.id)).send({ name: 'Spec path renamed' }).expect(200);
    expect(renamed.body.data).toMatchObject({ id: team.id, name: 'Spec path renamed' });
    expect((await owner.get(teamPath(team.id)).expect(200)).body).toEqual(renamed.body);
    const again = await owner.patch(teamPath(team.id)).send({ name: 'Via api v1' }).expect(200);
    expect(again.body.data.name).toBe('Via api v1');
  });

  it('refuses there as at /api/v1: bad input, no CSRF header, a viewer, no session, another organization', async () => {
    const team = (await owner.post(TEAMS_API).send({ name: 'Guarded' }).expect(201)).body.data;
    const email = `teams-spec-other-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'teams-spec-paths-1', organization_name: 'Other Co' });
    const other = await signIn(app.url, email, 'teams-spec-paths-1');
    const before = await head();
    for (const path of [specPath(team.id), teamPath(team.id)]) {
      expect((await owner.patch(path).send({ name: '' }).expect(400)).body.fields).toEqual(
        (await owner.patch(teamPath(team.id)).send({ name: '' }).expect(400)).body.fields,
      );
      expect((await owner.patch(path).send({ owner: 'me' }).expect(400)).body.fields).toEqual({
        owner: ['property owner should not exist'],
      });
      expect((await owner.agent.patch(path).send({ name: 'No header' }).expect(403)).body.error).toBe('csrf');
      await owner.agent.patch(path).set(CSRF_HEADER, 'not-the-cookie').send({ name: 'Wrong header' }).expect(403);
      await viewer.patch(path).send({ name: 'Viewer' }).expect(403);
      await request(app.url).patch(path).send({ name: 'Anonymous' }).expect(401);
      await other.patch(path).send({ name: 'Mine now' }).expect(404);
    }
    expect(await head()).toBe(before);
    expect((await owner.get(teamPath(team.id)).expect(200)).body.data.name).toBe('Guarded');
  });
});
