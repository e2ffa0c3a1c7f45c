import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { acceptLinkIn, PASSWORD, tokenOf } from './organization-admin.support';

/** Quoted-printable soft breaks and escapes undone, so a long link reads whole. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Invitation email through a real SMTP server on a random local port (SMTP_URL), and the dev mailbox's absence then. */
describe('invitation email over SMTP', () => {
  const received: Array<{ to: string[]; raw: string }> = [];
  let smtp: SMTPServer;
  let app: TestApp;
  let owner: Client;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        callback(address.address.startsWith('bounce@') ? new Error('550 No such user') : undefined);
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: decodeQuotedPrintable(raw) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    app = await startApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Tocsin Test <tocsin@test.example>' },
    });
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the invitation to the SMTP server; a new user accepts it from the emailed link', async () => {
    await owner.post('/api/v1/invitations').send({ email: 'smtp-invitee@example.com', role: 'member' }).expect(201);
    const mail = received.find((m) => m.to.includes('smtp-invitee@example.com'));
    expect(mail?.raw).toMatch(/^From: Tocsin Test <tocsin@test\.example>/m);
    expect(mail?.raw).toMatch(/^Subject: Demo Owner invited you to Demo Organization on Tocsin/m);
    const token = tokenOf(acceptLinkIn(mail!.raw));

    const invitee = request.agent(app.url);
    await invitee
      .post(`/api/v1/invitations/${token}/accept`)
      .send({ name: 'Smtp Invitee', password: PASSWORD })
      .expect(201);
    const me = (await invitee.get('/api/v1/me').expect(200)).body.data;
    expect(me.user).toMatchObject({ email: 'smtp-invitee@example.com', role: 'member' });
    expect(me.organization.id).toBe('org-demo');
  });

  it('keeps no invitation whose email the server refused, so it can be sent again', async () => {
    const refused = await owner
      .post('/api/v1/invitations')
      .send({ email: 'bounce@example.com', role: 'viewer' })
      .expect(502);
    expect(refused.body).toEqual({
      error: 'mail_failed',
      message: 'The invitation email could not be sent. Try again later.',
    });
    expect(
      (await owner.get('/api/v1/invitations').expect(200)).body.data.map((i: { email: string }) => i.email),
    ).not.toContain('bounce@example.com');
    await owner.post('/api/v1/invitations').send({ email: 'bounce@example.com', role: 'viewer' }).expect(502);
  });

  it('has no dev mailbox when mail goes out through SMTP', async () => {
    await request(app.url).get('/api/v1/dev/mailbox').expect(404);
  });
});

describe('dev mailbox in production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://tocsin.example.com' } });
  });
  afterAll(() => app?.close());

  it('does not exist', async () => {
    const { body } = await request(app.url).get('/api/v1/dev/mailbox').expect(404);
    expect(body).toEqual({ error: 'not_found', message: 'Not found' });
  });
});
