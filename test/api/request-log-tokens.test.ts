import { Writable } from 'node:stream';
import { createLogger } from '@tocsin/platform';
import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { signInAs } from '../support/session';
import { registrationLinkFor } from '../support/sign-up';
import { createSource, createTeam, ingest, logs } from './signals-ingest.support';

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
    app = await startApp({ logger: createLogger('debug', 'tocsin', sink) });
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

  it('logs action links, ingest URLs and calendar feeds without their tokens, on error answers too', async () => {
    const token = 'AcTiOnToKeN_s3cr3t.v1-abcdefghijklmnop';
    await request(app.url).get(`/signals/alerts/0b6c9c1e-8d1a-4a57-9d3b-5d2b1f4f7a10/actions/${token}`).expect(404);
    await request(app.url).post(`/signals/alerts/0b6c9c1e-8d1a-4a57-9d3b-5d2b1f4f7a10/actions/${token}`).expect(404);
    const ingestToken = 'feedc0de'.repeat(4);
    await ingest(app.url, `/ingest/${ingestToken}/alertmanager`, {}).expect(404);
    await ingest(app.url, `/ingest/${ingestToken}x`, {}).expect(404);
    await request(app.url).get(`/calendar/${token}.ics`);
    await request(app.url).get(`/api/v1/teams/t1/schedule/${token}.ics`);
    // an error line naming such a URL, wherever it comes from
    app.runtime.logger.error(
      new Error(`could not fetch http://x/signals/alerts/a/actions/${token} for /ingest/${ingestToken}`),
    );
    app.runtime.logger.warn(
      { context: 'test', link: `/signals/alerts/a/actions/${token}` },
      `see /calendars/${token}.ics`,
    );

    expect(logged()).not.toContain('s3cr3t');
    expect(logged()).not.toContain(ingestToken);
    const urls = requestLines().map((line) => line.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/signals/alerts/0b6c9c1e-8d1a-4a57-9d3b-5d2b1f4f7a10/actions/[redacted]',
        '/ingest/[redacted]/alertmanager',
        '/ingest/[redacted]',
        '/calendar/[redacted]',
        '/api/v1/teams/t1/schedule/[redacted]',
      ]),
    );
  });

  it("masks secrets in the ingest log's excerpt of a refused payload before cutting it", async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Excerpts');
    const source = await createSource(owner, { name: 'Excerpts', format: 'pagerduty', team_id: teamId });
    const secret = `sk_live_${'9'.repeat(2000)}`;
    await ingest(app.url, '/ingest/pagerduty/v2/enqueue', {
      routing_key: source.token,
      event_action: 'explode',
      payload: { summary: 'x'.repeat(850), custom_details: { api_key: secret, password: 'hunter2' } },
    }).expect(400);
    const entry = await eventually(async () => {
      const page = (await owner.get(logs).query({ source_id: source.id }).expect(200)).body;
      return page.data[0] as { excerpt: string } | undefined;
    });
    expect(entry.excerpt).toContain('"routing_key":"[token]"');
    expect(entry.excerpt).not.toContain(source.token);
    expect(entry.excerpt).not.toContain('sk_live');
    expect(entry.excerpt).not.toContain('999');
    expect(entry.excerpt.length).toBeLessThanOrEqual(1000);
  });
});
