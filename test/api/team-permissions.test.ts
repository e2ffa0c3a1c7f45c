import { Controller, Module, Post } from '@nestjs/common';
import { RequirePermission, TeamScoped } from '../../apps/api/src/access/access.decorators';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';

const teams = '/api/v1/teams';
const SUPPORT = 'Contact your organization administrator for support.';

/**
 * A team's signals resources (rules, escalation policies, schedules) are not built yet; this route stands
 * in for their mutations so every branch of the signals side of the combined check is exercised over HTTP.
 */
@Controller('api/v1/test/teams/:id/alert_rules')
class AlertRulesStandIn {
  @Post()
  @RequirePermission('manage_alert_rules')
  @TeamScoped({ signalsResource: true })
  change(): { ok: true } {
    return { ok: true };
  }
}

@Module({ controllers: [AlertRulesStandIn] })
class StandInModule {}

/** SPEC.md section 6 on the server: team-scoped mutations weigh the caller's permissions in the team. */
describe('team permissions on team-scoped routes', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let viewer: Client;
  let collaborator: Client;
  const ids = {} as Record<'owner' | 'member' | 'viewer' | 'collaborator', string>;
  let open: string;
  let restricted: string;

  const join = (team: string, who: keyof typeof ids, permissions: string[]) =>
    owner.post(`${teams}/${team}/memberships`).send({ user_id: ids[who], permissions }).expect(201);
  const rename = (client: Client, team: string, name: string) => client.patch(`${teams}/${team}`).send({ name });
  const changeRules = (client: Client, team: string) => client.post(`/api/v1/test/teams/${team}/alert_rules`).send({});

  beforeAll(async () => {
    app = await startApp({ extraModules: [StandInModule] });
    [owner, member, viewer, collaborator] = await Promise.all([
      signInAs(app.url, 'owner'),
      signInAs(app.url, 'member'),
      signInAs(app.url, 'viewer'),
      signInAs(app.url, 'collaborator'),
    ]);
    for (const [role, client] of Object.entries({ owner, member, viewer, collaborator })) {
      ids[role as keyof typeof ids] = (await client.get('/api/v1/me').expect(200)).body.data.user.id;
    }
    open = (await owner.post(teams).send({ name: 'Open', restrict_signals_resource_management: false }).expect(201))
      .body.data.id;
    restricted = (
      await owner.post(teams).send({ name: 'Restricted', restrict_signals_resource_management: true }).expect(201)
    ).body.data.id;
    await join(open, 'viewer', ['manage_teams', 'manage_alert_rules']);
    await join(open, 'collaborator', ['read_teams']);
    await join(restricted, 'viewer', ['manage_alert_rules']);
    await join(restricted, 'member', ['manage_alert_rules']);
  });
  afterAll(() => app.close());

  describe('while roles decide (rbacCandidateControl off, the default)', () => {
    it("refuses a viewer even with the team's manage_teams, with the organization's sentence", async () => {
      const { body } = await rename(viewer, open, 'Renamed by viewer').expect(403);
      expect(body).toEqual({
        error: 'forbidden',
        permission: 'manage_teams',
        message: `The permission 'Manage teams' is required to perform this action on the organization. ${SUPPORT}`,
      });
      await rename(member, open, 'Open').expect(200);
    });
  });

  describe('while permissions decide (rbacCandidateControl on)', () => {
    beforeAll(async () => {
      await owner.put('/api/v1/organization/feature_flags/rbacCandidateControl').send({ enabled: true }).expect(200);
    });

    describe('the team itself and its memberships: either permission suffices', () => {
      it("lets a member change a team they are not in (the organization's manage_teams)", async () => {
        await rename(member, open, 'Open (member)').expect(200);
        await member.get(`${teams}/${open}/member_options`).expect(200);
      });

      it("lets a viewer holding manage_teams in the team change it and its memberships (the team's manage_teams)", async () => {
        expect((await rename(viewer, open, 'Open').expect(200)).body.data.name).toBe('Open');
        await viewer.post(`${teams}/${open}/memberships`).send({ user_id: ids.owner, permissions: [] }).expect(201);
        await viewer
          .patch(`${teams}/${open}/memberships/${ids.owner}`)
          .send({ permissions: ['read_teams'] })
          .expect(200);
        await viewer.delete(`${teams}/${open}/memberships/${ids.owner}`).expect(204);
      });

      it('refuses a team member without manage_teams, and anyone outside the team without it, naming both permissions', async () => {
        const message = `The permission 'Manage teams' is required to perform this action on the organization, or 'Manage teams' on the team Open. ${SUPPORT}`;
        const { body } = await rename(collaborator, open, 'Nope').expect(403);
        expect(body).toEqual({ error: 'forbidden', permission: 'manage_teams', message });
        await collaborator
          .post(`${teams}/${open}/memberships`)
          .send({ user_id: ids.owner, permissions: [] })
          .expect(403);
        await collaborator.delete(`${teams}/${open}`).expect(403);
        const outside = await rename(viewer, restricted, 'Nope').expect(403);
        expect(outside.body.message).toBe(
          `The permission 'Manage teams' is required to perform this action on the organization, or 'Manage teams' on the team Restricted. ${SUPPORT}`,
        );
        expect((await owner.get(`${teams}/${open}`).expect(200)).body.data.name).toBe('Open');
      });

      it('answers 404 for a team that is not there, before weighing anything', async () => {
        expect((await rename(viewer, 'no-such-team', 'Nope').expect(404)).body).toEqual({
          error: 'not_found',
          message: 'Team not found',
        });
      });
    });

    describe("a team's signals resources", () => {
      it("of a team restricting their management: only the team's permission, or the organization's owner", async () => {
        const { body } = await changeRules(collaborator, restricted).expect(403);
        expect(body).toEqual({
          error: 'forbidden',
          permission: 'manage_alert_rules',
          message: `The permission 'Manage alert rules' is required to perform this action on the team Restricted. ${SUPPORT}`,
        });
        // a member of the organization holds manage_alert_rules there, but outside the team that is not enough
        await owner.delete(`${teams}/${restricted}/memberships/${ids.member}`).expect(204);
        expect((await changeRules(member, restricted).expect(403)).body.permission).toBe('manage_alert_rules');
        await join(restricted, 'member', ['manage_alert_rules']);
        await changeRules(member, restricted).expect(201);
        // a viewer holds it in the team
        await changeRules(viewer, restricted).expect(201);
        // the owner, in no team at all
        await changeRules(owner, restricted).expect(201);
      });

      it("of a team that does not restrict them: the organization's permission, whatever the team says", async () => {
        await changeRules(member, open).expect(201);
        const { body } = await changeRules(viewer, open).expect(403);
        expect(body).toEqual({
          error: 'forbidden',
          permission: 'manage_alert_rules',
          message: `The permission 'Manage alert rules' is required to perform this action on the organization. ${SUPPORT}`,
        });
      });
    });
  });
});
