import request from 'supertest';
import type { Channels, PageMessage } from '@tocsin/platform';
import { CHANNELS } from '../../apps/api/src/runtime/ports';
import { startApp, type TestApp } from '../support/app';
import { formOf, RecordingServer } from '../support/recording-server';
import { LocalSmtpServer } from '../support/smtp-server';

const page: PageMessage = {
  alertId: 'alert-src-1-ab12',
  episode: 1,
  attemptId: 'attempt-9',
  orgName: 'Demo Organization',
  summary: 'Checkout latency above 2s',
  priority: 'HIGH',
  labels: { service: 'checkout' },
  alertUrl: 'http://127.0.0.1/signals/alerts/alert-src-1-ab12',
  acknowledgeUrl: 'http://127.0.0.1/a/acknowledge?token=t1',
  resolveUrl: 'http://127.0.0.1/a/resolve?token=t2',
  shortCode: '4KX9QZ',
};

/** The CHANNELS port as the api builds it: by configuration alone. */
describe('the channels port in the api', () => {
  describe('with no provider configured', () => {
    let app: TestApp;
    beforeAll(async () => (app = await startApp()));
    afterAll(() => app?.close());

    it('keeps pages in the dev mailbox, where npm start shows them', async () => {
      const channels = app.app.get<Channels>(CHANNELS);
      expect(await channels.send('sms', '+15557654321', page)).toMatchObject({ ok: true });
      expect(await channels.send('email', 'oncall@example.com', page)).toMatchObject({ ok: true });
      const sms = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: '+15557654321' }).expect(200)).body
        .data;
      expect(sms[0]).toMatchObject({ subject: '[sms] Tocsin [HIGH] Checkout latency above 2s' });
      expect(sms[0].text).toContain('Reply ACK 4KX9QZ to acknowledge');
      const mail = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: 'oncall@example.com' }).expect(200))
        .body.data;
      expect(mail[0].text).toContain('Acknowledge: http://127.0.0.1/a/acknowledge?token=t1');
    });
  });

  describe('with SMTP and a Twilio-compatible provider configured', () => {
    let app: TestApp;
    let smtp: LocalSmtpServer;
    let twilio: RecordingServer;
    beforeAll(async () => {
      smtp = await LocalSmtpServer.start();
      twilio = await RecordingServer.start();
      twilio.on(() => ({ status: 201, body: { sid: 'SM42', status: 'queued' } }));
      app = await startApp({
        env: {
          SMTP_URL: smtp.url,
          TWILIO_ACCOUNT_SID: 'AC9',
          TWILIO_AUTH_TOKEN: 'token',
          TWILIO_FROM: '+15550001111',
          TWILIO_API_URL: twilio.url,
          CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
          CHANNEL_TIMEOUT_MS: '2000',
        },
      });
    });
    afterAll(async () => {
      await app?.close();
      await smtp.close();
      await twilio.close();
    });

    it('sends email to the SMTP server and SMS to the provider', async () => {
      const channels = app.app.get<Channels>(CHANNELS);
      expect(await channels.send('email', 'oncall@example.com', page)).toMatchObject({ ok: true });
      expect(smtp.to('oncall@example.com')[0].raw).toContain('Acknowledge: http://127.0.0.1/a/acknowledge?token=t1');
      expect(await channels.send('sms', '+15557654321', page)).toEqual({
        ok: true,
        providerMessageId: 'SM42',
        answer: 'queued',
      });
      expect(formOf(twilio.last.body)).toMatchObject({ To: '+15557654321', From: '+15550001111' });
    });
  });
});
