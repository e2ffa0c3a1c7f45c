import { chatDestinationStream, pushDeviceStream } from '@tocsin/domain';
import type { TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { DEMO_ORG, demoUserId, policyOf, startPagingApp, triggerAlert } from '../support/paging';
import { signInAs, type Client } from '../support/session';
import {
  ANDROID_TOKEN,
  CHAT,
  codeIn,
  DEVICES,
  IOS_TOKEN,
  pushAndChatServers,
  SETTINGS,
  verifiedChat,
} from './destinations.support';
import { ITEMS, PERSONAL } from './match-and-update.support';

const member = demoUserId('member');
const owner = demoUserId('owner');

/** Slack, Teams and push destinations end to end (issue 20): added, verified, paged through their adapters. */
describe('destinations: Slack, Teams and push devices', () => {
  let app: TestApp;
  let edge: Awaited<ReturnType<typeof pushAndChatServers>>;
  let close: () => Promise<void>;
  let memberClient: Client;
  let ownerClient: Client;
  let collaboratorClient: Client;
  let hooks = 0;
  const hook = (prefix = 'services') => `${edge.web.url}/${prefix}/T0/B0/secret-${process.pid}-${++hooks}`;

  const timeline = async (alertId: string) =>
    (await ownerClient.get(`/api/v1/signals/alerts/${alertId}/timeline`).expect(200)).body.data as Array<
      Record<string, unknown>
    >;
  const destinations = async (client: Client) =>
    (await client.get('/api/v1/signals/destinations').expect(200)).body.data as Array<Record<string, string>>;
  const setting = (client: Client, notification_type: string, value: string, delay = 'PT0S') =>
    client
      .post(SETTINGS)
      .send({
        notification_type,
        destination: { type: notification_type, value },
        delay,
        notification_priority: 'HIGH',
      })
      .expect(201);
  const toMember = policyOf([{ timeoutMinutes: 30, targets: [{ type: 'user', id: member }] }]);
  const toOwner = policyOf([{ timeoutMinutes: 30, targets: [{ type: 'user', id: owner }] }]);

  beforeAll(async () => {
    edge = await pushAndChatServers();
    const paging = await startPagingApp({ env: (gateway) => ({ ...gateway.env, ...edge.env }) });
    app = paging.app;
    close = async () => {
      await paging.close();
      await edge.close();
    };
    memberClient = await signInAs(app.url, 'member');
    ownerClient = await signInAs(app.url, 'owner');
    collaboratorClient = await signInAs(app.url, 'collaborator');
  });
  afterAll(() => close());

  it('adds a Slack webhook by posting it a code, keeps its URL sealed and shown only as a hint, verifies by the code', async () => {
    const url = hook();
    const secret = url.split('/').at(-1)!;
    const added = await memberClient.post(CHAT).send({ type: 'slack', url, name: ' #ops ' }).expect(201);
    const id = added.body.data.id as string;
    expect(added.body.data).toEqual({
      id,
      type: 'slack',
      name: '#ops',
      url_hint: `${new URL(url).host} …${secret.slice(-4)}`,
      verified: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(added.body)).not.toContain(secret);
    const posted = edge.web.last;
    expect(posted.path).toBe(new URL(url).pathname);
    expect(JSON.parse(posted.body).text).toMatch(/Your Tocsin verification code is \d{6}\./);
    // the log keeps the URL sealed: neither the event nor the list holds it
    const events = await app.runtime.infra.eventStore.readStream(chatDestinationStream(id));
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify((await memberClient.get(CHAT).expect(200)).body)).not.toContain(secret);
    // not a destination until verified
    expect((await destinations(memberClient)).map((d) => d.value)).not.toContain(id);

    const code = codeIn(posted);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await memberClient.put(`${CHAT}/${id}/verify`).send({ code: wrong }).expect(422);
    expect(refused.body).toMatchObject({ fields: { code: ['The code is not valid'] }, attempts_left: 4 });
    await memberClient.put(`${CHAT}/${id}/verify`).send({ code: '12' }).expect(400);
    const verified = await memberClient.put(`${CHAT}/${id}/verify`).send({ code }).expect(200);
    expect(verified.body.data.verified).toBe(true);
    expect(await destinations(memberClient)).toContainEqual({
      type: 'slack',
      value: id,
      label: `#ops (${added.body.data.url_hint})`,
    });
    await memberClient.put(`${CHAT}/${id}/resend`).expect(409);
  });

  it('posts a Teams webhook an Adaptive Card with the code, and a new one on resend', async () => {
    const url = hook('webhookb2');
    const id = (await memberClient.post(CHAT).send({ type: 'microsoft_teams', url }).expect(201)).body.data.id;
    const first = codeIn(edge.web.last);
    expect(JSON.parse(edge.web.last.body)).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }],
    });
    await memberClient.put(`${CHAT}/${id}/resend`).expect(200);
    const second = codeIn(edge.web.last);
    if (second !== first) await memberClient.put(`${CHAT}/${id}/verify`).send({ code: first }).expect(422);
    await memberClient.put(`${CHAT}/${id}/verify`).send({ code: second }).expect(200);
    expect(await destinations(memberClient)).toContainEqual(
      expect.objectContaining({ type: 'microsoft_teams', value: id }),
    );
  });

  it('registers a device once per token: again changes its name only; ios is an apns destination, android fcm', async () => {
    const ios = await memberClient
      .post(DEVICES)
      .send({ token: IOS_TOKEN, platform: 'ios', name: 'Ana iPhone' })
      .expect(201);
    expect(ios.body.data).toMatchObject({ platform: 'ios', type: 'apns', name: 'Ana iPhone', token_hint: '…ababab' });
    expect(JSON.stringify(ios.body)).not.toContain(IOS_TOKEN);
    const events = await app.runtime.infra.eventStore.readStream(pushDeviceStream(ios.body.data.id));
    expect(JSON.stringify(events)).not.toContain(IOS_TOKEN);
    const again = await memberClient.post(DEVICES).send({ token: IOS_TOKEN, platform: 'ios', name: 'Ana' }).expect(201);
    expect(again.body.data).toMatchObject({ id: ios.body.data.id, name: 'Ana' });
    await memberClient.post(DEVICES).send({ token: ANDROID_TOKEN, platform: 'android' }).expect(201);
    const listed = (await memberClient.get(DEVICES).expect(200)).body.data as Array<Record<string, string>>;
    expect(listed.map((d) => [d.platform, d.type, d.name])).toEqual([
      ['ios', 'apns', 'Ana'],
      ['android', 'fcm', ''],
    ]);
    const offered = await destinations(memberClient);
    expect(offered).toContainEqual({ type: 'apns', value: listed[0].id, label: 'Ana (iOS)' });
    expect(offered).toContainEqual({ type: 'fcm', value: listed[1].id, label: 'Android device …APA91b' });
  });

  it('documents the device registration a mobile app calls in the OpenAPI document', async () => {
    const spec = (await memberClient.get('/api/docs-json').expect(200)).body;
    const register = spec.paths['/api/v1/push_devices'].post;
    expect(register.summary).toContain('Register this device');
    const ref = register.requestBody.content['application/json'].schema.$ref.split('/').at(-1);
    const schema = spec.components.schemas[ref];
    expect(schema.required).toEqual(expect.arrayContaining(['token', 'platform']));
    expect(schema.properties.platform.enum).toEqual(['ios', 'android', 'web']);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/push_devices/{id}', '/api/v1/chat_destinations/{id}/verify']),
    );
  });

  it('pages Slack, Teams, an iPhone and an Android device through their adapters, naming no URL or token in the alert', async () => {
    const mine = await destinations(memberClient);
    const of = (type: string) => mine.filter((d) => d.type === type).at(-1)!.value;
    for (const type of ['slack', 'microsoft_teams', 'apns', 'fcm']) await setting(memberClient, type, of(type));
    const webBefore = edge.web.requests.length;
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: toMember });
    const sent = await eventually(async () => {
      const entries = (await timeline(alertId)).filter((e) => e.kind === 'notification_sent');
      return entries.length >= 4 && entries;
    }, 15_000);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    const attempts = (await timeline(alertId)).filter((e) => e.kind === 'notification_attempted');
    for (const type of ['slack', 'microsoft_teams', 'apns', 'fcm'])
      expect(attempts).toContainEqual(expect.objectContaining({ channel: type, address: of(type), userId: member }));
    const received = edge.web.requests.slice(webBefore).filter((r) => r.body.includes(alertId));
    const slack = received.find((r) => r.path.startsWith('/services/'));
    expect(JSON.parse(slack!.body).blocks.find((b: { type: string }) => b.type === 'actions')).toBeDefined();
    const teams = received.find((r) => r.path.startsWith('/webhookb2/'));
    expect(JSON.parse(teams!.body).attachments[0].content.actions.length).toBeGreaterThan(0);
    const fcm = received.find((r) => r.path === '/v1/projects/tocsin-test/messages:send');
    expect(JSON.parse(fcm!.body).message.token).toBe(ANDROID_TOKEN);
    expect(edge.apns.requests.some((r) => r.path === `/3/device/${IOS_TOKEN}` && r.body.includes(alertId))).toBe(true);
    expect(JSON.stringify(await timeline(alertId))).not.toMatch(/secret-\d+-\d|ababababab/);
  });

  it('counts them as reachable: a chat and a push policy item are met by match and update', async () => {
    const chatItem = (
      await ownerClient
        .post(ITEMS)
        .send({ priority: 'LOW', notification_group_method: 'chat', max_delay: 'PT5M' })
        .expect(201)
    ).body.data.id;
    const pushItem = (
      await ownerClient
        .post(ITEMS)
        .send({ priority: 'LOW', notification_group_method: 'push', max_delay: 'PT5M' })
        .expect(201)
    ).body.data.id;
    try {
      const id = (await memberClient.post(PERSONAL).send({}).expect(202)).body.data.id;
      const run = await eventually(async () => {
        const job = (await memberClient.get(`${PERSONAL}/${id}`).expect(200)).body.data;
        return job.status === 'completed' && job;
      }, 15_000);
      expect(run.result).toMatchObject({ unsatisfiable: [], failed: [] });
      const low = (await memberClient.get(SETTINGS).query({ notification_priority: 'LOW' }).expect(200)).body
        .data as Array<{
        notification_type: { value: string };
      }>;
      expect(low.map((s) => s.notification_type.value)).toEqual(expect.arrayContaining(['slack', 'apns']));
    } finally {
      await ownerClient.delete(`${ITEMS}/${chatItem}`).expect(204);
      await ownerClient.delete(`${ITEMS}/${pushItem}`).expect(204);
    }
  });

  it('a destination removed since is paged no more: the page fails for good and says why', async () => {
    const id = await verifiedChat(ownerClient, edge.web, 'slack', hook(), 'owner ops');
    await setting(ownerClient, 'slack', id);
    await ownerClient.delete(`${CHAT}/${id}`).expect(204);
    const webBefore = edge.web.requests.length;
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: toOwner });
    const failed = await eventually(async () =>
      (await timeline(alertId)).find(
        (e) => e.kind === 'notification_failed' && String(e.answer).includes('Slack destination was removed'),
      ),
    );
    expect(failed).toMatchObject({ final: true, retryable: false });
    expect(edge.web.requests.slice(webBefore).filter((r) => r.body.includes(alertId))).toEqual([]);
  });

  it('refuses bad input with field messages and keeps nothing', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{}, { type: ['type is a required field'], url: ['Webhook URL is required'] }],
      [{ type: 'discord', url: hook() }, { type: ['type must be one of slack, microsoft_teams'] }],
      [{ type: 'slack', url: 'ftp://example.com/x' }, { url: ['Webhook URL must start with https://'] }],
      [{ type: 'slack', url: 'not a url' }, { url: ['Webhook URL must be a valid URL'] }],
      [{ type: 'slack', url: 12 }, { url: ['Webhook URL must be a valid URL'] }],
      [
        { type: 'slack', url: 'https://u:p@hooks.slack.com/x' },
        { url: ['Webhook URL must not hold a user name or password'] },
      ],
      [{ type: 'slack', url: hook(), name: 'x'.repeat(81) }, { name: ['name must be at most 80 characters'] }],
      [
        { type: 'slack', url: `https://h.example/${'x'.repeat(2048)}` },
        { url: ['url must be at most 2048 characters'] },
      ],
    ];
    const before = edge.web.requests.length;
    for (const [body, fields] of cases) {
      const response = await collaboratorClient.post(CHAT).send(body).expect(400);
      expect([body, response.body.fields]).toEqual([body, fields]);
    }
    await collaboratorClient.post(CHAT).send({ type: 'slack', url: hook(), extra: 1 }).expect(400);
    expect(edge.web.requests.length).toBe(before);

    // a webhook the chat refuses for good is not kept
    const gone = await collaboratorClient
      .post(CHAT)
      .send({ type: 'slack', url: hook('gone') })
      .expect(400);
    expect(gone.body.fields).toEqual({ url: ['Slack did not take the message: 404 no_service'] });

    const devices: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ token: IOS_TOKEN, platform: 'windows' }, { platform: ['platform must be one of ios, android, web'] }],
      [
        { token: 'xyz', platform: 'ios' },
        { token: ['token must be an APNs device token: 64 to 200 hexadecimal characters'] },
      ],
      [
        { token: 'short', platform: 'android' },
        { token: ['token must be an FCM registration token: 20 to 4096 letters, digits and : . _ -'] },
      ],
      [{ platform: 'web' }, { token: ['token is a required field'] }],
      [
        { token: ANDROID_TOKEN, platform: 'web', name: 'n'.repeat(101) },
        { name: ['name must be at most 100 characters'] },
      ],
    ];
    for (const [body, fields] of devices) {
      const response = await collaboratorClient.post(DEVICES).send(body).expect(400);
      expect([body, response.body.fields]).toEqual([body, fields]);
    }
    expect((await collaboratorClient.get(CHAT).expect(200)).body.data).toEqual([]);
    expect((await collaboratorClient.get(DEVICES).expect(200)).body.data).toEqual([]);

    // the same webhook twice
    const url = hook();
    await collaboratorClient.post(CHAT).send({ type: 'slack', url }).expect(201);
    const twice = await collaboratorClient.post(CHAT).send({ type: 'microsoft_teams', url }).expect(409);
    expect(twice.body.fields).toEqual({ url: ['This webhook is already added'] });
  });

  it("answers 404 for another person's destinations and devices, and refuses them in a setting", async () => {
    const ownerChat = (await ownerClient.get(CHAT).expect(200)).body.data as Array<{ id: string }>;
    const id = ownerChat.length
      ? ownerChat[0].id
      : (await ownerClient.post(CHAT).send({ type: 'slack', url: hook() }).expect(201)).body.data.id;
    await memberClient.put(`${CHAT}/${id}/verify`).send({ code: '123456' }).expect(404);
    await memberClient.put(`${CHAT}/${id}/resend`).expect(404);
    await memberClient.delete(`${CHAT}/${id}`).expect(404);
    const device = (await memberClient.get(DEVICES).expect(200)).body.data[0].id as string;
    await ownerClient.delete(`${DEVICES}/${device}`).expect(404);
    await ownerClient.delete(`${DEVICES}/not-a-device`).expect(404);
    await memberClient.delete(`${CHAT}/not-a-destination`).expect(404);
    const refused = await ownerClient
      .post(SETTINGS)
      .send({
        notification_type: 'apns',
        destination: { type: 'apns', value: device },
        delay: 'PT0S',
        notification_priority: 'HIGH',
      })
      .expect(400);
    expect(refused.body.fields.destination).toBeDefined();
    // still there for its owner
    expect((await memberClient.get(DEVICES).expect(200)).body.data.map((d: { id: string }) => d.id)).toContain(device);
  });

  it('a removed device leaves the destinations', async () => {
    const device = (
      await memberClient
        .post(DEVICES)
        .send({ token: 'cd'.repeat(32), platform: 'ios' })
        .expect(201)
    ).body.data.id;
    expect((await destinations(memberClient)).map((d) => d.value)).toContain(device);
    await memberClient.delete(`${DEVICES}/${device}`).expect(204);
    expect((await destinations(memberClient)).map((d) => d.value)).not.toContain(device);
    await memberClient.delete(`${DEVICES}/${device}`).expect(404);
  });

  it('a removed member is paged on none of their destinations', async () => {
    await ownerClient.delete(`/api/v1/users/${member}`).expect(204);
    const webBefore = edge.web.requests.length;
    const apnsBefore = edge.apns.requests.length;
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: toMember });
    const unreachable = await eventually(async () =>
      (await timeline(alertId)).find((e) => e.kind === 'target_unreachable'),
    );
    expect(unreachable).toMatchObject({ userId: member, reason: 'not_a_member' });
    expect((await timeline(alertId)).map((e) => e.kind)).not.toContain('notification_attempted');
    expect(edge.web.requests.slice(webBefore).filter((r) => r.body.includes(alertId))).toEqual([]);
    expect(edge.apns.requests.length).toBe(apnsBefore);
  });
});

/** The egress guard, as production runs it: a webhook on a private address is refused before anything is kept. */
describe('destinations: the egress guard', () => {
  let app: TestApp;
  let edge: Awaited<ReturnType<typeof pushAndChatServers>>;
  beforeAll(async () => {
    edge = await pushAndChatServers();
    const { startApp } = await import('../support/app');
    app = await startApp({ env: { CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'false' } });
  });
  afterAll(async () => {
    await app.close();
    await edge.close();
  });

  it('refuses a webhook whose host is loopback, private or link-local, calling none of them', async () => {
    const client = await signInAs(app.url, 'member');
    const local = `${edge.web.url}/services/T0/B0/x`;
    for (const url of [
      local,
      local.replace('127.0.0.1', 'localhost'),
      'http://10.0.0.8/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:9/hook',
      'http://2130706433/hook',
    ]) {
      const response = await client.post(CHAT).send({ type: 'slack', url }).expect(400);
      expect([url, response.body.fields.url[0]]).toEqual([
        url,
        expect.stringMatching(/^This address cannot be called: /),
      ]);
    }
    expect(edge.web.requests).toEqual([]);
    expect((await client.get(CHAT).expect(200)).body.data).toEqual([]);
  });
});
