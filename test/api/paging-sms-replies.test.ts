import request from 'supertest';
import { gatewaySignature, twilioSignature } from '@tocsin/platform';
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

const owner = demoUserId('owner');
const member = demoUserId('member');
const policy = policyOf([{ timeoutMinutes: 5, targets: [{ type: 'user', id: owner }] }]);

async function setUp(env: (gateway: RecordingGateway) => Record<string, string>) {
  const paging = await startPagingApp({ env });
  const client = await signInAs(paging.app.url, 'owner');
  await savePhone(paging.app.app, owner, 'sms', '+15550000001');
  await savePhone(paging.app.app, member, 'sms', '+15550000002');
  return { ...paging, client };
}

const kindsOf = async (client: Client, alertId: string) =>
  (await client.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body.data as Array<{
    kind: string;
    by?: unknown;
  }>;

/** Replying "ACK <code>" to a page's SMS, through the configured provider's signed webhook. */
describe('SMS replies through a Twilio-compatible provider', () => {
  const AUTH_TOKEN = 'twilio-test-auth-token';
  let app: TestApp;
  let gateway: RecordingGateway;
  let client: Client;
  let close: () => Promise<void>;
  const webhook = '/webhooks/sms/twilio';
  const reply = (from: string, body: string, signature?: string) => {
    const params = { From: from, Body: body, To: '+15559990000', MessageSid: 'SM-in-1' };
    return request(app.url)
      .post(webhook)
      .type('form')
      .set('X-Twilio-Signature', signature ?? twilioSignature(AUTH_TOKEN, `${app.url}${webhook}`, params))
      .send(params);
  };

  beforeAll(async () => ({ gateway, app, client, close } = await setUp((g) => g.twilioEnv(AUTH_TOKEN))));
  afterAll(() => close());

  it('acknowledges as the paged person from the number paged, by the code the page named', async () => {
    const { alertId, stream } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    const page = await eventually(() => gateway.received.find((p) => p.message.alertId === alertId));
    const code = page.message.shortCode!;
    const before = (await app.runtime.infra.eventStore.readStream(stream)).length;

    // a forged or missing signature: refused before anything is read
    await reply('+15550000001', `ACK ${code}`, 'forged').expect(403);
    await request(app.url)
      .post(webhook)
      .send({ From: '+15550000001', Body: `ACK ${code}` })
      .expect(403);
    // another number (not paged for it), a wrong code, and text that is no command: told how, nothing written
    expect((await reply('+15550000002', `ACK ${code}`).expect(200)).text).toContain('No alert paged to this number');
    expect((await reply('+15550000001', 'ACK ZZZZZZ').expect(200)).text).toContain('No alert paged to this number');
    expect((await reply('+15550000001', 'ok thanks').expect(200)).text).toContain('Reply ACK or RES');
    expect((await app.runtime.infra.eventStore.readStream(stream)).length).toBe(before);

    const answer = await reply('+15550000001', `ack ${code.toLowerCase()}`).expect(200);
    expect(answer.type).toBe('text/xml');
    expect(answer.text).toBe(`<Response><Message>Acknowledged (${code}).</Message></Response>`);
    expect((await kindsOf(client, alertId)).find((e) => e.kind === 'acknowledged')).toMatchObject({
      by: { kind: 'user', userId: owner, via: 'sms_reply' },
    });
    expect((await reply('+15550000001', `RES ${code}`).expect(200)).text).toContain('Resolved');
    expect((await kindsOf(client, alertId)).map((e) => e.kind)).toContain('resolved');
  });

  it('answers 404 for a provider that is not the configured one', async () => {
    await request(app.url).post('/webhooks/sms/gateway').send({}).expect(404);
    await request(app.url).post('/webhooks/sms/nexmo').send({}).expect(404);
  });
});

describe('SMS replies through the generic HTTP gateway', () => {
  const SECRET = 'gateway-inbound-secret';
  let app: TestApp;
  let gateway: RecordingGateway;
  let client: Client;
  let close: () => Promise<void>;
  const webhook = '/webhooks/sms/gateway';
  const reply = (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    return request(app.url)
      .post(webhook)
      .set('Content-Type', 'application/json')
      .set('X-Tocsin-Signature', signature ?? gatewaySignature(SECRET, raw, Math.floor(Date.now() / 1000)))
      .send(raw);
  };

  beforeAll(
    async () => ({ gateway, app, client, close } = await setUp((g) => ({ ...g.env, PAGE_GATEWAY_SECRET: SECRET }))),
  );
  afterAll(() => close());

  it('resolves by the code, with the signature over the raw body', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    const page = await eventually(() => gateway.received.find((p) => p.message.alertId === alertId));
    const code = page.message.shortCode!;
    const stale = gatewaySignature(SECRET, JSON.stringify({ from: '+15550000001', text: `RES ${code}` }), 1);
    await reply({ from: '+15550000001', text: `RES ${code}` }, stale).expect(403);
    const answer = await reply({ from: '+15550000001', text: `RES ${code}` }).expect(200);
    expect(answer.body).toEqual({ reply: `Resolved (${code}).` });
    expect((await kindsOf(client, alertId)).map((e) => e.kind)).toContain('resolved');
  });
});
