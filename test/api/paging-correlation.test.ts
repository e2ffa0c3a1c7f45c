import { alertStreamFor } from '@tocsin/domain';
import type { TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { demoUserId, type RecordingGateway, savePhone, startPagingApp } from '../support/paging';
import { createSource, createTeam, ingest } from './signals-ingest.support';
import { eventually } from '../support/eventually';

const owner = demoUserId('owner');

/**
 * A page can be traced to its payload (issue 19): the correlation id of the ingest payload (its `payload_id`, the
 * one its log entry carries) is on the alert's trigger and on every paging command's events, read from the log.
 */
describe('the correlation of a page', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let client: Client;

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp());
    client = await signInAs(app.url, 'owner');
    await savePhone(app.app, owner, 'sms', '+15550000001');
  });
  afterAll(() => close());

  it('carries the payload id from the ingest log to the trigger, the step, every attempt and its outcome', async () => {
    const teamId = await createTeam(client, 'Traced');
    const steps = [{ timeout: 'PT10M', targets: [{ type: 'user', id: owner }] }];
    const policyId = (
      await client.post(`/api/v1/teams/${teamId}/escalation_policies`).send({ name: 'Traced', steps }).expect(201)
    ).body.data.id as string;
    const source = await createSource(client, {
      name: 'Traced',
      format: 'generic',
      team_id: teamId,
      escalation_policy_id: policyId,
    });
    const sent = await ingest(app.url, `/ingest/${source.token}`, {
      summary: 'Traced disk',
      dedup_key: 'traced-1',
      priority: 'HIGH',
    }).expect(202);
    const payloadId = sent.body.data.payload_id as string;
    const alertId = sent.body.data.results[0].alert_id as string;
    await eventually(() => gateway.received.some((p) => p.message.alertId === alertId));

    const store = app.runtime.infra.eventStore;
    const events = await eventually(async () => {
      const ofAlert = await store.readStream(alertStreamFor(source.id, 'traced-1'));
      return ofAlert.some((e) => e.type === 'NotificationSent') && ofAlert;
    });
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['AlertTriggered', 'EscalationStepReached', 'NotificationAttempted', 'NotificationSent']),
    );
    expect(events.map((e) => [e.type, e.metadata.correlationId])).toEqual(events.map((e) => [e.type, payloadId]));
    // the payload's log entry is in the same correlation
    const logged = await store.readStream(`ingestLog-${source.id}`);
    expect(logged.filter((e) => e.metadata.correlationId === payloadId)).toHaveLength(1);
  });
});
