import request from 'supertest';
import {
  incidentPath,
  incidentRolePath,
  incidentSettingsPartPath,
  incidentTasksPath,
  INCIDENT_SETTINGS_API,
  INCIDENTS_API,
  type Incident,
  type IncidentTimelineResponse,
} from '@tocsin/contracts';
import { membershipsView, type MembershipDoc } from '@tocsin/read-models';
import {
  IncidentPaging,
  PAGE_NOT_SENT,
  PAGE_POLICY_GONE,
} from '../../apps/api/src/incidents/incidents/incident-paging';
import { IncidentsService } from '../../apps/api/src/incidents/incidents/incidents.service';
import { eventually } from '../support/eventually';
import { demoUserId, savePhone, startPagingApp, type RecordingGateway } from '../support/paging';
import { signInAs, type Client } from '../support/session';
import type { TestApp } from '../support/app';
import { acceptLinkIn, registerOrg, tokenOf } from './organization-admin.support';
import { createTeam } from './signals-ingest.support';

const PHONE = '+15550000122';

/**
 * Issue 21: what a declaration, a role or a task promises when things change around it. A declaration that pages
 * stands even when the page cannot go out (no 5xx, so no retry declares it twice); the same Idempotency-Key is
 * the same incident; a member removed is never named; a role's task list comes once.
 */
