import request from 'supertest';
import { createHash } from 'node:crypto';
import { SHORT_CODE_ALPHABET } from '@tocsin/domain';
import { twilioSignature } from '@tocsin/platform';
import type { TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import {
  DEMO_ORG,
  demoUserId,
  policyOf,
  type RecordingGateway,
  savePhone,
  saveSetting,
  startPagingApp,
  triggerAlert,
} from '../support/paging';
import { eventually } from '../support/eventually';

const alerts = '/api/v1/signals/alerts';
const AUTH_TOKEN = 'twilio-test-auth-token';
const viewer = demoUserId('viewer');
const member = demoUserId('member');
const VIEWER_PHONE = '+15550000004';
const MEMBER_PHONE = '+15550000002';
const VIEWER_EMAIL = 'viewer-pages@example.com';

/** The reply code as it was made before it was keyed: from the alert id alone, which every viewer reads. */
function unkeyedCode(alertId: string, episode: number): string {
  const digest = createHash('sha256').update(`${alertId}#${episode}`).digest();
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + digest[i];
  let code = '';
  for (let i = 0; i < 6; i++) {
    code += SHORT_CODE_ALPHABET[value % SHORT_CODE_ALPHABET.length];
    value = Math.floor(value / SHORT_CODE_ALPHABET.length);
  }
  return code;
}
const toViewer = policyOf([{ timeoutMinutes: 10, targets: [{ type: 'user', id: viewer }] }]);
const toMember = policyOf([{ timeoutMinutes: 10, targets: [{ type: 'user', id: member }] }]);

/**
 * Who may act on an alert (issue 19): a viewer reads alerts but does not acknowledge, resolve, escalate or
 * reassign them from the app or the API; a viewer who was paged acts all the same through their page's signed
 * link or SMS reply, which were made for them. A member removed from the organization is out at once: paged by
 * nothing, their links and SMS replies refused, and shown as removed on the policies that still name them.
 */
describe('who may act on an alert', () => {
  let app: TestApp;
  let gateway: RecordingGateway;
  let close: () => Promise<void>;
  let viewerClient: Client;
  let collaboratorClient: Client;
  let ownerClient: Client;
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
  const pageTo = async (policy = toViewer) => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    return eventually(() => gateway.received.find((p) => p.message.alertId === alertId && p.kind === 'sms'));
  };

  beforeAll(async () => {
    ({ app, gateway, close } = await startPagingApp({ env: (g) => g.twilioEnv(AUTH_TOKEN) }));
    viewerClient = await signInAs(app.url, 'viewer');
    collaboratorClient = await signInAs(app.url, 'collaborator');
    ownerClient = await signInAs(app.url, 'owner');
    await savePhone(app.app, viewer, 'sms', VIEWER_PHONE);
    await savePhone(app.app, member, 'sms', MEMBER_PHONE);
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

  it('shows where a page went only to the person paged and to those who manage the organization', async () => {
    await saveSetting(app.app, DEMO_ORG, viewer, { notification_type: 'email', value: VIEWER_EMAIL, delay: 'PT0S' });
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: toViewer });
    const attempts = async (client: Client) => {
      const answer = await client.get(`${alerts}/${alertId}/timeline`).expect(200);
      return {
        text: answer.text,
        entries: answer.body.data.filter((e: { kind: string }) => e.kind === 'notification_attempted'),
      };
    };
    await eventually(async () => (await attempts(ownerClient)).entries.length === 2);
    const addresses = async (client: Client) =>
      Object.fromEntries(
        (await attempts(client)).entries.map((e: { channel: string; address: string }) => [e.channel, e.address]),
      );

    // a collaborator (and so a member, who holds no more about people) reads labels, nowhere the number or address
    const seen = await attempts(collaboratorClient);
    expect(await addresses(collaboratorClient)).toEqual({ sms: '*** 0004', email: 'Email' });
    expect(seen.text).not.toContain('5550000004');
    expect(seen.text).not.toContain(VIEWER_EMAIL);
    // the answers of actions carry the same timeline
    const reassigned = await collaboratorClient.post(`${alerts}/${alertId}/reassign`).send({ user_id: viewer });
    expect(reassigned.status).toBe(200);
    expect(reassigned.text).not.toContain('5550000004');
    expect(reassigned.text).not.toContain(VIEWER_EMAIL);
    // the person paged, and the owner, see where
    const full = { sms: VIEWER_PHONE, email: VIEWER_EMAIL };
    expect(await addresses(viewerClient)).toEqual(full);
    expect(await addresses(ownerClient)).toEqual(full);
  });

  it('keys SMS reply codes: the code made from the alert id alone does not act, the one in the page does', async () => {
    const page = await pageTo();
    const { alertId, shortCode } = page.message;
    const guessed = unkeyedCode(alertId, 1);
    expect(shortCode).not.toBe(guessed);
    const refused = await smsReply(VIEWER_PHONE, `ACK ${guessed}`).expect(200);
    expect(refused.text).toContain('No alert paged to this number');
    expect((await timeline(alertId)).map((e) => e.kind)).not.toContain('acknowledged');
    expect((await smsReply(VIEWER_PHONE, `ACK ${shortCode}`).expect(200)).text).toContain('Acknowledged');
  });

  it('takes a removed member out at once: their link and SMS reply are refused, nothing pages them, the policy shows them removed', async () => {
    // before the removal: paged for an alert (link and code in hand), and named by a team's policy
    const page = await pageTo(toMember);
    const { alertId } = page.message;
    const teamId = (await ownerClient.post('/api/v1/teams').send({ name: 'Removal' }).expect(201)).body.data
      .id as string;
    const policies = `/api/v1/teams/${teamId}/escalation_policies`;
    const steps = [{ timeout: 'PT5M', targets: [{ type: 'user', id: member }] }];
    const policyId = (await ownerClient.post(policies).send({ name: 'Named', steps }).expect(201)).body.data.id;
    const before = (await ownerClient.get(`${policies}/${policyId}`).expect(200)).body.data;
    expect(before.steps[0].targets).toEqual([{ type: 'user', id: member, name: 'Demo Member' }]);

    await ownerClient.delete(`/api/v1/users/${member}`).expect(204);

    // the signed link: refused, on GET and POST, saying why
    const path = new URL(page.message.acknowledgeUrl!).pathname;
    expect((await request(app.url).get(path).expect(403)).text).toContain('no longer a member');
    expect((await request(app.url).post(path).expect(403)).text).toContain('no longer a member');
    // the SMS reply: told, nothing changed
    const answer = await smsReply(MEMBER_PHONE, `ACK ${page.message.shortCode}`).expect(200);
    expect(answer.text).toContain('no longer a member');
    expect((await timeline(alertId)).map((e) => e.kind)).not.toContain('acknowledged');

    // an alert whose copied policy still names them pages nobody, and says why
    const { alertId: later } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: toMember });
    const unreachable = await eventually(async () =>
      (await timeline(later)).find((e) => e.kind === 'target_unreachable'),
    );
    expect(unreachable).toMatchObject({ userId: member, reason: 'not_a_member' });
    expect((await timeline(later)).map((e) => e.kind)).not.toContain('notification_attempted');
    expect(gateway.received.filter((p) => p.message.alertId === later)).toEqual([]);

    // the policy page names no one and says removed
    const after = (await ownerClient.get(`${policies}/${policyId}`).expect(200)).body.data;
    expect(after.steps[0].targets).toEqual([{ type: 'user', id: member, removed: true }]);
  });
});
