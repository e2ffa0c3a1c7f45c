import { generateKeyPairSync } from 'node:crypto';
import { NOTIFICATION_TYPES } from '@tocsin/domain';
import { ConfigError, loadConfig } from '../config/config';
import type { PageMessage } from './channels.port';
import { channelsFor } from './channels-for';

const message: PageMessage = {
  alertId: 'alert-1',
  episode: 1,
  attemptId: 'attempt-1',
  orgName: 'Acme',
  summary: 'Disk full',
  priority: 'HIGH',
  labels: {},
  alertUrl: 'http://localhost:3000/signals/alerts/alert-1',
  acknowledgeUrl: 'http://localhost:3000/a/ack',
  resolveUrl: 'http://localhost:3000/a/res',
  shortCode: '4KX9QZ',
};
const now = () => 0;
const pem = (type: 'ec' | 'rsa') =>
  (type === 'ec'
    ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    : generateKeyPairSync('rsa', { modulusLength: 2048 })
  ).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

describe('channelsFor', () => {
  it('keeps every page in the dev mailbox when no provider is configured', async () => {
    const kept: Array<{ to: string; subject: string; text: string }> = [];
    const channels = channelsFor(loadConfig({}), { now, outbox: async (mail) => void kept.push(mail) });
    expect(channels.adapters).toEqual({
      email: 'dev',
      sms: 'dev',
      voice: 'dev',
      whats_app: 'dev',
      slack: 'webhook',
      microsoft_teams: 'webhook',
      apns: 'dev',
      fcm: 'dev',
    });
    const result = await channels.send('sms', '+15557654321', message);
    expect(result).toMatchObject({ ok: true, providerMessageId: expect.stringMatching(/^dev-/) });
    expect(kept[0]).toMatchObject({ to: '+15557654321', subject: '[sms] Tocsin [HIGH] Disk full' });
    expect(kept[0].text).toContain('Reply ACK 4KX9QZ');
    await channels.send('email', 'a@example.com', message);
    expect(kept[1]).toMatchObject({ to: 'a@example.com', subject: '[email] Tocsin [HIGH] Disk full' });
  });

  it('has one adapter for each notification type of libs/domain, the one list of kinds', () => {
    const channels = channelsFor(loadConfig({}), { now, outbox: null });
    expect(Object.keys(channels.adapters).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('fails unconfigured kinds, not retryable and naming the variables, when there is no dev mailbox', async () => {
    const channels = channelsFor(loadConfig({}), { now, outbox: null });
    expect(await channels.send('voice', '+15557654321', message)).toEqual({
      ok: false,
      retryable: false,
      answer: 'voice is not configured: set PAGE_GATEWAY_URL or TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    });
    expect(await channels.send('apns', 'ab'.repeat(32), message)).toMatchObject({ ok: false, retryable: false });
  });

  it('takes account mail and verification codes the same way: the dev mailbox, else a failure naming what to set', async () => {
    const kept: Array<{ to: string; subject: string; text: string }> = [];
    const dev = channelsFor(loadConfig({}), { now, outbox: async (mail) => void kept.push(mail) });
    const code = {
      kind: 'voice',
      to: '+15557654321',
      title: 'Tocsin code',
      text: 'Code 123456',
      spoken: '1, 2',
    } as const;
    expect(await dev.mail({ to: 'a@example.com', subject: 'Reset', text: 'link' })).toMatchObject({ ok: true });
    expect(await dev.text(code)).toMatchObject({ ok: true });
    expect(kept).toEqual([
      { to: 'a@example.com', subject: 'Reset', text: 'link' },
      { to: '+15557654321', subject: '[voice] Tocsin code', text: 'Code 123456' },
    ]);
    const none = channelsFor(loadConfig({}), { now, outbox: null });
    expect(await none.mail({ to: 'a@example.com', subject: 'Reset', text: 'link' })).toEqual({
      ok: false,
      retryable: false,
      answer: 'email is not configured: set SMTP_URL',
    });
    expect(await none.text(code)).toMatchObject({ ok: false, answer: expect.stringContaining('TWILIO_ACCOUNT_SID') });
  });

  it('chooses each adapter from the configuration, the gateway before Twilio', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+15550001111',
      PAGE_GATEWAY_URL: 'https://gw.example/send?to={to}&text={text}',
      APNS_KEY: pem('ec'),
      APNS_KEY_ID: 'K',
      APNS_TEAM_ID: 'T',
      APNS_TOPIC: 'com.example',
      FCM_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'p', client_email: 'e@p.iam', private_key: pem('rsa') }),
    });
    const channels = channelsFor(config, { now, outbox: null });
    expect(channels.adapters).toMatchObject({
      email: 'smtp',
      sms: 'gateway',
      voice: 'gateway',
      apns: 'apns',
      fcm: 'fcm',
    });
    channels.close();
    expect(
      channelsFor(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+1555' }), {
        now,
        outbox: null,
      }).adapters.sms,
    ).toBe('twilio');
  });

  it('answers failed (retryable) instead of throwing or hanging when an adapter does', async () => {
    const errors: unknown[] = [];
    const channels = channelsFor(loadConfig({}), {
      now,
      outbox: () => Promise.reject(new Error('disk full')),
      onError: (_kind, error) => errors.push(error),
    });
    expect(await channels.send('email', 'a@example.com', message)).toEqual({
      ok: false,
      retryable: true,
      answer: 'internal error: disk full',
    });
    expect(errors).toHaveLength(1);
    const stuck = channelsFor(loadConfig({}), { now, outbox: () => new Promise(() => undefined), backstopMs: 50 });
    expect(await stuck.send('sms', '+15557654321', message)).toEqual({
      ok: false,
      retryable: true,
      answer: 'timeout: no outcome within 50 ms',
    });
    expect(await channels.send('pager' as never, 'x', message)).toMatchObject({ ok: false, retryable: false });
  });
});

