import { INCIDENT_SETTINGS_API, incidentSettingsPartPath, type IncidentSettingsResource } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

type Settings = IncidentSettingsResource;

/** Incident settings end to end (issue 21): defaults, a save of each part, refusals, stale saves, who may do what. */
describe('incident settings', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let collaborator: Client;
  let viewer: Client;
  let other: Client;

  beforeAll(async () => {
    app = await startApp();
    [owner, member, collaborator, viewer] = await Promise.all(
      (['owner', 'member', 'collaborator', 'viewer'] as const).map((role) => signInAs(app.url, role)),
    );
    other = await signUpOtherOwner(app.url, 'other');
  });
  afterAll(() => app.close());

  const read = async (client: Client = member): Promise<Settings> =>
    (await client.get(INCIDENT_SETTINGS_API).expect(200)).body.data;
  const settingsEvents = async () =>
    (await app.runtime.infra.eventStore.readStream('incident-settings-' + (await orgIdOf(owner)))).length;
  const orgIdOf = async (client: Client) =>
    (await client.get('/api/v1/me').expect(200)).body.data.organization.id as string;

  it('a new organization starts with the defaults, every part at revision 0', async () => {
    const settings = await read(other);
    expect(settings.severities.map((s) => s.name)).toEqual(['SEV1', 'SEV2', 'SEV3', 'SEV4', 'SEV5']);
    expect(settings.priorities.map((p) => p.name)).toEqual(['P1', 'P2', 'P3', 'P4']);
    expect(settings.roles.map((r) => r.name)).toEqual(['Commander', 'Communications', 'Operations']);
    expect(settings.milestones.map((m) => m.name)).toEqual([
      'Started',
      'Detected',
      'Acknowledged',
      'Mitigated',
      'Resolved',
      'Retrospective completed',
      'Closed',
    ]);
    expect(settings.durations.map((d) => [d.from, d.to])).toEqual([
      ['started', 'detected'],
      ['started', 'acknowledged'],
      ['started', 'mitigated'],
      ['started', 'resolved'],
    ]);
    expect(settings.ticketing).toEqual({ provider: 'none', project_key: '', auto_create_follow_ups: false });
    expect(Object.values(settings.revisions).every((revision) => revision === 0)).toBe(true);
  });

  it('saves each part whole, gives new items ids of its own and bumps only that part’s revision', async () => {
    const before = await read();
    const severities = [
      ...before.severities.map(({ id, name, description, rank }) => ({ id, name, description, rank })),
      { name: 'SEV6', description: 'Nobody noticed.', rank: 6, id: null },
    ];
    severities[0].name = 'Critical';
    const saved = (
      await member
        .put(incidentSettingsPartPath('severities'))
        .send({ expected_revision: before.revisions.severities, items: severities })
        .expect(200)
    ).body.data as Settings;
    expect(saved.severities.map((s) => s.name)).toEqual(['Critical', 'SEV2', 'SEV3', 'SEV4', 'SEV5', 'SEV6']);
    expect(saved.severities[0].id).toBe('sev1');
    expect(saved.severities[5].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.revisions.severities).toBe(before.revisions.severities + 1);
    expect(saved.revisions.priorities).toBe(before.revisions.priorities);
    expect((await read()).severities).toEqual(saved.severities);

    const priorities = (
      await member
        .put(incidentSettingsPartPath('priorities'))
        .send({
          expected_revision: 0,
          items: [
            { id: 'p2', name: 'P2', rank: 1 },
            { id: 'p1', name: 'P1', rank: 2 },
            { id: 'p3', name: 'P3', rank: 3 },
          ],
        })
        .expect(200)
    ).body.data.priorities;
    expect(priorities.map((p: { id: string; rank: number }) => [p.id, p.rank])).toEqual([
      ['p2', 1],
      ['p1', 2],
      ['p3', 3],
    ]);

    // a custom milestone between Mitigated and Resolved, and a duration from Detected to it
    const milestones = before.milestones.map(({ id, name }) => ({ id, name }));
    milestones.splice(4, 0, { id: null as unknown as string, name: 'Customers told' });
    const afterMilestones = (
      await member
        .put(incidentSettingsPartPath('milestones'))
        .send({ expected_revision: 0, items: milestones })
        .expect(200)
    ).body.data as Settings;
    const custom = afterMilestones.milestones[4];
    expect(custom).toMatchObject({ key: 'customers_told', name: 'Customers told', position: 4, built_in: false });
    const durations = [
      ...before.durations.map(({ id, name, from, to }) => ({ id, name, from, to })),
      { name: 'Detect to tell', from: 'detected', to: 'customers_told' },
    ];
    const afterDurations = (
      await member
        .put(incidentSettingsPartPath('durations'))
        .send({ expected_revision: 0, items: durations })
        .expect(200)
    ).body.data as Settings;
    expect(afterDurations.durations[4]).toMatchObject({ from: 'detected', to: 'customers_told', built_in: false });

    const lists = (
      await member
        .put(incidentSettingsPartPath('taskLists'))
        .send({
          expected_revision: 0,
          items: [{ name: 'Commander checklist', tasks: [{ title: 'Open a bridge' }, { title: 'Name a scribe' }] }],
        })
        .expect(200)
    ).body.data.task_lists;
    const roles = before.roles.map(({ id, name, description }) => ({
      id,
      name,
      description,
      task_list_id: null as string | null,
    }));
    roles[0].task_list_id = lists[0].id;
    roles.push({ id: null as unknown as string, name: 'Scribe', description: 'Keeps notes', task_list_id: null });
    const afterRoles = (
      await member.put(incidentSettingsPartPath('roles')).send({ expected_revision: 0, items: roles }).expect(200)
    ).body.data as Settings;
    expect(afterRoles.roles[0]).toMatchObject({ id: 'commander', task_list_id: lists[0].id, built_in: true });
    expect(afterRoles.roles[3]).toMatchObject({ name: 'Scribe', built_in: false });

    const types = (
      await member
        .put(incidentSettingsPartPath('types'))
        .send({
          expected_revision: 0,
          items: [
            { id: 'default', name: 'Default' },
            { name: 'Security', required_fields: ['customer_impact', 'severity'] },
          ],
        })
        .expect(200)
    ).body.data.types;
    expect(types[1]).toMatchObject({ name: 'Security', required_fields: ['customer_impact', 'severity'] });

    for (const [part, items] of [
      ['status_update_templates', [{ name: 'Monitoring', body: 'A fix is out for {{incident.name}}.' }]],
      ['conditions', [{ name: 'Partial outage', description: 'Some regions' }]],
      ['audiences', [{ name: 'Executives', description: 'C-level' }]],
    ] as const) {
      const answer = await member
        .put(`${INCIDENT_SETTINGS_API}/${part}`)
        .send({ expected_revision: 0, items })
        .expect(200);
      expect(answer.body.data[part].map((i: { name: string }) => i.name)).toEqual(items.map((i) => i.name));
    }

    const matrix = {
      impacts: ['Low', 'High'],
      likelihoods: ['Rare', 'Often'],
      cells: [
        ['sev5', saved.severities[5].id],
        ['sev2', 'sev1'],
      ],
    };
    const afterMatrix = await member
      .put(incidentSettingsPartPath('severityMatrix'))
      .send({ expected_revision: 0, ...matrix })
      .expect(200);
    expect(afterMatrix.body.data.severity_matrix).toEqual(matrix);

    const ticketing = { provider: 'jira', project_key: 'OPS', auto_create_follow_ups: true };
    const afterTicketing = await owner
      .put(incidentSettingsPartPath('ticketing'))
      .send({ expected_revision: 0, ...ticketing })
      .expect(200);
    expect(afterTicketing.body.data.ticketing).toEqual(ticketing);
    expect(afterTicketing.body.data.revisions).toMatchObject({ ticketing: 1, severity_matrix: 1, roles: 1 });
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const current = await read();
    const events = await settingsEvents();
    const put = (part: Parameters<typeof incidentSettingsPartPath>[0], body: object) =>
      member.put(incidentSettingsPartPath(part)).send(body).expect(400);
    const severities = current.severities.map(({ id, name, description, rank }) => ({ id, name, description, rank }));
    const rev = current.revisions;

    let answer = await put('severities', {
      expected_revision: rev.severities,
      items: [...severities, { name: ' ', rank: 7 }, { name: 'critical', rank: 7 }],
    });
    expect(answer.body.fields).toMatchObject({
      'items[6].name': ['items[6].name is a required field'],
      'items[7].name': ['items[7].name must be unique within the list: "critical" is there twice'],
      'items[7].rank': ['items[7].rank must be unique: rank 7 is given twice'],
    });

    // SEV1 is in the matrix: removing it is refused until the matrix no longer names it
    answer = await put('severities', { expected_revision: rev.severities, items: severities.slice(1) });
    expect(answer.body.fields.items).toEqual([
      'Critical is used by the severity matrix: pick another severity in its cells first',
    ]);

    answer = await put('roles', { expected_revision: rev.roles, items: [{ id: 'operations', name: 'Ops' }] });
    expect(answer.body.fields.items).toEqual(['Commander is built in and cannot be removed (it can be renamed)']);

    answer = await put('roles', {
      expected_revision: rev.roles,
      items: current.roles.map(({ id, name }) => ({ id, name, task_list_id: 'not-a-list' })),
    });
    expect(answer.body.fields['items[0].task_list_id']).toEqual([
      'items[0].task_list_id must be a task list of this organization',
    ]);

    answer = await put('taskLists', { expected_revision: rev.task_lists, items: [] });
    expect(answer.body.fields.items[0]).toMatch(/is the task list of the role Commander/);

    answer = await put('durations', {
      expected_revision: rev.durations,
      items: [
        ...current.durations.map(({ id, name, from, to }) => ({ id, name, from, to })),
        { name: 'Backwards', from: 'resolved', to: 'detected' },
        { name: 'Nowhere', from: 'started', to: 'the_moon' },
      ],
    });
    expect(answer.body.fields).toMatchObject({
      'items[5].to': ['items[5].to must be a milestone after Resolved'],
      'items[6].to': ['items[6].to must be the key of a milestone'],
    });

    const reordered = [...current.milestones].reverse().map(({ id, name }) => ({ id, name }));
    answer = await put('milestones', { expected_revision: rev.milestones, items: reordered });
    expect(answer.body.fields.items[0]).toMatch(/^items must keep the built-in milestones in their order/);
    answer = await put('milestones', {
      expected_revision: rev.milestones,
      items: current.milestones.filter((m) => m.key !== 'customers_told').map(({ id, name }) => ({ id, name })),
    });
    expect(answer.body.fields.items).toEqual([
      'Customers told is measured by the duration Detect to tell: remove that duration first',
    ]);

    answer = await put('types', {
      expected_revision: rev.types,
      items: [{ id: 'unknown-id', name: 'X', required_fields: ['shoe_size'] }],
    });
    expect(answer.body.fields).toMatchObject({
      'items[0].id': ['items[0].id must be the id of an item of this list (leave it out for a new item)'],
      'items[0].required_fields[0]': [
        expect.stringMatching(/^items\[0\]\.required_fields\[0\] must be one of summary/),
      ],
    });

    answer = await put('severityMatrix', {
      expected_revision: rev.severity_matrix,
      impacts: ['Low', 'Low'],
      likelihoods: ['Rare'],
      cells: [['sev9'], ['sev1', 'sev2']],
    });
    expect(answer.body.fields).toMatchObject({
      'impacts[1]': ['impacts[1] must be unique within the list: "Low" is there twice'],
      'cells[0][0]': ['cells[0][0] must be a severity of this organization, or null'],
      'cells[1]': ['cells[1] must have one cell per likelihood'],
    });

    answer = await owner
      .put(incidentSettingsPartPath('ticketing'))
      .send({ expected_revision: rev.ticketing, provider: 'jira', project_key: '', auto_create_follow_ups: 'yes' })
      .expect(400);
    expect(answer.body.fields.auto_create_follow_ups).toBeDefined();

    answer = await put('conditions', { expected_revision: -1, items: 'none' });
    expect(Object.keys(answer.body.fields).sort()).toEqual(['expected_revision', 'items']);

    expect(await settingsEvents()).toBe(events);
    expect(await read()).toEqual(current);
  });

  it('refuses a save made from a stale revision with 409 and the settings as they are now', async () => {
    const current = await read();
    const items = current.conditions.map(({ id, name, description }) => ({ id, name, description }));
    const first = [...items, { name: 'Admin one' }];
    const second = [...items, { name: 'Admin two' }];
    await member
      .put(incidentSettingsPartPath('conditions'))
      .send({ expected_revision: current.revisions.conditions, items: first })
      .expect(200);
    const stale = await owner
      .put(incidentSettingsPartPath('conditions'))
      .send({ expected_revision: current.revisions.conditions, items: second })
      .expect(409);
    expect(stale.body.error).toBe('stale_revision');
    expect(stale.body.fields.expected_revision).toBeDefined();
    expect(stale.body.data.conditions.map((c: { name: string }) => c.name)).toContain('Admin one');
    expect(stale.body.data.revisions.conditions).toBe(current.revisions.conditions + 1);
    expect((await read()).conditions.map((c) => c.name)).not.toContain('Admin two');
    // another part's revision is its own: a save of it is not stale for this one
    await member
      .put(incidentSettingsPartPath('statusUpdateTemplates'))
      .send({
        expected_revision: current.revisions.status_update_templates,
        items: current.status_update_templates.map(({ id, name, body }) => ({ id, name, body })),
      })
      .expect(200);
  });

  it('viewers may not read; collaborators read only; members manage; owners alone set ticketing', async () => {
    await viewer.get(INCIDENT_SETTINGS_API).expect(403);
    const current = await read(collaborator);
    const body = {
      expected_revision: current.revisions.conditions,
      items: current.conditions.map(({ id, name }) => ({ id, name })),
    };
    await collaborator.put(incidentSettingsPartPath('conditions')).send(body).expect(403);
    await viewer.put(incidentSettingsPartPath('conditions')).send(body).expect(403);
    await member.put(incidentSettingsPartPath('conditions')).send(body).expect(200);
    const ticketing = {
      expected_revision: current.revisions.ticketing,
      provider: 'none',
      project_key: '',
      auto_create_follow_ups: false,
    };
    await member.put(incidentSettingsPartPath('ticketing')).send(ticketing).expect(403);
    await owner.put(incidentSettingsPartPath('ticketing')).send(ticketing).expect(200);
  });

  it('custom milestones and audiences follow their flags', async () => {
    const current = await read();
    try {
      await owner.put('/api/v1/organization/feature_flags/incidentAudiences').send({ enabled: false }).expect(200);
      await member
        .put(incidentSettingsPartPath('audiences'))
        .send({ expected_revision: current.revisions.audiences, items: [] })
        .expect(404);
      await owner.put('/api/v1/organization/feature_flags/customMilestones').send({ enabled: false }).expect(200);
      const answer = await member
        .put(incidentSettingsPartPath('milestones'))
        .send({
          expected_revision: current.revisions.milestones,
          items: [...current.milestones.map(({ id, name }) => ({ id, name })), { name: 'Another' }],
        })
        .expect(400);
      expect(answer.body.fields['items[8]']).toEqual([
        'items[8] is a custom milestone, and custom milestones are not turned on',
      ]);
    } finally {
      await owner.put('/api/v1/organization/feature_flags/incidentAudiences').send({ enabled: true }).expect(200);
      await owner.put('/api/v1/organization/feature_flags/customMilestones').send({ enabled: true }).expect(200);
    }
  });

  it("another organization neither reads nor changes this one's settings", async () => {
    const ours = await read();
    const theirs = await read(other);
    expect(theirs.severities.map((s) => s.name)).toEqual(['SEV1', 'SEV2', 'SEV3', 'SEV4', 'SEV5']);
    // an id of ours is not an item of theirs
    const ourCondition = ours.conditions.find((c) => !['operational', 'degraded', 'outage'].includes(c.id));
    const refused = await other
      .put(incidentSettingsPartPath('conditions'))
      .send({ expected_revision: 0, items: [{ id: ourCondition?.id, name: 'Taken over' }] })
      .expect(400);
    expect(refused.body.fields['items[0].id']).toBeDefined();
    await other
      .put(incidentSettingsPartPath('conditions'))
      .send({ expected_revision: 0, items: [{ name: 'Theirs only' }] })
      .expect(200);
    expect((await read(other)).conditions.map((c) => c.name)).toEqual(['Theirs only']);
    expect(await read()).toEqual(ours);
  });
});
