import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { signInAs } from '../support/session';
import { registrationLinkFor } from '../support/sign-up';

/**
 * ARCHITECTURE.md "Security rules": URLs that carry tokens are not logged. Calendar feeds, reset and
 * sign-up links are credentials; whoever reads the logs must not be able to follow them.
 */
describe('request logs keep the tokens out', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  let app: TestApp;

  beforeAll(async () => {
    // every request is logged at debug
    app = await startApp({ logger: pino({ level: 'debug' }, sink) });
  });
  afterAll(() => app.close());

  const logged = () => lines.join('');
  const requestLines = () =>
    lines
      .filter((line) => line.includes('request completed'))
      .map((line) => JSON.parse(line) as { url: string; status: number });

  it('logs the calendar feed without its token, whether the token is right or wrong', async () => {
    const owner = await signInAs(app.url, 'owner');
    const icalUrl = (await owner.get('/api/v1/me').expect(200)).body.data.organization.icalUrl as string;
    const token = /\/calendars\/(.+)\.ics$/.exec(icalUrl)![1];
    await request(app.url).get(icalUrl).expect(200);
    await request(app.url)
      .get(`/calendars/${token.slice(1)}x.ics`)
      .expect(404);

    expect(logged()).not.toContain(token);
    expect(logged()).not.toContain(token.slice(1));
    expect(
      requestLines()
        .filter((line) => line.url === '/calendars/[redacted]')
        .map((line) => line.status),
    ).toEqual([200, 404]);
  });

  it('logs reset and sign-up links without their tokens', async () => {
    await request(app.url).post('/forgot_passwords').send({ email: 'member@demo.tocsin.dev' }).expect(202);
    const { body } = await request(app.url)
      .get('/api/v1/dev/mailbox')
      .query({ to: 'member@demo.tocsin.dev' })
      .expect(200);
    const resetToken = /\/password_resets\/([A-Za-z0-9_-]+)/.exec(body.data[0].text as string)![1];
    await request(app.url).get(`/password_resets/${resetToken}`).set('Accept', 'text/html');
    await request(app.url)
      .post(`/password_resets/${resetToken}`)
      .send({ password: 'reset-password-3', password_confirmation: 'reset-password-3' })
      .expect(204);

    const email = `log-${Date.now()}@example.com`;
    await request(app.url).post('/registrations').send({ name: 'Log', email }).expect(202);
    const { id, token } = await registrationLinkFor(app.url, email);
    await request(app.url).get(`/registrations/${id}/complete`).query({ token }).set('Accept', 'text/html');
    await request(app.url).get(`/api/v1/registrations/${id}`).query({ token }).expect(200);

    expect(logged()).not.toContain(resetToken);
    expect(logged()).not.toContain(token);
    const urls = requestLines().map((line) => line.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/password_resets/[redacted]',
        `/api/v1/registrations/${id}?token=[redacted]`,
        `/registrations/${id}/complete?token=[redacted]`,
      ]),
    );
  });
});
