import request from 'supertest';
import { teamStream } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs, type Client } from '../support/session';
import { acceptLinkIn, PASSWORD, registerOrg, tokenOf } from './organization-admin.support';

const teams = '/api/v1/teams';

/** Removing someone from an organization takes them out of its teams, and only its teams. */
describe('team memberships of a removed member', () => {
  let app: TestApp;
  let owner: Client;

  const invite = async (email: string) => {
    await owner.post('/api/v1/invitations').send({ email, role: 'member' }).expect(201);
    const mails = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body
      .data as Array<{ text: string }>;
    return tokenOf(acceptLinkIn(mails[0].text)); // newest first
  };
  const memberIds = async (client: Client, teamId: string) =>
    ((await client.get(`${teams}/${teamId}`).expect(200)).body.data.memberships as Array<{ user: { id: string } }>).map(
      (m) => m.user.id,
    );

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(() => app.close());

  it('removes them from every team of that organization, keeps their teams elsewhere, and lets them be added again after rejoining', async () => {
    // someone with an organization of their own, and a team there
    const { client: leaver, userId } = await registerOrg(app.url, `leaver-${Date.now()}@example.com`, 'Leaver Co');
    const email = (await leaver.get('/api/v1/me').expect(200)).body.data.user.email as string;
    const ownTeam = (await leaver.post(teams).send({ name: 'Home team' }).expect(201)).body.data.id as string;
    await leaver
      .post(`${teams}/${ownTeam}/memberships`)
      .send({ user_id: userId, permissions: ['manage_teams'] })
      .expect(201);

    // joins the demo organization and two of its teams
    await leaver
      .post(`/api/v1/invitations/${await invite(email)}/accept`)
      .send({})
      .expect(201);
    const payments = (await owner.post(teams).send({ name: 'Payments' }).expect(201)).body.data.id as string;
    const search = (await owner.post(teams).send({ name: 'Search' }).expect(201)).body.data.id as string;
    const untouched = (await owner.post(teams).send({ name: 'Untouched' }).expect(201)).body.data.id as string;
    for (const team of [payments, search])
      await owner
        .post(`${teams}/${team}/memberships`)
        .send({ user_id: userId, permissions: ['read_teams'] })
        .expect(201);
    const demoMemberId = (await (await signInAs(app.url, 'member')).get('/api/v1/me').expect(200)).body.data.user
      .id as string;
    await owner.post(`${teams}/${payments}/memberships`).send({ user_id: demoMemberId, permissions: [] }).expect(201);
    const untouchedBefore = (await app.runtime.infra.eventStore.readStream(teamStream(untouched))).length;

    const removal = await owner.delete(`/api/v1/users/${userId}`).set('X-Correlation-Id', 'remove-leaver').expect(204);
    expect(removal.status).toBe(204);
    // the answer waited: the teams already read without them
    expect(await memberIds(owner, payments)).toEqual([demoMemberId]);
    expect(await memberIds(owner, search)).toEqual([]);
    const mine = (await owner.get(teams).query({ my_teams: true }).expect(200)).body.data as unknown[];
    expect(mine).toEqual([]);

    // each team's own stream records why they left; other teams and organizations are left alone
    const left = (await app.runtime.infra.eventStore.readStream(teamStream(search))).at(-1)!;
    expect(left).toMatchObject({
      type: 'TeamMemberRemoved',
      data: { teamId: search, userId },
      metadata: { orgId: 'org-demo', correlationId: 'remove-leaver' },
    });
    expect((await app.runtime.infra.eventStore.readStream(teamStream(untouched))).length).toBe(untouchedBefore);
    // their session in the demo organization ended with the removal; at home nothing changed
    const back = await signIn(app.url, email, PASSWORD);
    expect(await memberIds(back, ownTeam)).toEqual([userId]);

    // rejoining starts with no team places, and they can be given again
    await back
      .post(`/api/v1/invitations/${await invite(email)}/accept`)
      .send({})
      .expect(201);
    expect(await memberIds(owner, search)).toEqual([]);
    await owner
      .post(`${teams}/${search}/memberships`)
      .send({ user_id: userId, permissions: ['read_teams'] })
      .expect(201);
    expect(await memberIds(owner, search)).toEqual([userId]);
  });

  it('does not take a rejoined member out of their teams when the old removal is replayed at the next start', async () => {
    const { client: leaver, userId } = await registerOrg(app.url, `rejoin-${Date.now()}@example.com`, 'Rejoin Co');
    const email = (await leaver.get('/api/v1/me').expect(200)).body.data.user.email as string;
    await leaver
      .post(`/api/v1/invitations/${await invite(email)}/accept`)
      .send({})
      .expect(201);
    await owner.delete(`/api/v1/users/${userId}`).expect(204);
    await (
      await signIn(app.url, email, PASSWORD)
    )
      .post(`/api/v1/invitations/${await invite(email)}/accept`)
      .send({})
      .expect(201);
    const team = (await owner.post(teams).send({ name: 'Rejoined' }).expect(201)).body.data.id as string;
    await owner.post(`${teams}/${team}/memberships`).send({ user_id: userId, permissions: [] }).expect(201);

    // the same log, a new process: the read models and the reactor's checkpoint start from nothing
    const dataDir = app.dataDir;
    const restarted = await startApp({ dataDir });
    try {
      const again = await signInAs(restarted.url, 'owner');
      expect(await memberIds(again, team)).toEqual([userId]);
    } finally {
      await restarted.close();
    }
  });
});
