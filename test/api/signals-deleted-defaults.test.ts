import { randomUUID } from 'node:crypto';
import { escalationPolicyStream, teamStream } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { alerts, createSource, createTeam, ingest, sources } from './signals-ingest.support';
import { eventually } from '../support/eventually';

/**
 * A source's default team or policy gone (deleted before deleting them was refused, or as the views lagged):
 * an accepted alert is still triggered and recorded, with no policy, never a 5xx. Deleting a team that
 * sources default to is refused, naming them.
 */
describe('event sources whose default team or policy is gone', () => {
  let app: TestApp;
  let owner: Client;
  let me: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    me = (await owner.get('/api/v1/me').expect(200)).body.data.user.id;
  });
  afterAll(() => app.close());

  const policyIn = async (teamId: string) =>
    (
      await owner
        .post(`/api/v1/teams/${teamId}/escalation_policies`)
        .send({ name: 'On call', steps: [{ timeout: 'PT5M', targets: [{ type: 'user', id: me }] }] })
        .expect(201)
    ).body.data.id as string;

  /** What a deletion made before the refusals existed left in the log. */
  async function deletedBehindTheirBack(stream: string, type: string, data: Record<string, string>) {
    const { eventStore } = app.runtime.infra;
    const orgId = (await eventStore.readStream(stream))[0].metadata.orgId;
    const metadata = {
      orgId,
      actorId: me,
      commandId: randomUUID(),
      correlationId: 'test',
      causationId: 'test',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    const { position } = await eventStore.append(stream, [{ id: randomUUID(), type, data, metadata }], 'any');
    await app.runtime.runner!.waitFor(position);
  }

  it('refuses to delete a team that sources default to, naming them; once moved, the team goes', async () => {
    const teamId = await createTeam(owner, 'Leaving');
    const otherTeam = await createTeam(owner, 'Staying');
    const source = await createSource(owner, { name: 'Grafana', format: 'generic', team_id: teamId });
    const refused = await owner.delete(`/api/v1/teams/${teamId}`).expect(409);
    expect(refused.body.message).toBe(
      'The team is the default of event source "Grafana": give them another team first',
    );
    await owner.get(`/api/v1/teams/${teamId}`).expect(200);
    await owner.patch(`${sources}/${source.id}`).send({ team_id: otherTeam }).expect(200);
    await owner.delete(`/api/v1/teams/${teamId}`).expect(204);
  });

  it('a source whose team is gone: the alert triggers on the default decision without a policy', async () => {
    const teamId = await createTeam(owner, 'Vanished');
    const policyId = await policyIn(teamId);
    const source = await createSource(owner, {
      name: 'Orphan',
      format: 'generic',
      team_id: teamId,
      escalation_policy_id: policyId,
    });
    await deletedBehindTheirBack(teamStream(teamId), 'TeamDeleted', { teamId });

    const answer = await ingest(app.url, `/ingest/${source.token}`, { summary: 'Nobody home', dedup_key: 'k' });
    expect(answer.status).toBe(202);
    const alertId = answer.body.data.results[0].alert_id as string;
    expect(answer.body.data.results[0].outcome).toBe('new_alert');
    const alert = await eventually(async () => (await owner.get(`${alerts}/${alertId}`).expect(200)).body.data);
    expect(alert).toMatchObject({ status: 'triggered', policy: null });
    expect(alert.routing).toMatchObject({ kind: 'default', escalationPolicyId: null });
    // the decision is recorded in the alert's own event, as the timeline reads it
    const [triggered] = (await app.runtime.infra.eventStore.readAll({ after: null, maxCount: 1000 })).filter(
      (e) => e.type === 'AlertTriggered' && (e.data as { alertId: string }).alertId === alertId,
    );
    expect(triggered.data).toMatchObject({
      teamId,
      policy: null,
      routing: { kind: 'default', escalationPolicyId: null },
    });
  });

  it('a source whose default policy is gone: the alert triggers with the decision saying there is none', async () => {
    const teamId = await createTeam(owner, 'Policy lost');
    const policyId = await policyIn(teamId);
    const source = await createSource(owner, {
      name: 'Lost policy',
      format: 'alertmanager',
      team_id: teamId,
      escalation_policy_id: policyId,
    });
    await deletedBehindTheirBack(escalationPolicyStream(policyId), 'EscalationPolicyDeleted', { policyId, teamId });

    const answer = await ingest(app.url, `/ingest/${source.token}/alertmanager`, {
      version: '4',
      status: 'firing',
      alerts: [{ status: 'firing', labels: { alertname: 'NoPolicy' }, annotations: {} }],
    });
    expect(answer.status).toBe(202);
    const alertId = answer.body.data.results[0].alert_id as string;
    const alert = await eventually(async () => (await owner.get(`${alerts}/${alertId}`).expect(200)).body.data);
    expect(alert).toMatchObject({ status: 'triggered', team_id: teamId, policy: null });
    expect(alert.routing).toMatchObject({ kind: 'default', escalationPolicyId: null });
    await owner.get(`${alerts}/${alertId}`).expect(200);
    await owner.get(sources).expect(200);
  });
});
