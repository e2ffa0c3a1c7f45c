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
import { describeWhen } from '../support/describe-when';
import { eventually } from '../support/eventually';
import { REDIS_URL, redisReachable } from '../support/redis';

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
  let sids = 0;
  const reply = (from: string, body: string, signature?: string, sid = `SM-in-${++sids}`) => {
    const params = { From: from, Body: body, To: '+15559990000', MessageSid: sid };
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
    // the provider's answer is recorded after the provider has the page: count once it is (CI flake under load)
    const before = await eventually(async () => {
      const events = await app.runtime.infra.eventStore.readStream(stream);
      return events.some((e) => e.type === 'NotificationSent') ? events.length : null;
    });

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
    // the audit trail names the person, through the reply (no session)
    const audit = await client.get('/api/v1/audit_events').query({ resource: stream, per_page: 1 }).expect(200);
    expect(audit.body.data[0].actor).toEqual({ kind: 'link', id: owner, via: 'sms_reply' });
    expect((await reply('+15550000001', `RES ${code}`).expect(200)).text).toContain('Resolved');
    expect((await kindsOf(client, alertId)).map((e) => e.kind)).toContain('resolved');
  });

  it('applies a captured reply once: sent again (Twilio signs no time), it changes nothing, however late', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    const page = await eventually(() => gateway.received.find((p) => p.message.alertId === alertId));
    const code = page.message.shortCode!;
    expect((await reply('+15550000001', `ACK ${code}`, undefined, 'SM-captured').expect(200)).text).toContain(
      'Acknowledged',
    );
    // handed to the member, the alert is triggered again: the captured acknowledgement must not take it back
    await client.post(`/api/v1/signals/alerts/${alertId}/reassign`).send({ user_id: member }).expect(200);
    await reply('+15550000001', `ACK ${code}`, undefined, 'SM-captured').expect(200);
    expect((await kindsOf(client, alertId)).filter((e) => e.kind === 'acknowledged')).toHaveLength(1);
    // a new message (its own id) is a new reply
    await reply('+15550000001', `ACK ${code}`).expect(200);
    expect((await kindsOf(client, alertId)).filter((e) => e.kind === 'acknowledged')).toHaveLength(2);
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

const REPLAYED =
  'This signed reply was received already: a signature is accepted once (the gateway signs each request when it sends it)';

/**
 * A gateway-signed reply is taken once within its window (ARCHITECTURE.md "Security rules"), through the replay
 * memory signed ingest uses: in process, or in Redis with REDIS_URL. `bound`: SIGNATURE_MEMORY_PER_SENDER in process.
 */
function gatewayReplaySuite(env: () => Record<string, string>, bound?: number) {
  const SECRET = 'gateway-replay-secret';
  let app: TestApp;
  let gateway: RecordingGateway;
  let client: Client;
  let close: () => Promise<void>;
  const post = (raw: string, signature: string) =>
    request(app.url)
      .post('/webhooks/sms/gateway')
      .set('Content-Type', 'application/json')
      .set('X-Tocsin-Signature', signature)
      .send(raw);
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(
    async () =>
      ({ gateway, app, client, close } = await setUp((g) => ({ ...g.env, PAGE_GATEWAY_SECRET: SECRET, ...env() }))),
  );
  afterAll(() => close());

  it('refuses a signed reply sent again, even once the alert is open again for it to act on', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    const page = await eventually(() => gateway.received.find((p) => p.message.alertId === alertId));
    const code = page.message.shortCode!;
    const raw = JSON.stringify({ from: '+15550000001', text: `ACK ${code}` });
    const signedAt = now();
    const signature = gatewaySignature(SECRET, raw, signedAt);
    expect((await post(raw, signature).expect(200)).body).toEqual({ reply: `Acknowledged (${code}).` });
    // handed to the member, the alert is triggered again: a captured acknowledgement must not take it back
    await client.post(`/api/v1/signals/alerts/${alertId}/reassign`).send({ user_id: member }).expect(200);
    expect((await post(raw, signature).expect(403)).body).toEqual({ error: 'forbidden', message: REPLAYED });
    const acknowledged = (await kindsOf(client, alertId)).filter((e) => e.kind === 'acknowledged');
    expect(acknowledged).toHaveLength(1);
    // the same text signed anew (another timestamp) is another reply; a second before the first one's, as the
    // clock may have moved on by exactly one second since then
    expect((await post(raw, gatewaySignature(SECRET, raw, signedAt - 1)).expect(200)).body).toEqual({
      reply: `Acknowledged (${code}).`,
    });
  });

  if (bound !== undefined) {
    it('answers 429 to a number with more signed replies than it remembers for one, and not to another', async () => {
      const from = (number: string, i: number) => JSON.stringify({ from: number, text: `hello ${i}` });
      for (let i = 0; i < bound; i++) {
        const raw = from('+15550000009', i);
        await post(raw, gatewaySignature(SECRET, raw, now())).expect(200);
      }
      const raw = from('+15550000009', bound);
      const full = await post(raw, gatewaySignature(SECRET, raw, now())).expect(429);
      expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
      const other = from('+15550000008', 0);
      await post(other, gatewaySignature(SECRET, other, now())).expect(200);
    });
  }
}

describe('SMS replies through the gateway, replays refused in process', () =>
  gatewayReplaySuite(() => ({ SIGNATURE_MEMORY_PER_SENDER: '2' }), 2));

describeWhen(
  redisReachable(),
  'SMS replies through the gateway, replays refused through Redis',
  `Redis is not reachable at ${REDIS_URL}`,
  () => gatewayReplaySuite(() => ({ REDIS_URL, BULLMQ_PREFIX: `tocsin-test-sms-replay-${process.pid}-${Date.now()}` })),
  true,
);
