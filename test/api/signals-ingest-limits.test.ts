import request from 'supertest';
import { UNKNOWN_TOKENS_PER_MINUTE } from '../../apps/api/src/signals/event-sources/source-rates';
import { startApp, type TestApp } from '../support/app';
import { signInAs } from '../support/session';
import { createSource, createTeam, ingest } from './signals-ingest.support';

/** The API's general per-address limit, set low here so going past it is cheap. */
const GENERAL_LIMIT = 10;

describe('ingest limits: the source limit, not the per-address limit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { RATE_LIMIT_PER_MINUTE: String(GENERAL_LIMIT), TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => app.close());

  it('takes more than the per-address limit from one address when the source allows it', async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Busy');
    const source = await createSource(owner, { name: 'Busy Alertmanager', format: 'generic', team_id: teamId });
    const from = '198.51.100.7';
    for (let i = 0; i < 3 * GENERAL_LIMIT; i++) {
      await ingest(app.url, `/ingest/${source.token}`, { summary: `busy ${i}`, dedup_key: `busy-${i}` })
        .set('X-Forwarded-For', from)
        .expect(202);
    }
    // the address's other requests still meet the general limit
    for (let i = 0; i < GENERAL_LIMIT; i++) await ingestless(app.url, from).expect(401);
    expect((await ingestless(app.url, from)).status).toBe(429);
  });

  it('limits unknown tokens per address, then refuses that address whatever token it names, others not', async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Guessed');
    const source = await createSource(owner, { name: 'Real', format: 'generic', team_id: teamId });
    const guesser = '203.0.113.9';
    const guess = (i: number) =>
      ingest(app.url, `/ingest/${i.toString(16).padStart(32, '0')}`, { summary: 'guess' }).set(
        'X-Forwarded-For',
        guesser,
      );
    for (let i = 0; i < UNKNOWN_TOKENS_PER_MINUTE; i++) await guess(i).expect(404);
    const limited = await guess(UNKNOWN_TOKENS_PER_MINUTE).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error).toBe('rate_limited');
    // a valid token from the same address is refused the same way: no oracle for a guess that hit
    const real = await ingest(app.url, `/ingest/${source.token}`, { summary: 'from the guesser' })
      .set('X-Forwarded-For', guesser)
      .expect(429);
    expect(real.body.error).toBe('rate_limited');
    await ingest(app.url, `/ingest/${source.token}/pagerduty/v2/enqueue`, {})
      .set('X-Forwarded-For', guesser)
      .expect(429);
    // another address is not affected
    await ingest(app.url, `/ingest/${source.token}`, { summary: 'elsewhere' })
      .set('X-Forwarded-For', '203.0.113.10')
      .expect(202);
  });
});

/** An anonymous API request from `address`, counted by the general limit. */
function ingestless(url: string, address: string) {
  return request(url).get('/api/v1/me').set('X-Forwarded-For', address);
}