describe('channel configuration at start', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('refuses a half-configured APNs, a bad key, a bad service account, a bad template, headers or kinds', () => {
    expect(problems({ APNS_KEY_ID: 'K' })).toEqual([
      expect.stringContaining('APNs needs APNS_KEY, APNS_TEAM_ID, APNS_TOPIC as well'),
    ]);
    expect(problems({ APNS_KEY: pem('rsa'), APNS_KEY_ID: 'K', APNS_TEAM_ID: 'T', APNS_TOPIC: 'x' })).toEqual([
      expect.stringContaining('APNS_KEY must be the .p8 key'),
    ]);
    expect(problems({ FCM_SERVICE_ACCOUNT: '{"project_id":"p"}' })).toEqual([
      expect.stringContaining('FCM_SERVICE_ACCOUNT must be'),
    ]);
    expect(problems({ PAGE_GATEWAY_URL: 'https://{to}.gw/x' })).toEqual([
      expect.stringContaining('PAGE_GATEWAY_URL may use placeholders only after the host'),
    ]);
    expect(problems({ PAGE_GATEWAY_URL: 'https://gw/x?to={to}', PAGE_GATEWAY_HEADERS: '["x"]' })).toEqual([
      expect.stringContaining('PAGE_GATEWAY_HEADERS must be a JSON object'),
    ]);
    expect(problems({ PAGE_GATEWAY_KINDS: 'sms,fax' })).toEqual([expect.stringContaining('PAGE_GATEWAY_KINDS')]);
    expect(problems({ CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toEqual([expect.stringContaining('true or false')]);
    expect(problems({ CHANNEL_TIMEOUT_MS: '10' })).toEqual([expect.stringContaining('CHANNEL_TIMEOUT_MS')]);
  });

  it('takes an ACTION_LINK_SECRET of 32 characters or more, and never prints it', () => {
    expect(problems({ ACTION_LINK_SECRET: 'short-secret' })).toEqual([
      'ACTION_LINK_SECRET=(hidden): ACTION_LINK_SECRET must be at least 32 characters',
    ]);
    expect(problems({ ACTION_LINK_SECRET: 'x'.repeat(32) })).toEqual([]);
    expect(loadConfig({ CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' }).CHANNELS_ALLOW_PRIVATE_ADDRESSES).toBe(true);
  });
});
