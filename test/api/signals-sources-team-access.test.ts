import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { createSource, sources } from './signals-ingest.support';

const teams = '/api/v1/teams';
const FLAG = '/api/v1/organization/feature_flags/rbacCandidateControl';

/**
 * Event sources are signals resources of their default team (SPEC.md section 6, combined check): while
 * permissions decide (rbacCandidateControl), a team that restricts its signals resources' management lets
 * only those holding the team's manage_event_sources (and owners) create, change, rotate or delete its sources.
 */
describe('event sources under the combined check', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let memberId: string;
  let restricted: string;
  let open: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
    memberId = (await member.get('/api/v1/me').expect(200)).body.data.user.id;
    restricted = (
      await owner.post(teams).send({ name: 'Restricted', restrict_signals_resource_management: true }).expect(201)
    ).body.data.id;
    open = (await owner.post(teams).send({ name: 'Open' }).expect(201)).body.data.id;
  });
  afterAll(() => app.close());

  it('roles decide while the flag is off: a member manages any team’s sources', async () => {
    const made = await createSource(member, { name: 'Before', format: 'generic', team_id: restricted });
    await member.delete(`${sources}/${made.id}`).expect(204);
  });

  it("with the flag on, a restricted team's sources need the team's permission; owners and open teams pass", async () => {
    await owner.put(FLAG).send({ enabled: true }).expect(200);
    try {
      const refused = await member
        .post(sources)
        .send({ name: 'Mine', format: 'generic', team_id: restricted })
        .expect(403);
      expect(refused.body.message).toContain(
        "'Manage event sources' is required to perform this action on the team Restricted",
      );
      expect(refused.body.permission).toBe('manage_event_sources');

      const theirs = await createSource(owner, { name: 'Restricted tool', format: 'generic', team_id: restricted });
      await member.patch(`${sources}/${theirs.id}`).send({ name: 'Renamed' }).expect(403);
      await member.post(`${sources}/${theirs.id}/rotate_token`).expect(403);
      await member.post(`${sources}/${theirs.id}/signing_secret`).expect(403);
      await member.delete(`${sources}/${theirs.id}/signing_secret`).expect(403);
      await member.delete(`${sources}/${theirs.id}`).expect(403);
      // reading stays the organization's permission
      await member.get(`${sources}/${theirs.id}`).expect(200);

      // an open team's source: the organization's permission; moving it into the restricted team is refused
      const mine = await createSource(member, { name: 'Open tool', format: 'generic', team_id: open });
      await member.patch(`${sources}/${mine.id}`).send({ team_id: restricted }).expect(403);
      await member.patch(`${sources}/${mine.id}`).send({ name: 'Open tool 2' }).expect(200);
      // a made-up team or source is still the handler's 400 / 404, not a leak through the check
      const unknownTeam = await member
        .post(sources)
        .send({ name: 'x', format: 'generic', team_id: 'nope' })
        .expect(400);
      expect(unknownTeam.body.fields).toEqual({ team_id: ['team_id must be a team of the organization'] });
      await member.delete(`${sources}/nope`).expect(404);

      // given the team's permission, the member manages the restricted team's sources
      await owner
        .post(`${teams}/${restricted}/memberships`)
        .send({ user_id: memberId, permissions: ['manage_event_sources'] })
        .expect(201);
      await member.patch(`${sources}/${theirs.id}`).send({ name: 'Renamed' }).expect(200);
      await member.post(`${sources}/${theirs.id}/rotate_token`).expect(201);
      await member.delete(`${sources}/${theirs.id}`).expect(204);
    } finally {
      await owner.put(FLAG).send({ enabled: false }).expect(200);
    }
  });
});
