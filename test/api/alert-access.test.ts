import request from 'supertest';
import { twilioSignature } from '@tocsin/platform';
import type { TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import {
  DEMO_ORG,
  demoUserId,
  policyOf,
  type RecordingGateway,
  savePhone,
  startPagingApp,
  triggerAlert,
} from '../support/paging';
import { eventually } from '../support/eventually';

const alerts = '/api/v1/signals/alerts';
const AUTH_TOKEN = 'twilio-test-auth-token';
const viewer = demoUserId('viewer');
const VIEWER_PHONE = '+15550000004';
const toViewer = policyOf([{ timeoutMinutes: 10, targets: [{ type: 'user', id: viewer }] }]);

/**
 * Who may act on an alert (issue 19): a viewer reads alerts but does not acknowledge, resolve, escalate or
 * reassign them from the app or the API; a viewer who was paged acts all the same through their page's signed
 * link or SMS reply, which were made for them.
 */
describe('who may act on an alert', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let viewerClient: Client;
  let collaboratorClient: Client;
  const webhook = '/webhooks/sms/twilio';
  const smsReply = (from: string, body: string) => {
    const params = { From: from, Body: body, To: '+15559990000', MessageSid: 'SM-in-1' };
    return request(app.url)
      .post(webhook)
      .type('form')
      .set('X-Twilio-Signature', twilioSignature(AUTH_TOKEN, `${app.url}${webhook}`, params))
      .send(params);
  };
  const timeline = async (alertId: string) =>
    (await collaboratorClient.get(`${alerts}/${alertId}/timeline`).expect(200)).body.data as Array<{
      kind: string;
      by?: unknown;
    }>;
  const pageTo = async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: toViewer });
    return eventually(() => gateway.received.find((p) => p.message.alertId === alertId && p.kind === 'sms'));
  };

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({ env: (g) => g.twilioEnv(AUTH_TOKEN) }));
    viewerClient = await signInAs(app.url, 'viewer');
    collaboratorClient = await signInAs(app.url, 'collaborator');
    await savePhone(app.app, viewer, 'sms', VIEWER_PHONE);
  });
  afterAll(() => close());

  it('refuses a viewer every action from the app or the API, with the permission it lacks, and changes nothing', async () => {
    const page = await pageTo();
    const { alertId } = page.message;
    // reading is theirs
    await viewerClient.get(`${alerts}/${alertId}`).expect(200);
    await viewerClient.get(`${alerts}/${alertId}/timeline`).expect(200);
    for (const [action, body] of [
      ['acknowledge', {}],
      ['resolve', {}],
      ['escalate', {}],
      ['reassign', { user_id: viewer }],
    ] as const) {
      const refused = await viewerClient.post(`${alerts}/${alertId}/${action}`).send(body).expect(403);
      expect(refused.body).toMatchObject({ error: 'forbidden', permission: 'act_on_alerts' });
    }
    const kinds = (await timeline(alertId)).map((e) => e.kind);
    expect(kinds).not.toContain('acknowledged');
    expect(kinds).not.toContain('resolved');
    expect(kinds).not.toContain('reassigned');
    // a collaborator, the least role that responds, acts
    await collaboratorClient.post(`${alerts}/${alertId}/acknowledge`).send({}).expect(200);
  });

  it('lets the paged viewer acknowledge through the signed link made for them', async () => {
    const page = await pageTo();
    const path = new URL(page.message.acknowledgeUrl!).pathname;
    expect((await request(app.url).post(path).expect(200)).text).toContain('Alert acknowledged');
    expect((await timeline(page.message.alertId)).find((e) => e.kind === 'acknowledged')).toMatchObject({
      by: { kind: 'user', userId: viewer, via: 'link' },
    });
  });

  it('lets the paged viewer resolve by replying to the SMS', async () => {
    const page = await pageTo();
    const answer = await smsReply(VIEWER_PHONE, `RES ${page.message.shortCode}`).expect(200);
    expect(answer.text).toContain('Resolved');
    expect((await timeline(page.message.alertId)).find((e) => e.kind === 'resolved')).toMatchObject({
      by: { kind: 'user', userId: viewer, via: 'sms_reply' },
    });
  });
});
