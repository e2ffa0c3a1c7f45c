import request from 'supertest';
import { computeSchedule } from '@tocsin/domain';
import { onCallSchedulesView } from '@tocsin/read-models';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

const teams = '/api/v1/teams';
const schedulesOf = (teamId: string) => `${teams}/${teamId}/on_call_schedules`;

/** A team's on-call schedules over HTTP: their life, the final line, overrides, swaps, bad input, other tenants. */
describe('on-call schedules API', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let viewer: Client;
  let other: Client;
  let ownerId: string;
  let memberId: string;
  let viewerId: string;
  let otherUserId: string;
  let teamId: string;
  let otherTeamId: string;
  const lastPosition = async () => {
    const all = await app.runtime.infra.eventStore.readAll({ after: null, maxCount: 1, direction: 'backwards' });
    return all[0]?.position ?? null;
  };
  const weekly = (slots: string[][]) => ({
    name: 'Primary',
    time_zone: 'America/New_York',
    layers: [
      {
        name: 'Weekly',
        rotation: { slots, shift_length: 'P1W', handoff_time: '09:00', start_date: '2026-01-05' },
      },
    ],
  });

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
    viewer = await signInAs(app.url, 'viewer');
    ownerId = (await owner.get('/api/v1/me').expect(200)).body.data.user.id;
    memberId = (await member.get('/api/v1/me').expect(200)).body.data.user.id;
    viewerId = (await viewer.get('/api/v1/me').expect(200)).body.data.user.id;
    other = await signUpOtherOwner(app.url, 'schedules-other', 'Other Owner');
    otherUserId = (await other.get('/api/v1/me').expect(200)).body.data.user.id;
    teamId = (await owner.post(teams).send({ name: 'Database' }).expect(201)).body.data.id;
    otherTeamId = (await other.post(teams).send({ name: 'Theirs' }).expect(201)).body.data.id;
  });
  afterAll(() => app.close());

  it('creates, reads, lists, changes and deletes a schedule, keeping the past as it was', async () => {
    const created = (
      await member
        .post(schedulesOf(teamId))
        .send(weekly([[memberId], [viewerId]]))
        .expect(201)
    ).body.data;
    expect(created).toMatchObject({
      team_id: teamId,
      name: 'Primary',
      time_zone: 'America/New_York',
      layers: [
        {
          id: expect.any(String),
          name: 'Weekly',
          rotation: {
            slots: [[memberId], [viewerId]],
            shift_length: 'P1W',
            handoff_time: '09:00',
            start_date: '2026-01-05',
            restrictions: [],
          },
          ends_at: null,
        },
      ],
      overrides: [],
      has_feed: false,
      revision: 0,
    });
    const path = `${schedulesOf(teamId)}/${created.id}`;
    expect((await viewer.get(path).expect(200)).body.data).toEqual(created);
    const listed = (await viewer.get('/api/v1/signals/on_call_schedules').expect(200)).body.data;
    const row = listed.find((s: { id: string }) => s.id === created.id);
    expect(row.now.users.map((u: { id: string }) => u.id)).toHaveLength(1);
    expect(row.next).not.toBeNull();

    const before = (
      await viewer
        .get(`${path}/final`)
        .query({ from: new Date().toISOString(), to: new Date(Date.now() + 14 * 86_400_000).toISOString() })
        .expect(200)
    ).body.data;
    // a layer without a rotation, or with a list for one, is refused, not read (it used to answer 500)
    for (const rotation of [undefined, [[[]]], 'weekly'])
      await member
        .patch(path)
        .send({ layers: [{ name: 'Broken', rotation }] })
        .expect(400);
    const changed = (
      await member
        .patch(path)
        .send({ name: ' Primary rota ', layers: [{ ...weekly([[viewerId]]).layers[0], id: created.layers[0].id }] })
        .expect(200)
    ).body.data;
    expect(changed).toMatchObject({ name: 'Primary rota', revision: 1 });
    expect(changed.layers[0].rotation.slots).toEqual([[viewerId]]);
    // the history is a fold of the log: the document holds both versions, the first from its creation
    const doc = await onCallSchedulesView.find(
      app.runtime.infra.readStore,
      created.orgId ?? (await orgIdOf(owner)),
      created.id,
    );
    expect(doc!.versions).toHaveLength(2);
    const input = { versions: doc!.versions, removals: [] };
    // a window before the edit still shows the first rotation's people
    const past = computeSchedule(input, { from: doc!.versions[0].from, to: doc!.versions[1].from }).final;
    expect(past.flatMap((s) => s.userIds).some((id) => id === memberId || id === viewerId)).toBe(true);
    expect(before.final.length).toBeGreaterThan(0);

    await member.delete(path).expect(204);
    await viewer.get(path).expect(404);
  });

  it('answers final, gaps and the preview in ISO-8601, and bounds the window', async () => {
    const created = (
      await owner
        .post(schedulesOf(teamId))
        .send(weekly([[memberId]]))
        .expect(201)
    ).body.data;
    const path = `${schedulesOf(teamId)}/${created.id}`;
    const window = { from: '2026-01-05T00:00:00Z', to: '2026-01-20T00:00:00Z' };
    const final = (await viewer.get(`${path}/final`).query(window).expect(200)).body.data;
    expect(final.from).toBe('2026-01-05T00:00:00.000Z');
    // created now: before its first version nobody is on call (the past is not rewritten)
    expect(final.final.every((s: { users: unknown[] }) => s.users.length === 0)).toBe(true);
    const bad = await viewer.get(`${path}/final`).query({ from: 'yesterday', to: window.to }).expect(400);
    expect(bad.body.fields.from).toEqual(['from must be a date and time with its offset, like 2026-03-08T07:00:00Z']);
    const long = await viewer.get(`${path}/final`).query({ from: window.from, to: '2027-06-01T00:00:00Z' }).expect(400);
    expect(long.body.fields.to).toEqual(['to must be at most 400 days after from: ask for a shorter window']);
    expect((await viewer.get(`${path}/gaps`).expect(200)).body.data).toEqual([]);

    const preview = await member
      .post(`${schedulesOf(teamId)}/preview`)
      .send({
        ...weekly([[memberId], [viewerId]]),
        name: undefined,
        from: '2026-03-01T00:00:00Z',
        to: '2026-03-22T00:00:00Z',
      })
      .expect(200);
    const shifts = preview.body.data.final.filter((s: { users: unknown[] }) => s.users.length > 0);
    // hands off at 09:00 New York on Monday, before (EST, 14:00Z) and after (EDT, 13:00Z) the change of 8 March
    expect(shifts.map((s: { start: string }) => s.start)).toEqual(
      expect.arrayContaining(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-16T13:00:00.000Z']),
    );
    const week = shifts.find((s: { start: string }) => s.start === '2026-03-02T14:00:00.000Z');
    expect(week.length_change_minutes).toBe(-60);
    expect(week.users[0]).toMatchObject({ id: memberId, reason: { kind: 'layer', layer_name: 'Weekly' } });
    await viewer
      .post(`${schedulesOf(teamId)}/preview`)
      .send({ ...weekly([[memberId]]), from: window.from, to: window.to })
      .expect(403);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await lastPosition();
    const cases: Array<[object, string]> = [
      [{ ...weekly([[memberId]]), name: ' ' }, 'name'],
      [{ ...weekly([[memberId]]), time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ ...weekly([[memberId]]), layers: 'x' }, 'layers'],
      [{ ...weekly([]) }, 'layers[0].rotation.slots'],
      [
        {
          ...weekly([[memberId]]),
          layers: [
            {
              ...weekly([[memberId]]).layers[0],
              rotation: { ...weekly([[memberId]]).layers[0].rotation, shift_length: 'P1Y' },
            },
          ],
        },
        'layers[0].rotation.shift_length',
      ],
      [
        {
          ...weekly([[memberId]]),
          layers: [
            {
              ...weekly([[memberId]]).layers[0],
              rotation: { ...weekly([[memberId]]).layers[0].rotation, handoff_time: '25:00' },
            },
          ],
        },
        'layers[0].rotation.handoff_time',
      ],
      [
        {
          ...weekly([[memberId]]),
          layers: [
            {
              ...weekly([[memberId]]).layers[0],
              rotation: {
                ...weekly([[memberId]]).layers[0].rotation,
                restrictions: [{ type: 'daily', start_time: '22:00', duration: 'PT25H' }],
              },
            },
          ],
        },
        'layers[0].rotation.restrictions[0].duration',
      ],
      [{ ...weekly([[memberId]]), extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await owner.post(schedulesOf(teamId)).send(body).expect(400);
      expect(Object.keys(response.body.fields)).toContain(field);
    }
    // a user of another organization is not found, like an unknown one
    await owner
      .post(schedulesOf(teamId))
      .send(weekly([[otherUserId]]))
      .expect(404);
    expect(await lastPosition()).toBe(before);
  });

  it('adds and removes overrides, asks and takes a swap, and answers 404 for another organization', async () => {
    const created = (
      await owner
        .post(schedulesOf(teamId))
        .send(weekly([[memberId]]))
        .expect(201)
    ).body.data;
    const path = `${schedulesOf(teamId)}/${created.id}`;
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const withOverride = (
      await owner
        .post(`${path}/overrides`)
        .send({ kind: 'replace', start, end, user_id: ownerId, replaces_user_id: memberId })
        .expect(201)
    ).body.data;
    expect(withOverride.overrides).toEqual([
      { id: expect.any(String), kind: 'replace', start, end, user_id: ownerId, replaces_user_id: memberId },
    ]);
    const bad = await owner
      .post(`${path}/overrides`)
      .send({ kind: 'replace', start: end, end: start, user_id: ownerId, replaces_user_id: memberId })
      .expect(400);
    expect(bad.body.fields.end).toEqual(['end must be after start']);
    await viewer.post(`${path}/overrides`).send({ kind: 'add', start, end, user_id: viewerId }).expect(403);
    await owner.delete(`${path}/overrides/${withOverride.overrides[0].id}`).expect(204);
    await owner.delete(`${path}/overrides/${withOverride.overrides[0].id}`).expect(404);

    // the member asks for a day of their week to be covered; the viewer takes it: a replace override
    const asked = (await member.post(`${path}/swaps`).send({ start, end, note: 'Dentist' }).expect(201)).body.data;
    const swap = asked.swaps[0];
    expect(swap).toMatchObject({ requester_id: memberId, status: 'open', note: 'Dentist' });
    await viewer.post(`${path}/swaps`).send({ start, end }).expect(400); // not on call then
    await member.post(`${path}/swaps/${swap.id}/take`).send({}).expect(400); // not one's own
    const taken = (await viewer.post(`${path}/swaps/${swap.id}/take`).send({}).expect(200)).body.data;
    expect(taken.swaps[0]).toMatchObject({ status: 'taken', taker_id: viewerId, assigned_by: null });
    expect(taken.overrides).toEqual([
      { id: taken.swaps[0].override_id, kind: 'replace', start, end, user_id: viewerId, replaces_user_id: memberId },
    ]);
    await owner.post(`${path}/swaps/${swap.id}/take`).send({}).expect(409);
    const final = (await viewer.get(`${path}/final`).query({ from: start, to: end }).expect(200)).body.data.final;
    expect(final).toEqual([
      expect.objectContaining({
        start,
        end,
        users: [
          expect.objectContaining({
            id: viewerId,
            reason: { kind: 'override', override_id: taken.swaps[0].override_id },
          }),
        ],
      }),
    ]);

    // another organization's schedule, team or override: 404, and nothing written
    const before = await lastPosition();
    await other.get(path).expect(404);
    await other.get(`${path}/final`).query({ from: start, to: end }).expect(404);
    await other
      .post(`${schedulesOf(otherTeamId)}/${created.id}/overrides`)
      .send({ kind: 'add', start, end, user_id: otherUserId })
      .expect(404);
    await other
      .patch(`${schedulesOf(otherTeamId)}/${created.id}`)
      .send({ name: 'Mine' })
      .expect(404);
    await other.delete(`${schedulesOf(otherTeamId)}/${created.id}`).expect(404);
    expect(await lastPosition()).toBe(before);
    expect((await other.get('/api/v1/signals/on_call_schedules').expect(200)).body.data).toEqual([]);
  });
});

async function orgIdOf(client: Client): Promise<string> {
  return (await client.get('/api/v1/me').expect(200)).body.data.organization.id;
}

void request;