describe('incidents: declared once, named members only, task lists once', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let owner: Client;

  const timeline = async (id: string) =>
    (
      await owner
        .get(`${incidentPath(id)}/timeline`)
        .query({ order: 'asc' })
        .expect(200)
    ).body as IncidentTimelineResponse;
  const named = async (name: string) =>
    ((await owner.get(INCIDENTS_API).query({ query: name }).expect(200)).body.data as Incident[]).filter(
      (i) => i.name === name,
    );
  const pagedTeam = async (label: string) => {
    const teamId = await createTeam(owner, `${label} ${Date.now()}`);
    const policy = await owner
      .post(`/api/v1/teams/${teamId}/escalation_policies`)
      .send({ name: 'On-call', steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: demoUserId('owner') }] }] })
      .expect(201);
    return { teamId, policyId: policy.body.data.id as string };
  };

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp());
    owner = await signInAs(app.url, 'owner');
    await savePhone(app.app, demoUserId('owner'), 'sms', PHONE);
  });
  afterAll(() => close());
  afterEach(() => jest.restoreAllMocks());

  it("a policy deleted between the declaration and its page: the incident stands (201), once, and shows why the team wasn't paged", async () => {
    const { teamId, policyId } = await pagedTeam('Deleted policy');
    const incidents = app.app.get(IncidentsService);
    const declare = incidents.declare.bind(incidents);
    jest.spyOn(incidents, 'declare').mockImplementationOnce(async (command, context) => {
      await declare(command, context);
      await owner.delete(`/api/v1/teams/${teamId}/escalation_policies/${policyId}`).expect(204);
    });
    const name = `Policy gone ${Date.now()}`;
    const answer = await owner
      .post(INCIDENTS_API)
      .send({ name, page: { team_id: teamId, escalation_policy_id: policyId } })
      .expect(201);
    const incident = answer.body.data as Incident;
    expect(incident.paged_alert_ids).toEqual([]);
    expect((await named(name)).map((i) => i.id)).toEqual([incident.id]);
    const failed = (await timeline(incident.id)).data.find((e) => e.kind === 'team_page_failed');
    expect(failed).toMatchObject({
      system: false,
      data: { teamId, escalationPolicyId: policyId, reason: PAGE_POLICY_GONE },
    });
    const csv = await owner.get(`${incidentPath(incident.id)}/timeline.csv`).expect(200);
    expect(csv.text).toContain(`Paging team Deleted policy`);
  });

  it('a page that throws: 201 with the incident, declared once, the failure on its timeline; nothing internal leaks', async () => {
    const { teamId } = await pagedTeam('Thrown page');
    const paging = app.app.get(IncidentPaging);
    jest
      .spyOn(paging as unknown as { page: () => Promise<string> }, 'page')
      .mockRejectedValueOnce(new Error('SQLITE_BUSY: internal detail'));
    const name = `Page throws ${Date.now()}`;
    const incident = (
      await owner
        .post(INCIDENTS_API)
        .send({ name, page: { team_id: teamId } })
        .expect(201)
    ).body.data as Incident;
    expect(incident.paged_alert_ids).toEqual([]);
    expect((await named(name)).map((i) => i.id)).toEqual([incident.id]);
    const entries = (await timeline(incident.id)).data;
    expect(entries.map((e) => e.kind)).toEqual(['declared', 'team_page_failed']);
    expect(entries[1].data.reason).toBe(PAGE_NOT_SENT);
    expect(JSON.stringify(entries)).not.toContain('SQLITE_BUSY');
  });

  it('a process that stops between the declaration and its page: the pages reactor pages the team, once', async () => {
    const { teamId } = await pagedTeam('Stopped before paging');
    const paging = app.app.get(IncidentPaging);
    // the request's own attempt never happens, as when its process dies right after the declaration
    const skipped = jest.spyOn(paging, 'pageDeclared').mockResolvedValueOnce(undefined);
    const name = `Stopped ${Date.now()}`;
    const incident = (
      await owner
        .post(INCIDENTS_API)
        .send({ name, page: { team_id: teamId } })
        .expect(201)
    ).body.data as Incident;
    expect(skipped).toHaveBeenCalled();
    const paged = await eventually(async () => {
      const entries = (await timeline(incident.id)).data;
      return entries.some((e) => e.kind === 'team_paged') ? entries : undefined;
    });
    expect(paged.map((e) => e.kind)).toEqual(['declared', 'team_paged']);
    const alertId = (await owner.get(incidentPath(incident.id)).expect(200)).body.data.paged_alert_ids[0] as string;
    await eventually(() => gateway.received.find((p) => p.message.alertId === alertId));
    expect(gateway.received.filter((p) => p.message.alertId === alertId)).toHaveLength(1);
    expect((await named(name)).map((i) => i.id)).toEqual([incident.id]);
  });

  it('the same Idempotency-Key is the same incident, paged once, even when the first answer was lost', async () => {
    const { teamId } = await pagedTeam('Idempotent');
    const name = `Retried ${Date.now()}`;
    const key = `declare-${Date.now()}`;
    const body = { name, page: { team_id: teamId } };
    // the first attempt declares and pages, then its answer is lost (a 5xx after the work was done)
    const incidents = app.app.get(IncidentsService);
    jest.spyOn(incidents, 'find').mockRejectedValueOnce(new Error('connection reset'));
    await owner.post(INCIDENTS_API).set('Idempotency-Key', key).send(body).expect(500);
    const retried = await owner.post(INCIDENTS_API).set('Idempotency-Key', key).send(body).expect(201);
    const replayed = await owner.post(INCIDENTS_API).set('Idempotency-Key', key).send(body).expect(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const incident = retried.body.data as Incident;
    expect(replayed.body.data.id).toBe(incident.id);
    expect((await named(name)).map((i) => i.id)).toEqual([incident.id]);
    expect(incident.paged_alert_ids).toHaveLength(1);
    expect((await timeline(incident.id)).data.map((e) => e.kind)).toEqual(['declared', 'team_paged']);
    // the same key on another request is refused, nothing declared
    await owner
      .post(INCIDENTS_API)
      .set('Idempotency-Key', key)
      .send({ ...body, name: `${name} other` })
      .expect(422);
    expect(await named(`${name} other`)).toEqual([]);
    await eventually(() => gateway.received.find((p) => p.message.alertId === incident.paged_alert_ids[0]));
    expect(gateway.received.filter((p) => p.message.alertId === incident.paged_alert_ids[0])).toHaveLength(1);
  });

  it('a member removed is refused for a role or a task with the field message, even while the view still lists them', async () => {
    const { client: leaver, userId } = await registerOrg(app.url, `leaving-${Date.now()}@example.com`, 'Leaver Co');
    const email = (await leaver.get('/api/v1/me').expect(200)).body.data.user.email as string;
    await owner.post('/api/v1/invitations').send({ email, role: 'member' }).expect(201);
    const mails = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body
      .data as Array<{ text: string }>;
    await leaver
      .post(`/api/v1/invitations/${tokenOf(acceptLinkIn(mails[0].text))}/accept`)
      .send({})
      .expect(201);
    const incident = (
      await owner
        .post(INCIDENTS_API)
        .send({ name: `Members ${Date.now()}` })
        .expect(201)
    ).body.data as Incident;
    // a member may be named until removed
    await owner.put(incidentRolePath(incident.id, 'operations')).send({ user_id: userId }).expect(200);

    await owner.delete(`/api/v1/users/${userId}`).expect(204);
    // the memberships view still lists them (as a lagging view would): the organization's stream decides
    const of = membershipsView.of.bind(membershipsView);
    jest
      .spyOn(membershipsView, 'of')
      .mockImplementation(async (reader, orgId, id) =>
        id === userId
          ? ({ _id: `${orgId}/${id}`, orgId, userId, role: 'member' } as MembershipDoc)
          : of(reader, orgId, id),
      );
    const role = await owner.put(incidentRolePath(incident.id, 'commander')).send({ user_id: userId }).expect(400);
    expect(role.body.fields).toEqual({ user_id: [expect.stringContaining('user_id')] });
    const task = await owner
      .post(incidentTasksPath(incident.id))
      .send({ title: 'Check replicas', assignee_id: userId })
      .expect(400);
    expect(task.body.fields).toEqual({ assignee_id: [expect.stringContaining('assignee_id')] });
    const after = (await owner.get(incidentPath(incident.id)).expect(200)).body.data as Incident;
    expect(after.tasks).toEqual([]);
    expect(after.roles).not.toEqual(expect.objectContaining({ commander: userId }));
  });

  it("a role's task list is applied when the role is first taken, not again for the next person", async () => {
    const settings = (await owner.get(INCIDENT_SETTINGS_API).expect(200)).body.data;
    const lists = (
      await owner
        .put(incidentSettingsPartPath('taskLists'))
        .send({
          expected_revision: settings.revisions.task_lists,
          items: [{ name: 'Comms checklist', tasks: [{ title: 'Tell support' }, { title: 'Post an update' }] }],
        })
        .expect(200)
    ).body.data.task_lists as Array<{ id: string }>;
    const roles = (settings.roles as Array<{ id: string; name: string; description: string }>).map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      task_list_id: r.id === 'communications' ? lists[0].id : null,
    }));
    await owner
      .put(incidentSettingsPartPath('roles'))
      .send({ expected_revision: settings.revisions.roles, items: roles })
      .expect(200);

    const incident = (
      await owner
        .post(INCIDENTS_API)
        .send({ name: `Comms ${Date.now()}` })
        .expect(201)
    ).body.data as Incident;
    const take = async (userId: string | null) =>
      (await owner.put(incidentRolePath(incident.id, 'communications')).send({ user_id: userId }).expect(200)).body
        .data as Incident;
    const first = await take(demoUserId('member'));
    expect(first.tasks.map((t) => [t.title, t.assignee_id])).toEqual([
      ['Tell support', demoUserId('member')],
      ['Post an update', demoUserId('member')],
    ]);
    await take(demoUserId('collaborator'));
    await take(null);
    const last = await take(demoUserId('owner'));
    expect(last.roles.communications).toBe(demoUserId('owner'));
    expect(last.tasks).toHaveLength(2);
    const kinds = (await timeline(incident.id)).data.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'task_list_applied')).toHaveLength(1);
  });
});
