import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type {
  Incident,
  IncidentNamesResponse,
  IncidentTimelineEntry,
  IncidentTimelineResponse,
} from '@tocsin/contracts';
import { eventually } from '../support/eventually';
import {
  DEMO_ORG,
  demoUserId,
  savePhone,
  startPagingApp,
  triggerAlert,
  type RecordingGateway,
} from '../support/paging';
import { signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';
import type { TestApp } from '../support/app';
import { createTeam } from './signals-ingest.support';

const incidents = '/api/v1/incidents';
const PHONE = '+15550000121';

/** Issue 21, "Incidents": declared, worked and recorded through the API, as the room and the auditor use it. */
describe('incidents', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let owner: Client;
  let collaborator: Client;
  let viewer: Client;
  let teamId: string;

  const declare = async (client: Client, body: Record<string, unknown>) =>
    (await client.post(incidents).send(body).expect(201)).body.data as Incident;
  const read = async (id: string) => (await owner.get(`${incidents}/${id}`).expect(200)).body.data as Incident;
  const timeline = async (id: string, query: Record<string, unknown> = {}) =>
    (await owner.get(`${incidents}/${id}/timeline`).query(query).expect(200)).body as IncidentTimelineResponse;

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp());
    owner = await signInAs(app.url, 'owner');
    collaborator = await signInAs(app.url, 'collaborator');
    viewer = await signInAs(app.url, 'viewer');
    teamId = await createTeam(owner, `Payments ${Date.now()}`);
  });
  afterAll(() => close());

  it('declares by hand with a number per organization; refuses bad fields with their messages and writes nothing', async () => {
    const first = await declare(collaborator, { name: ' Checkout down ', severity_id: 'sev2', team_id: teamId });
    expect(first).toMatchObject({
      name: 'Checkout down',
      status: 'open',
      severity_id: 'sev2',
      team_id: teamId,
      type_id: 'default',
      declared_by: demoUserId('collaborator'),
    });
    expect(first.reference).toBe(`INC-${first.number}`);
    expect(first.milestones.started).toBe(first.declared_at);
    expect(first.versions.name).toMatchObject({ version: 1, set_by: demoUserId('collaborator') });
    const second = await declare(owner, { name: 'Second' });
    expect(second.number).toBe(first.number + 1);

    const before = (await owner.get(incidents).expect(200)).body.pagination.total;
    const refused = await owner
      .post(incidents)
      .send({ name: ' ', severity_id: 'sev9', type_id: 'nope', team_id: 'no-such-team' })
      .expect(400);
    expect(refused.body.fields).toEqual({
      name: ['name is a required field'],
      severity_id: ['severity_id must be one of sev1, sev2, sev3, sev4, sev5'],
      type_id: ['type_id must be one of default'],
      team_id: ['team_id must be a team of this organization'],
    });
    const shapes = await owner
      .post(incidents)
      .send({ name: 'x', labels: { a: 1 }, impacted_services: 'api' })
      .expect(400);
    expect(Object.keys(shapes.body.fields).sort()).toEqual(['impacted_services', 'labels']);
    // a refused declaration takes no number and lists nothing
    expect((await owner.get(incidents).expect(200)).body.pagination.total).toBe(before);
    expect((await declare(owner, { name: 'Third' })).number).toBe(second.number + 1);
  });

  it('the viewer reads only; member, collaborator and owner work incidents', async () => {
    const incident = await declare(owner, { name: 'Roles' });
    await viewer.get(incidents).expect(200);
    await viewer.get(`${incidents}/${incident.id}/timeline`).expect(200);
    await viewer.post(incidents).send({ name: 'Viewer' }).expect(403);
    await viewer.post(`${incidents}/${incident.id}/notes`).send({ body: 'hi' }).expect(403);
    await viewer.patch(`${incidents}/${incident.id}`).send({ name: 'Viewer' }).expect(403);
    const member = await signInAs(app.url, 'member');
    await member.post(`${incidents}/${incident.id}/notes`).send({ body: 'from member' }).expect(201);
    await collaborator.post(`${incidents}/${incident.id}/notes`).send({ body: 'from collaborator' }).expect(201);
    const notes = (await timeline(incident.id, { order: 'asc' })).data.filter((e) => e.kind === 'note');
    expect(notes.map((n) => [n.data.body, n.actor_id])).toEqual([
      ['from member', demoUserId('member')],
      ['from collaborator', demoUserId('collaborator')],
    ]);
  });

  it('declares from an alert: each names the other, the alert timeline shows it', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null, teamId });
    await eventually(async () => (await owner.get(`/api/v1/signals/alerts/${alertId}`)).status === 200);
    const incident = await declare(owner, { name: 'From the disk alert', alert_id: alertId });
    expect(incident.alert_id).toBe(alertId);
    expect(incident.team_id).toBe(teamId);
    const alert = await eventually(async () => {
      const body = (await owner.get(`/api/v1/signals/alerts/${alertId}`).expect(200)).body.data;
      return body.incident_ids.includes(incident.id) ? body : null;
    });
    expect(alert.incident_ids).toEqual([incident.id]);
    const entries = (await owner.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body.data;
    expect(entries).toContainEqual(
      expect.objectContaining({ kind: 'incident_declared', incidentId: incident.id, reference: incident.reference }),
    );
    // another organization's or an unknown alert is refused, nothing declared
    const refused = await owner.post(incidents).send({ name: 'x', alert_id: 'no-such-alert' }).expect(400);
    expect(refused.body.fields).toEqual({ alert_id: ['alert_id must be an alert of this organization'] });
  });

  it('declaring can page a team through its escalation policy (the recording gateway gets the page)', async () => {
    await savePhone(app.app, demoUserId('owner'), 'sms', PHONE);
    const pagedTeam = await createTeam(owner, `Database ${Date.now()}`);
    await owner
      .post(`/api/v1/teams/${pagedTeam}/escalation_policies`)
      .send({ name: 'DB on-call', steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: demoUserId('owner') }] }] })
      .expect(201);
    const incident = await declare(owner, { name: 'Replica lag', page: { team_id: pagedTeam } });
    expect(incident.paged_alert_ids).toHaveLength(1);
    const page = await eventually(() =>
      gateway.received.find((p) => p.message.alertId === incident.paged_alert_ids[0]),
    );
    expect(page.address).toBe(PHONE);
    expect(page.message.text).toContain(`${incident.reference}: Replica lag`);
    expect((await timeline(incident.id)).data.map((e) => e.kind)).toEqual(['team_paged', 'declared']);
    // a team without a policy cannot be paged: nothing declared
    const empty = await createTeam(owner, `Empty ${Date.now()}`);
    const refused = await owner
      .post(incidents)
      .send({ name: 'x', page: { team_id: empty } })
      .expect(400);
    expect(refused.body.fields['page.team_id']).toBeDefined();
  });

  it('refuses a milestone edit that breaks the order, naming the neighbour; every edit stays in the history', async () => {
    const started = '2026-11-27T10:00:00.000Z';
    const incident = await declare(owner, {
      name: 'Milestones',
      started_at: started,
      detected_at: '2026-11-27T10:05:00.000Z',
    });
    const path = (key: string) => `${incidents}/${incident.id}/milestones/${key}`;
    await owner.put(path('mitigated')).send({ at: '2026-11-27T11:00:00.000Z' }).expect(200);
    const refused = await owner.put(path('acknowledged')).send({ at: '2026-11-27T11:30:00.000Z' }).expect(400);
    expect(refused.body).toMatchObject({
      message: 'Acknowledged must be at or before Mitigated (2026-11-27T11:00:00.000Z)',
      fields: { at: ['Acknowledged must be at or before Mitigated (2026-11-27T11:00:00.000Z)'] },
    });
    const early = await owner.put(path('mitigated')).send({ at: '2026-11-27T09:00:00.000Z' }).expect(400);
    expect(early.body.message).toBe('Mitigated must be at or after Detected (2026-11-27T10:05:00.000Z)');
    await owner.put(path('started')).send({ at: null }).expect(400);
    await owner.put(path('no_such_milestone')).send({ at: started }).expect(404);
    // edited afterwards: the earlier time is kept in the timeline
    const edited = (await owner.put(path('mitigated')).send({ at: '2026-11-27T10:45:00.000Z' }).expect(200)).body.data;
    expect(edited.milestones.mitigated).toBe('2026-11-27T10:45:00.000Z');
    expect(edited.status).toBe('mitigated');
    expect(edited.durations.find((d: { id: string }) => d.id === 'mttm')).toMatchObject({
      seconds: 2700,
      duration: 'PT45M',
    });
    expect(edited.durations.find((d: { id: string }) => d.id === 'mttd')).toMatchObject({ duration: 'PT5M' });
    const sets = (await timeline(incident.id, { order: 'asc' })).data.filter((e) => e.kind === 'milestone_set');
    expect(sets.map((e) => [e.data.at, e.data.previous])).toEqual([
      ['2026-11-27T11:00:00.000Z', null],
      ['2026-11-27T10:45:00.000Z', '2026-11-27T11:00:00.000Z'],
    ]);
  });

  it("refuses the second of two concurrent edits of a field with the other's value, and saves it retried on top", async () => {
    const incident = await declare(owner, { name: 'Concurrent' });
    const base = incident.versions.summary.version;
    await owner
      .patch(`${incidents}/${incident.id}`)
      .send({ summary: 'Owner words', versions: { summary: base } })
      .expect(200);
    const conflict = await collaborator
      .patch(`${incidents}/${incident.id}`)
      .send({ summary: 'Collaborator words', name: 'Renamed', versions: { summary: base } })
      .expect(409);
    expect(conflict.body.conflicts).toEqual([
      {
        field: 'summary',
        value: 'Owner words',
        version: base + 1,
        set_by: demoUserId('owner'),
        set_at: expect.any(String),
      },
    ]);
    // nothing of the refused save was written, not even its other field
    expect(await read(incident.id)).toMatchObject({ name: 'Concurrent', summary: 'Owner words' });
    const retried = await collaborator
      .patch(`${incidents}/${incident.id}`)
      .send({ summary: 'Owner words, and more', versions: { summary: base + 1 } })
      .expect(200);
    expect(retried.body.data).toMatchObject({ summary: 'Owner words, and more' });
    expect(retried.body.data.versions.summary).toMatchObject({ version: base + 2, set_by: demoUserId('collaborator') });
    await owner
      .patch(`${incidents}/${incident.id}`)
      .send({ versions: { nope: 1 } })
      .expect(400);
  });

  it('tasks and follow-ups are listed across incidents; follow-ups outlive the incident', async () => {
    const incident = await declare(owner, { name: 'Work' });
    const withTask = (
      await owner
        .post(`${incidents}/${incident.id}/tasks`)
        .send({ title: 'Roll back', assignee_id: demoUserId('collaborator'), due_at: '2026-12-01T00:00:00Z' })
        .expect(201)
    ).body.data as Incident;
    const task = withTask.tasks[0];
    expect(task).toMatchObject({ title: 'Roll back', assignee_id: demoUserId('collaborator'), done: false });
    await owner.post(`${incidents}/${incident.id}/tasks`).send({ title: 'x', assignee_id: 'nobody' }).expect(400);
    const mine = (await collaborator.get(`${incidents}/tasks`).query({ assignee: 'mine' }).expect(200)).body.data;
    expect(mine).toContainEqual(
      expect.objectContaining({ id: task.id, incident_id: incident.id, incident_name: 'Work' }),
    );
    expect(
      (await owner.get(`${incidents}/tasks`).query({ assignee: 'mine' }).expect(200)).body.data,
    ).not.toContainEqual(expect.objectContaining({ incident_id: incident.id }));
    await collaborator.patch(`${incidents}/${incident.id}/tasks/${task.id}`).send({ done: true }).expect(200);
    const done = (await collaborator.get(`${incidents}/tasks`).query({ assignee: 'mine', state: 'done' }).expect(200))
      .body.data;
    expect(done).toContainEqual(expect.objectContaining({ id: task.id, done: true }));

    const followUp = (
      await owner
        .post(`${incidents}/${incident.id}/follow_ups`)
        .send({ title: 'Add an alert on lag', owner_id: demoUserId('member'), due_at: '2026-12-15T00:00:00Z' })
        .expect(201)
    ).body.data.follow_ups[0];
    for (const key of ['mitigated', 'resolved', 'closed'])
      await owner
        .put(`${incidents}/${incident.id}/milestones/${key}`)
        .send({ at: new Date().toISOString() })
        .expect(200);
    expect((await read(incident.id)).status).toBe('closed');
    await owner
      .patch(`${incidents}/${incident.id}/follow_ups/${followUp.id}`)
      .send({ status: 'in_progress' })
      .expect(200);
    const listed = (await owner.get(`${incidents}/follow_ups`).query({ status: 'in_progress' }).expect(200)).body.data;
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: followUp.id,
        owner_id: demoUserId('member'),
        status: 'in_progress',
        incident_reference: incident.reference,
      }),
    );
  });

  it('a status update starts from a template with the incident filled in, edited before posting', async () => {
    const incident = await declare(owner, { name: 'Search slow', severity_id: 'sev3' });
    const draft = (
      await owner
        .get(`${incidents}/${incident.id}/status_updates/draft`)
        .query({ template_id: 'investigating' })
        .expect(200)
    ).body.data;
    expect(draft.body).toBe('We are investigating Search slow. Severity: SEV3. We will post an update soon.');
    await owner.get(`${incidents}/${incident.id}/status_updates/draft`).query({ template_id: 'nope' }).expect(400);
    await owner
      .post(`${incidents}/${incident.id}/status_updates`)
      .send({ template_id: 'investigating', body: `${draft.body} Next update at 12:00.` })
      .expect(201);
    const [latest] = (await timeline(incident.id)).data;
    expect(latest).toMatchObject({
      kind: 'status_update',
      system: false,
      data: { body: `${draft.body} Next update at 12:00.` },
    });
  });

  it('links take http and https only', async () => {
    const incident = await declare(owner, { name: 'Links' });
    const bad = await owner.post(`${incidents}/${incident.id}/links`).send({ url: 'javascript:alert(1)' }).expect(400);
    expect(bad.body.fields).toEqual({ url: ['url must be an http or https URL'] });
    const added = (
      await owner
        .post(`${incidents}/${incident.id}/links`)
        .send({ url: 'https://grafana.example.com/d/1', title: 'Dashboard' })
        .expect(201)
    ).body.data as Incident;
    expect(added.links).toEqual([
      { id: expect.any(String), url: 'https://grafana.example.com/d/1', title: 'Dashboard' },
    ]);
    expect(
      (await owner.delete(`${incidents}/${incident.id}/links/${added.links[0].id}`).expect(200)).body.data.links,
    ).toEqual([]);
  });

  it('the timeline: newest or oldest first, after a position (nothing missed, nothing twice), stars, changes since the last look', async () => {
    const incident = await declare(owner, { name: 'Timeline' });
    await owner.post(`${incidents}/${incident.id}/notes`).send({ body: 'one' }).expect(201);
    const asc = (await timeline(incident.id, { order: 'asc' })).data;
    const desc = (await timeline(incident.id, { order: 'desc' })).data;
    expect(desc.map((e) => e.position)).toEqual(asc.map((e) => e.position).reverse());
    expect(asc.map((e) => e.kind)).toEqual(['declared', 'note']);

    // the room saw up to the note; two more things happen while it is away
    const seen = asc[1].position;
    await owner.post(`${incidents}/${incident.id}/notes`).send({ body: 'two' }).expect(201);
    await owner.patch(`${incidents}/${incident.id}`).send({ severity_id: 'sev1' }).expect(200);
    const missed = await timeline(incident.id, { order: 'asc', after: seen });
    expect(missed.data.map((e) => e.kind)).toEqual(['note', 'fields_changed']);
    expect(missed.last_position).toBe(missed.data[1].position);
    expect((await timeline(incident.id, { after: missed.last_position })).data).toEqual([]);

    // stars are shared: the collaborator's star shows to everyone
    const noteOne = asc[1];
    await collaborator
      .put(`${incidents}/${incident.id}/timeline/${noteOne.position}/star`)
      .send({ starred: true })
      .expect(200);
    const afterStar = await timeline(incident.id, { order: 'asc' });
    expect(afterStar.data.find((e) => e.position === noteOne.position)?.starred).toBe(true);
    expect(afterStar.data.at(-1)).toMatchObject({ kind: 'entry_starred', system: true });
    await owner.put(`${incidents}/${incident.id}/timeline/999999999/star`).send({ starred: true }).expect(404);
    await owner.put(`${incidents}/${incident.id}/timeline/abc/star`).send({ starred: true }).expect(404);

    // changes since the collaborator last looked
    expect(
      (await collaborator.get(`${incidents}/${incident.id}/changes`).expect(200)).body.last_visited_position,
    ).toBeNull();
    const visited = Date.now();
    await collaborator.post(`${incidents}/${incident.id}/visit`).send({}).expect(200);
    const nothingNew = (await collaborator.get(`${incidents}/${incident.id}/changes`).expect(200)).body;
    expect(nothingNew.data).toEqual([]);
    // when they looked, for "Nothing new since you last looked at ..."
    expect(Date.parse(nothingNew.last_visited_at)).toBeGreaterThanOrEqual(visited - 1000);
    await owner.post(`${incidents}/${incident.id}/notes`).send({ body: 'three' }).expect(201);
    const changes = (await collaborator.get(`${incidents}/${incident.id}/changes`).expect(200)).body;
    expect(changes.data.map((e: IncidentTimelineEntry) => e.data.body)).toEqual(['three']);
    // the owner never looked: everything is new to them
    expect((await owner.get(`${incidents}/${incident.id}/changes`).expect(200)).body.data.length).toBe(
      afterStar.data.length + 1,
    );
    await collaborator
      .post(`${incidents}/${incident.id}/visit`)
      .send({ position: 10 ** 12 })
      .expect(400);
  });

  it('steps through the past: the incident as of each of its events', async () => {
    const incident = await declare(owner, { name: 'Before' });
    await owner.patch(`${incidents}/${incident.id}`).send({ name: 'After' }).expect(200);
    await owner.post(`${incidents}/${incident.id}/tasks`).send({ title: 'Later task' }).expect(201);
    const steps = (await timeline(incident.id, { order: 'asc' })).data;
    const asOf = async (position: number) =>
      (await viewer.get(`${incidents}/${incident.id}/as_of`).query({ position }).expect(200)).body.data;
    const first = await asOf(steps[0].position);
    expect(first.incident).toMatchObject({ name: 'Before', tasks: [] });
    expect((await asOf(steps[1].position)).incident).toMatchObject({ name: 'After', tasks: [] });
    expect((await asOf(steps[2].position)).incident.tasks).toEqual([expect.objectContaining({ title: 'Later task' })]);
    await viewer
      .get(`${incidents}/${incident.id}/as_of`)
      .query({ position: steps[0].position - 1 })
      .expect(400);
    await viewer.get(`${incidents}/${incident.id}/as_of`).query({ position: 'x' }).expect(400);
  });

  it('exports the timeline sorted by time as Markdown and CSV', async () => {
    const incident = await declare(owner, { name: 'Export "quoted", with commas' });
    await owner.post(`${incidents}/${incident.id}/notes`).send({ body: '=SUM(1,2)\nsecond line' }).expect(201);
    await owner
      .put(`${incidents}/${incident.id}/milestones/acknowledged`)
      .send({ at: new Date().toISOString() })
      .expect(200);
    const csv = await owner.get(`${incidents}/${incident.id}/timeline.csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['position', 'time', 'kind', 'actor', 'system', 'starred', 'text']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['declared', 'note', 'milestone_set']);
    const times = rows.slice(1).map((r) => r[1]);
    expect([...times].sort()).toEqual(times);
    expect(rows[1][6]).toBe('Declared "Export "quoted", with commas"');
    expect(rows[2][6]).toBe('Note: =SUM(1,2)\nsecond line');
    const md = await owner.get(`${incidents}/${incident.id}/timeline.md`).expect(200);
    expect(md.headers['content-type']).toMatch(/^text\/markdown/);
    expect(md.text).toContain(`# ${incident.reference}: Export "quoted", with commas`);
    expect(md.text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(3);
  });

  it('lists with filters (status, severity, team, time), search and pagination', async () => {
    const tag = `Filter${Date.now()}`;
    const listTeam = await createTeam(owner, `List ${Date.now()}`);
    const a = await declare(owner, {
      name: `${tag} alpha`,
      severity_id: 'sev1',
      team_id: listTeam,
      started_at: '2026-01-10T00:00:00Z',
    });
    const b = await declare(owner, {
      name: `${tag} beta`,
      summary: 'the needle',
      severity_id: 'sev4',
      started_at: '2026-02-10T00:00:00Z',
    });
    await owner.put(`${incidents}/${b.id}/milestones/resolved`).send({ at: new Date().toISOString() }).expect(200);
    // the list names who holds each role (it shows the commander)
    await owner
      .put(`${incidents}/${a.id}/roles/commander`)
      .send({ user_id: demoUserId('owner') })
      .expect(200);
    const listed = (await viewer.get(incidents).query({ query: tag }).expect(200)).body.data as Incident[];
    expect(listed.map((i) => i.roles)).toEqual([{}, { commander: demoUserId('owner') }]);
    const ids = async (query: Record<string, unknown>) =>
      (
        (
          await viewer
            .get(incidents)
            .query({ query: tag, ...query })
            .expect(200)
        ).body.data as Incident[]
      ).map((i) => i.id);
    expect(await ids({})).toEqual([b.id, a.id]);
    expect(await ids({ status: 'resolved' })).toEqual([b.id]);
    expect(await ids({ status: 'open,mitigated' })).toEqual([a.id]);
    expect(await ids({ severity: 'sev1' })).toEqual([a.id]);
    expect(await ids({ team_id: listTeam })).toEqual([a.id]);
    expect(await ids({ from: '2026-02-01T00:00:00Z' })).toEqual([b.id]);
    expect(await ids({ to: '2026-02-01T00:00:00Z' })).toEqual([a.id]);
    expect(await ids({ query: 'NEEDLE' })).toContain(b.id);
    const page = (await viewer.get(incidents).query({ query: tag, per_page: 1, page: 2 }).expect(200)).body;
    expect(page.data.map((i: Incident) => i.id)).toEqual([a.id]);
    expect(page.pagination).toEqual({ page: 2, per_page: 1, total: 2, total_pages: 2 });
    await viewer.get(incidents).query({ from: 'yesterday' }).expect(400);
    await viewer.get(incidents).query({ from: '2024-W01-1' }).expect(400);
  });

  it("names for every reader: the settings' names and the members asked for, never another organization's", async () => {
    const names = async (client: Client, query: Record<string, unknown> = {}) =>
      (await client.get(`${incidents}/names`).query(query).expect(200)).body.data as IncidentNamesResponse['data'];
    // a viewer may read neither the settings nor the members, yet reads their names here
    await viewer.get('/api/v1/incident_settings').expect(403);
    const settings = (await owner.get('/api/v1/incident_settings').expect(200)).body.data;
    const email = `incnames-${randomUUID().slice(0, 8)}@example.com`;
    const outsider = (
      await signUp(app.url, { name: 'Outsider', email, password: 'other-org-secret', organization_name: 'Other' })
    ).body.data.id as string;
    const answer = await names(viewer, {
      user_ids: [demoUserId('owner'), demoUserId('collaborator'), outsider, 'nobody', demoUserId('owner')].join(','),
    });
    expect(answer.severities).toEqual(
      settings.severities.map(({ id, name }: { id: string; name: string }) => ({ id, name })),
    );
    expect(answer.severities.find((s) => s.id === 'sev2')?.name).toBe('SEV2');
    expect(answer.types.map((t) => t.id)).toContain('default');
    expect(answer.milestones.find((m) => m.key === 'acknowledged')).toMatchObject({ name: 'Acknowledged' });
    expect(answer.roles.find((r) => r.id === 'commander')?.name).toBe('Commander');
    // only what names things: no task lists, templates or ticketing
    expect(Object.keys(answer).sort()).toEqual(['milestones', 'people', 'priorities', 'roles', 'severities', 'types']);
    expect(Object.keys(answer.severities[0]).sort()).toEqual(['id', 'name']);
    // members by name; another organization's person and an unknown id are left out
    expect(answer.people).toEqual({
      [demoUserId('owner')]: 'Demo Owner',
      [demoUserId('collaborator')]: 'Demo Collaborator',
    });
    expect((await names(viewer)).people).toEqual({});

    // bad input: too many ids, a list given twice; no session
    const many = Array.from({ length: 201 }, (_, i) => `u${i}`).join(',');
    const refused = await viewer.get(`${incidents}/names`).query({ user_ids: many }).expect(400);
    expect(refused.body.fields.user_ids).toEqual(['user_ids must be at most 200 comma-separated user ids']);
    await viewer.get(`${incidents}/names?user_ids=a&user_ids=b`).expect(400);
    await viewer
      .get(`${incidents}/names`)
      .query({ user_ids: 'x'.repeat(101) })
      .expect(400);
    await request(app.url).get(`${incidents}/names`).expect(401);
  });

  it("the type's required fields hold on a change; a task is removed once, by those who work the incident", async () => {
    const current = (await owner.get('/api/v1/incident_settings').expect(200)).body.data;
    await owner
      .put('/api/v1/incident_settings/types')
      .send({
        expected_revision: current.revisions.types,
        items: [
          ...current.types.filter((t: { name: string }) => t.name !== 'Breach'),
          { name: 'Breach', description: '', required_fields: ['customer_impact', 'labels'] },
        ].map(({ id, name, description, required_fields }) => ({ id, name, description, required_fields })),
      })
      .expect(200);
    const breach = (
      (await owner.get('/api/v1/incident_settings').expect(200)).body.data.types as Array<{
        id: string;
        name: string;
      }>
    ).find((t) => t.name === 'Breach')!;
    const incident = await declare(collaborator, { name: 'Type change' });
    const refused = await collaborator
      .patch(`${incidents}/${incident.id}`)
      .send({ type_id: breach.id, versions: { type_id: incident.versions.type_id.version } })
      .expect(400);
    expect(refused.body.fields).toEqual({
      customer_impact: ['customer_impact is a required field for Breach incidents'],
      labels: ['labels is a required field for Breach incidents'],
    });
    expect((await read(incident.id)).type_id).toBe('default');
    const changed = (
      await collaborator
        .patch(`${incidents}/${incident.id}`)
        .send({
          type_id: breach.id,
          customer_impact: 'Card data may have leaked',
          labels: { region: 'eu' },
          team_id: teamId,
          impacted_services: ['checkout'],
          environments: ['production'],
        })
        .expect(200)
    ).body.data as Incident;
    expect(changed).toMatchObject({
      type_id: breach.id,
      team_id: teamId,
      impacted_services: ['checkout'],
      environments: ['production'],
      labels: { region: 'eu' },
    });

    const added = (
      await collaborator.post(`${incidents}/${incident.id}/tasks`).send({ title: 'Rotate keys' }).expect(201)
    ).body.data as Incident;
    const task = added.tasks[0].id;
    await viewer.delete(`${incidents}/${incident.id}/tasks/${task}`).expect(403);
    const removed = (await collaborator.delete(`${incidents}/${incident.id}/tasks/${task}`).expect(200)).body
      .data as Incident;
    expect(removed.tasks).toEqual([]);
    await collaborator.delete(`${incidents}/${incident.id}/tasks/${task}`).expect(404);
    const kinds = (await timeline(incident.id)).data.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'task_removed')).toHaveLength(1);
  });
});

/** RFC 4180, enough for the export: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}
