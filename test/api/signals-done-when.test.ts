import request from 'supertest';
import { attemptIdOf } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { LocalSmtpServer } from '../support/smtp-server';
import { demoUserId, recordingGateway, type RecordingGateway } from '../support/paging';
import { alertmanagerPayload, createSource, createTeam, ingest } from './signals-ingest.support';
import { eventually } from '../support/eventually';

const owner = demoUserId('owner');
const OWNER_EMAIL = 'owner@demo.tocsin.dev';
const PHONE = '+14155550100';

/**
 * Issue 9, "Done when": a whole page through the real application. An Alertmanager payload is routed by a team
 * rule to an escalation policy, whose step pages the owner by their settings: an email received by a local SMTP
 * server and an SMS by the local phone provider; the signed link in the SMS acknowledges, and the voice call still
 * pending is cancelled. A PagerDuty Events v2 trigger and resolve do the same.
 */
describe('a whole page, from the monitoring tool to the phone and back', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let smtp: LocalSmtpServer;
  let client: Client;
  let teamId: string;
  let voiceRow: string;

  beforeAll(async () => {
    gateway = await recordingGateway();
    smtp = await LocalSmtpServer.start();
    app = await startApp({ env: { ...gateway.env, SMTP_URL: smtp.url, SIMPLE_PHONE_VERIFICATION: 'true' } });
    client = await signInAs(app.url, 'owner');
    // the owner's phone and notification settings, as they make them on their preferences page
    await client.post('/api/v1/phones').send({ number: PHONE, verification_method: 'sms', consent: true }).expect(201);
    const setting = async (notification_type: string, type: string, value: string, delay: string) =>
      (
        await client
          .post('/api/v1/signals_notification_settings')
          .send({ notification_type, destination: { type, value }, delay, notification_priority: 'HIGH' })
          .expect(201)
      ).body.data.id as string;
    await setting('email', 'email', OWNER_EMAIL, 'PT0S');
    await setting('sms', 'phone', PHONE, 'PT0S');
    voiceRow = await setting('voice', 'phone', PHONE, 'PT5M');
    teamId = await createTeam(client, 'Database');
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
    await smtp.close();
  });

  const policy = async (name: string) =>
    (
      await client
        .post(`/api/v1/teams/${teamId}/escalation_policies`)
        .send({ name, steps: [{ timeout: 'PT10M', targets: [{ type: 'user', id: owner }] }] })
        .expect(201)
    ).body.data.id as string;

  /** The voice call's job: due five minutes after the trigger. */
  const voiceJob = (alertId: string, triggeredAt: string) =>
    `page/${attemptIdOf(alertId, 1, { kind: 'step', step: 0 }, owner, voiceRow)}/${Date.parse(triggeredAt) + 5 * 60_000}`;
  const alertOf = async (alertId: string) =>
    (await client.get(`/api/v1/signals/alerts/${alertId}`).expect(200)).body.data as {
      status: string;
      triggered_at: string;
      routing: { kind: string; ruleId?: string };
    };
  const pagedBy = async (alertId: string) => {
    const sms = await eventually(() => gateway.received.find((p) => p.message.alertId === alertId && p.kind === 'sms'));
    const mail = await eventually(() =>
      smtp.to(OWNER_EMAIL).find((m) => m.raw.includes(`/signals/alerts/${alertId}/`)),
    );
    return { sms, mail };
  };

  it('Alertmanager -> rule -> policy -> settings -> email and SMS -> acknowledged by the signed link -> voice call cancelled', async () => {
    const databasePolicy = await policy('Database on-call');
    const rule = (
      await client
        .post(`/api/v1/teams/${teamId}/alert_rules`)
        .send({
          name: 'Postgres',
          conditions: [{ field: 'labels.service', operator: 'equals', value: 'postgres' }],
          action: { type: 'route', escalation_policy_id: databasePolicy, priority: 'HIGH' },
        })
        .expect(201)
    ).body.data.id as string;
    const source = await createSource(client, { name: 'Prometheus', format: 'alertmanager', team_id: teamId });
    const sent = await ingest(
      app.url,
      `/ingest/${source.token}/alertmanager`,
      alertmanagerPayload([{ labels: { alertname: 'DiskFull', service: 'postgres' }, summary: 'Disk 95% on db-1' }]),
    ).expect(202);
    const alertId = sent.body.data.results[0].alert_id as string;

    const { sms, mail } = await pagedBy(alertId);
    expect(sms.address).toBe(PHONE);
    expect(sms.message.text).toContain('Disk 95% on db-1');
    expect(mail.raw).toContain('Disk 95% on db-1');
    const alert = await eventually(() => alertOf(alertId));
    expect(alert.routing).toMatchObject({ kind: 'route', ruleId: rule });
    expect(await app.runtime.infra.jobs.get('paging', voiceJob(alertId, alert.triggered_at))).toMatchObject({
      state: 'delayed',
    });

    const link = new URL(sms.message.acknowledgeUrl!).pathname;
    await request(app.url).get(link).set('Accept', 'text/html').expect(200);
    await request(app.url).post(link).expect(200);
    expect((await alertOf(alertId)).status).toBe('acknowledged');
    await eventually(
      async () => (await app.runtime.infra.jobs.get('paging', voiceJob(alertId, alert.triggered_at))) === null,
    );
    const timeline = (await client.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body.data as Array<{
      kind: string;
      channel?: string;
    }>;
    expect(timeline.filter((e) => e.kind === 'notification_sent')).toHaveLength(2);
    expect(timeline.some((e) => e.channel === 'voice')).toBe(false);
    expect(timeline.at(-1)).toMatchObject({ kind: 'acknowledged', by: { kind: 'user', userId: owner, via: 'link' } });
  });

  it('PagerDuty Events v2: a trigger pages by email and SMS, and its resolve cancels the pending call', async () => {
    const pdPolicy = await policy('PD on-call');
    const source = await createSource(client, {
      name: 'PagerDuty tools',
      format: 'pagerduty',
      team_id: teamId,
      escalation_policy_id: pdPolicy,
    });
    const event = (action: string) => ({
      routing_key: source.token,
      event_action: action,
      dedup_key: 'pd-done-when',
      ...(action === 'trigger' && { payload: { summary: 'CPU high on web-1', source: 'web-1', severity: 'critical' } }),
    });
    const triggered = await ingest(app.url, '/ingest/pagerduty/v2/enqueue', event('trigger')).expect(202);
    expect(triggered.body.status).toBe('success');
    const alertId = (
      await eventually(async () => {
        const list = (await client.get('/api/v1/signals/alerts').query({ source_id: source.id }).expect(200)).body;
        return list.data[0] as { id: string } | undefined;
      })
    ).id;
    const { sms, mail } = await pagedBy(alertId);
    expect(sms.message.text).toContain('CPU high on web-1');
    expect(mail.raw).toContain('CPU high on web-1');
    const { triggered_at } = await alertOf(alertId);
    expect(await app.runtime.infra.jobs.get('paging', voiceJob(alertId, triggered_at))).toMatchObject({
      state: 'delayed',
    });

    await ingest(app.url, '/ingest/pagerduty/v2/enqueue', event('resolve')).expect(202);
    await eventually(async () => (await alertOf(alertId)).status === 'resolved');
    await eventually(
      async () => (await app.runtime.infra.jobs.get('paging', voiceJob(alertId, triggered_at))) === null,
    );
  });
});
