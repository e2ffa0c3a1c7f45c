import { verify } from 'node:crypto';
import { ApnsChannel, FcmChannel } from '@tocsin/platform';
import { formOf, RecordingServer } from '../support/recording-server';
import { apnsKeys, decodeJwt, DEVICE_TOKEN, egress, FCM_TOKEN, fcmKeys, now, page } from './channels-fixtures';

/**
 * A channel adapter against its local counterpart (test/support): what arrives at the provider, and how its
 * answers map to DeliveryResult (2xx -> the provider's id; 5xx, 429, timeouts -> retryable; 4xx -> final).
 */
describe('push through APNs (HTTP/2)', () => {
  let server: RecordingServer;
  const keys = apnsKeys();
  let channel: ApnsChannel;
  const settings = (guard: { allowPrivate: boolean }) => ({
    key: keys.privateKey,
    keyId: 'KEY123',
    teamId: 'TEAM45',
    topic: 'com.tocsin.app',
    url: server.url,
    timeoutMs: 1000,
    now,
    egress: guard,
  });
  beforeAll(async () => {
    server = await RecordingServer.start({ http2: true });
    channel = new ApnsChannel(settings(egress));
  });
  afterAll(async () => {
    channel.close();
    await server.close();
  });

  it('posts the alert to /3/device/{token} with a provider token Apple can verify; apns-id is the message id', async () => {
    server.next({ status: 200, headers: { 'apns-id': 'EC1BF194-B3B2-4A9C-9B3A-1B2E3C4D5E6F' }, body: '' });
    const result = await channel.send(DEVICE_TOKEN, page());
    expect(result).toMatchObject({ ok: true, providerMessageId: 'EC1BF194-B3B2-4A9C-9B3A-1B2E3C4D5E6F' });
    const request = server.last;
    expect(request.httpVersion).toBe('2.0');
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/3/device/${DEVICE_TOKEN}`);
    expect(request.headers).toMatchObject({
      'apns-topic': 'com.tocsin.app',
      'apns-push-type': 'alert',
      'apns-priority': '10',
    });
    const jwt = decodeJwt(String(request.headers.authorization).replace(/^bearer /, ''));
    expect(jwt.header).toEqual({ alg: 'ES256', typ: 'JWT', kid: 'KEY123' });
    expect(jwt.claims).toEqual({ iss: 'TEAM45', iat: now() / 1000 });
    expect(
      verify('sha256', Buffer.from(jwt.input), { key: keys.publicKey, dsaEncoding: 'ieee-p1363' }, jwt.signature),
    ).toBe(true);
    const body = JSON.parse(request.body) as { aps: { alert: { title: string } }; acknowledgeUrl: string };
    expect(body.aps.alert.title).toBe('[HIGH] Disk <90%> full on db-1 "primary"');
    expect(body.acknowledgeUrl).toBe('https://tocsin.example/a/acknowledge?token=abc.def');
  });

  it('maps BadDeviceToken (400) and Unregistered (410) to final, 429 and 503 to retryable, a timeout to retryable', async () => {
    server.next({ status: 400, body: { reason: 'BadDeviceToken' } });
    expect(await channel.send(DEVICE_TOKEN, page())).toEqual({
      ok: false,
      retryable: false,
      answer: '400 BadDeviceToken',
    });
    server.next({ status: 410, body: { reason: 'Unregistered', timestamp: 1 } });
    expect(await channel.send(DEVICE_TOKEN, page())).toMatchObject({ ok: false, retryable: false });
    server.next({ status: 429, body: { reason: 'TooManyProviderTokenUpdates' } });
    expect(await channel.send(DEVICE_TOKEN, page())).toMatchObject({ ok: false, retryable: true });
    server.next({ status: 503, body: { reason: 'ServiceUnavailable' } });
    expect(await channel.send(DEVICE_TOKEN, page())).toMatchObject({ ok: false, retryable: true });
    server.next({ status: 200, delayMs: 1500 });
    expect(await channel.send(DEVICE_TOKEN, page())).toMatchObject({
      ok: false,
      retryable: true,
      answer: expect.stringMatching(/^timeout/),
    });
    server.next({ status: 200, headers: { 'apns-id': 'after-timeout' } });
    expect(await channel.send(DEVICE_TOKEN, page())).toMatchObject({ ok: true, providerMessageId: 'after-timeout' });
  });

  it('refuses an APNs URL on this machine unless private addresses are allowed, without connecting', async () => {
    const guarded = new ApnsChannel(settings({ allowPrivate: false }));
    const before = server.requests.length;
    expect(await guarded.send(DEVICE_TOKEN, page())).toEqual({
      ok: false,
      retryable: false,
      answer: 'refused: 127.0.0.1 is a private address',
    });
    guarded.close();
    expect(server.requests.length).toBe(before);
  });

  it('refuses what is not a device token without calling Apple', async () => {
    const before = server.requests.length;
    expect(await channel.send('../../admin', page())).toMatchObject({ ok: false, retryable: false });
    expect(server.requests.length).toBe(before);
  });
});

describe('push through FCM (HTTP v1)', () => {
  let server: RecordingServer;
  const keys = fcmKeys();
  let channel: FcmChannel;
  beforeAll(async () => {
    server = await RecordingServer.start();
    server.on((request) =>
      request.path === '/token'
        ? { status: 200, body: { access_token: 'ya29.token', expires_in: 3599, token_type: 'Bearer' } }
        : { status: 200, body: { name: 'projects/tocsin-test/messages/0:1500415314455276%31bd1c9631bd1c96' } },
    );
    channel = new FcmChannel({
      projectId: 'tocsin-test',
      clientEmail: 'pager@tocsin-test.iam.gserviceaccount.com',
      key: keys.privateKey,
      url: server.url,
      tokenUrl: `${server.url}/token`,
      egress,
      now,
    });
  });
  afterAll(() => server.close());

  it('exchanges a signed assertion for an access token once, then posts messages:send; name is the message id', async () => {
    const first = await channel.send(FCM_TOKEN, page());
    expect(first).toMatchObject({
      ok: true,
      providerMessageId: 'projects/tocsin-test/messages/0:1500415314455276%31bd1c9631bd1c96',
    });
    await channel.send(FCM_TOKEN, page());
    const tokenRequests = server.requests.filter((r) => r.path === '/token');
    expect(tokenRequests).toHaveLength(1);
    const form = formOf(tokenRequests[0].body);
    expect(form.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const jwt = decodeJwt(form.assertion);
    expect(jwt.claims).toMatchObject({
      iss: 'pager@tocsin-test.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${server.url}/token`,
    });
    expect(verify('sha256', Buffer.from(jwt.input), keys.publicKey, jwt.signature)).toBe(true);

    const send = server.last;
    expect(send.path).toBe('/v1/projects/tocsin-test/messages:send');
    expect(send.headers.authorization).toBe('Bearer ya29.token');
    const body = JSON.parse(send.body) as { message: { token: string; data: Record<string, string> } };
    expect(body.message.token).toBe(FCM_TOKEN);
    expect(body.message.data).toMatchObject({
      alertId: 'alert-src-1-ab12',
      episode: '2',
      resolveUrl: 'https://tocsin.example/a/resolve?token=ghi.jkl',
    });
  });

  it('maps UNREGISTERED (404) to final, 500 and 429 to retryable, 401 to retryable with a fresh token', async () => {
    server.next({
      status: 404,
      body: {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          details: [{ errorCode: 'UNREGISTERED' }],
        },
      },
    });
    expect(await channel.send(FCM_TOKEN, page())).toMatchObject({ ok: false, retryable: false });
    server.next({ status: 500, body: { error: { status: 'INTERNAL' } } });
    expect(await channel.send(FCM_TOKEN, page())).toMatchObject({ ok: false, retryable: true });
    server.next({ status: 429, body: { error: { status: 'RESOURCE_EXHAUSTED' } } });
    expect(await channel.send(FCM_TOKEN, page())).toMatchObject({ ok: false, retryable: true });
    const tokensBefore = server.requests.filter((r) => r.path === '/token').length;
    server.next({ status: 401, body: { error: { status: 'UNAUTHENTICATED' } } });
    expect(await channel.send(FCM_TOKEN, page())).toMatchObject({ ok: false, retryable: true });
    expect(await channel.send(FCM_TOKEN, page())).toMatchObject({ ok: true });
    expect(server.requests.filter((r) => r.path === '/token')).toHaveLength(tokensBefore + 1);
  });

  it('fails, not retryable, when the service account is refused (400 invalid_grant)', async () => {
    const refused = await RecordingServer.start();
    refused.on(() => ({ status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } }));
    const channel = new FcmChannel({
      projectId: 'p',
      clientEmail: 'e@p.iam',
      key: keys.privateKey,
      url: refused.url,
      tokenUrl: `${refused.url}/token`,
      egress,
      now,
    });
    expect(await channel.send(FCM_TOKEN, page())).toMatchObject({
      ok: false,
      retryable: false,
      answer: expect.stringContaining('FCM access token: 400'),
    });
    await refused.close();
  });
});
