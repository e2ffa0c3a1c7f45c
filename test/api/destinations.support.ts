import { generateKeyPairSync } from 'node:crypto';
import { RecordingServer, type RecordedRequest } from '../support/recording-server';
import type { Client } from '../support/session';

export const CHAT = '/api/v1/chat_destinations';
export const DEVICES = '/api/v1/push_devices';
export const SETTINGS = '/api/v1/signals_notification_settings';
export const IOS_TOKEN = 'ab'.repeat(32);
export const ANDROID_TOKEN = 'fcm-registration-token-0123456789:APA91b';

/**
 * The edge of paging to Slack, Teams and push, on this machine: one HTTP/1.1 server standing for the chat webhooks,
 * FCM and its token endpoint, and an HTTP/2 one for APNs. `env` points the app's push adapters at them.
 */
export async function pushAndChatServers() {
  const web = await RecordingServer.start();
  const apns = await RecordingServer.start({ http2: true });
  web.on((request) => {
    if (request.path === '/token') return { status: 200, body: { access_token: 'ya29.test', expires_in: 3600 } };
    if (request.path.includes('messages:send')) return { status: 200, body: { name: 'projects/p/messages/1' } };
    if (request.path.startsWith('/gone')) return { status: 404, body: 'no_service' };
    return { status: 200, body: 'ok' };
  });
  apns.on(() => ({ status: 200, headers: { 'apns-id': 'apns-message-1' }, body: '' }));
  const pem = (key: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
    key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const apnsKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  const fcmKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const env = {
    APNS_KEY: pem(apnsKey),
    APNS_KEY_ID: 'KEY123',
    APNS_TEAM_ID: 'TEAM45',
    APNS_TOPIC: 'com.tocsin.app',
    APNS_URL: apns.url,
    FCM_SERVICE_ACCOUNT: JSON.stringify({
      project_id: 'tocsin-test',
      client_email: 'pager@tocsin-test.iam.gserviceaccount.com',
      private_key: pem(fcmKey),
      token_uri: `${web.url}/token`,
    }),
    FCM_URL: web.url,
  };
  return {
    web,
    apns,
    env,
    close: async () => {
      await web.close();
      await apns.close();
    },
  };
}

/** The code a webhook was posted, read from what it received. */
export function codeIn(request: RecordedRequest | undefined): string {
  const code = /code is (\d{6})/.exec(request?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in ${request?.body}`);
  return code;
}

/** Adds a chat destination at `url` and verifies it with the code the webhook received; its id. */
export async function verifiedChat(
  client: Client,
  server: RecordingServer,
  type: 'slack' | 'microsoft_teams',
  url: string,
  name?: string,
): Promise<string> {
  const id = (await client.post(CHAT).send({ type, url, name }).expect(201)).body.data.id as string;
  const received = [...server.requests].reverse().find((r) => url.endsWith(r.path));
  await client
    .put(`${CHAT}/${id}/verify`)
    .send({ code: codeIn(received) })
    .expect(200);
  return id;
}
