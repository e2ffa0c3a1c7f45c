import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { UNKNOWN_TOKENS_PER_MINUTE } from '../../apps/api/src/signals/event-sources/source-rates';
import { signPayload } from '../../apps/api/src/signals/ingest/signature';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
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

  // the address's budget is a count per minute: a charge taken in one minute and given back in the next (a body
  // read across the minute's end) must not give the next minute more than its budget. The in-process count keeps
  // its minute by Date.now, which the test moves on while the body is in flight
  it("gives nothing back into the next minute: that minute's junk meets the whole budget, no more", async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, `Slow ${Date.now()}`);
    const paged = await createSource(owner, { name: 'Slow PD', format: 'pagerduty', team_id: teamId });
    const from = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const body = JSON.stringify({ ...pdTrigger('sent slowly'), routing_key: paged.token });
    // the headers and a first part now: the address is charged before the body is read
    let finish: () => void = () => undefined;
    const slow = new Promise<number>((resolve, reject) => {
      const sent = httpRequest(
        `${app.url}/ingest/pagerduty/v2/enqueue`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            'X-Forwarded-For': from,
          },
        },
        (response) => (response.resume(), resolve(response.statusCode ?? 0)),
      );
      sent.on('error', reject);
      sent.write(body.slice(0, 10));
      finish = () => sent.end(body.slice(10));
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const real = Date.now.bind(Date);
    const nextMinute = jest.spyOn(Date, 'now').mockImplementation(() => real() + 61_000);
    try {
      // the rest arrives in the next minute: the genuine event is taken, its charge of the minute before is not
      // the next minute's to give
      finish();
      expect(await slow).toBe(202);
      const junk = () =>
        request(app.url)
          .post('/ingest/pagerduty/v2/enqueue')
          .set({ 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip', 'X-Forwarded-For': from })
          .send(Buffer.from('not gzip at all'));
      for (let i = 0; i < GENERAL_LIMIT; i++) await junk().expect(400);
      await junk().expect(429);
    } finally {
      nextMinute.mockRestore();
    }
  });

  it("counts PagerDuty's token-less URL per address before inflating, and holds PagerDuty's documented bounds", async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Bounded');
    const source = await createSource(owner, { name: 'Bounded PD', format: 'pagerduty', team_id: teamId });
    const from = '198.51.100.21';
    const event = { ...pdTrigger('bounded'), routing_key: source.token };
    // an event over 512 KB once inflated, from 1 KB of gzip: refused as PagerDuty does, whatever the URL (sent as
    // bytes: supertest rewrites a Buffer sent as JSON)
    const bomb = gzipSync(JSON.stringify(event) + ' '.repeat(600 * 1024));
    expect(bomb.length).toBeLessThan(2048);
    for (const path of ['/ingest/pagerduty/v2/enqueue', `/ingest/${source.token}/pagerduty/v2/enqueue`]) {
      const refused = await request(app.url)
        .post(path)
        .set({ 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip', 'X-Forwarded-For': from })
        .send(bomb);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        status: 'invalid event',
        message: 'Event object is invalid',
        errors: ['The payload is larger than 512 KB'],
      });
    }
    // a summary or dedup_key beyond PagerDuty's bounds is refused naming the field, not cut
    const long = await ingest(app.url, '/ingest/pagerduty/v2/enqueue', {
      ...event,
      payload: { ...event.payload, summary: 's'.repeat(1025) },
    })
      .set('X-Forwarded-For', from)
      .expect(400);
    expect(long.body.errors).toEqual(["'payload.summary' is too long (at most 1024 characters)"]);
    const key = await ingest(app.url, `/ingest/${source.token}/pagerduty/v2/enqueue`, {
      ...event,
      dedup_key: 'k'.repeat(256),
    })
      .set('X-Forwarded-For', from)
      .expect(400);
    expect(key.body.errors).toEqual(["'dedup_key' is too long (at most 255 characters)"]);
    // the token-less URL counts the address before it inflates: beyond the limit a body is not even read
    let answer = await corruptGzip(from);
    for (let i = 0; i < GENERAL_LIMIT + 1 && answer.status !== 429; i++) answer = await corruptGzip(from);
    expect(answer.status).toBe(429);
    expect(answer.body.status).toBe('throttle event');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // the token URL still takes the source's events from that address
    await ingest(app.url, `/ingest/${source.token}/pagerduty/v2/enqueue`, pdTrigger('by the token URL'))
      .set('X-Forwarded-For', from)
      .expect(202);
  });

  it("counts a signed source's payloads per address before inflating them, and not against the source", async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Signed and bounded');
    const source = await createSource(owner, { name: 'Signed', format: 'generic', team_id: teamId, signed: true });
    const junk = () =>
      request(app.url)
        .post(`/ingest/${source.token}`)
        .set({
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'gzip',
          'X-Forwarded-For': '198.51.100.31',
        })
        .send(Buffer.from('not gzip at all'));
    let answer = await junk();
    for (let i = 0; i < GENERAL_LIMIT + 1 && answer.status !== 429; i++) answer = await junk();
    expect(answer.status).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // the genuine sender, elsewhere, keeps its source's whole limit
    const body = JSON.stringify({ summary: 'genuine' });
    await ingest(app.url, `/ingest/${source.token}`, body, {
      'X-Tocsin-Signature': signPayload(source.signing_secret!, body, Math.floor(Date.now() / 1000)),
    })
      .set('X-Forwarded-For', '198.51.100.32')
      .expect(202);
  });

  const corruptGzip = (from: string) =>
    request(app.url)
      .post('/ingest/pagerduty/v2/enqueue')
      .set({ 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip', 'X-Forwarded-For': from })
      .send(Buffer.from('not gzip at all'));
});

/**
 * A guesser shares its address with real tools (a monitoring SaaS, a NAT, a proxy without TRUST_PROXY):
 * the unknown-token limit turns away its guesses and nothing else (ARCHITECTURE.md "Security rules").
 */
function unknownTokenSuite(env: () => Record<string, string>) {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: { TRUST_PROXY: 'loopback', ...env() } });
  });
  afterAll(() => app.close());

  it('refuses unknown tokens beyond the limit, and still takes every valid token from that address', async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Guessed');
    const source = await createSource(owner, { name: 'Real', format: 'generic', team_id: teamId });
    const paged = await createSource(owner, { name: 'Real PD', format: 'pagerduty', team_id: teamId });
    const guesser = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const guess = (i: number) =>
      ingest(app.url, `/ingest/${i.toString(16).padStart(32, '0')}`, { summary: 'guess' }).set(
        'X-Forwarded-For',
        guesser,
      );
    for (let i = 0; i < UNKNOWN_TOKENS_PER_MINUTE; i++) await guess(i).expect(404);
    const limited = await guess(UNKNOWN_TOKENS_PER_MINUTE).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error).toBe('rate_limited');
    // an unknown routing key in the body is a guess too, answered the same way
    await ingest(app.url, '/ingest/pagerduty/v2/enqueue', { ...pdTrigger('guess'), routing_key: 'f'.repeat(32) })
      .set('X-Forwarded-For', guesser)
      .expect(429);

    // a tool sharing the guesser's address reaches its source, on every URL
    const real = await ingest(app.url, `/ingest/${source.token}`, { summary: 'from the shared address' })
      .set('X-Forwarded-For', guesser)
      .expect(202);
    expect(real.body.data.results[0].outcome).toBe('new_alert');
    await ingest(app.url, `/ingest/${paged.token}/pagerduty/v2/enqueue`, pdTrigger('by the token URL'))
      .set('X-Forwarded-For', guesser)
      .expect(202);
    await ingest(app.url, '/ingest/pagerduty/v2/enqueue', { ...pdTrigger('by the key'), routing_key: paged.token })
      .set('X-Forwarded-For', guesser)
      .expect(202);
    // and the guesses stay refused
    await guess(UNKNOWN_TOKENS_PER_MINUTE + 1).expect(429);
  });
}

const pdTrigger = (summary: string) => ({
  event_action: 'trigger',
  payload: { summary, source: 'shared-host', severity: 'critical' },
});

describe('ingest limits: unknown tokens, embedded', () => unknownTokenSuite(() => ({})));

describeWhen(
  redisReachable(),
  'ingest limits: unknown tokens, counted in Redis',
  `Redis is not reachable at ${REDIS_URL}`,
  () => unknownTokenSuite(() => ({ REDIS_URL, BULLMQ_PREFIX: `tocsin-test-guess-${process.pid}-${Date.now()}` })),
  true,
);

/**
 * A monitoring SaaS or a NAT sends for many organizations from one address, to the URLs whose sender is known only
 * once the body is read (PagerDuty's token-less URL, a signed source's URL): the address's budget is taken before a
 * body is read and given back once the request proves its source, so only junk and unknown keys spend it.
 */
function sharedAddressSuite(env: () => Record<string, string>) {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({
      env: { RATE_LIMIT_PER_MINUTE: String(GENERAL_LIMIT), TRUST_PROXY: 'loopback', ...env() },
    });
  });
  afterAll(() => app.close());

  it('takes every genuine request from a shared address beyond its budget, and refuses its junk after it', async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, `Shared ${Date.now()}`);
    const paged = await createSource(owner, { name: 'Shared PD', format: 'pagerduty', team_id: teamId });
    const signedPd = await createSource(owner, {
      name: 'Signed PD',
      format: 'pagerduty',
      team_id: teamId,
      signed: true,
    });
    const signed = await createSource(owner, { name: 'Signed', format: 'generic', team_id: teamId, signed: true });
    // 192.0.2.1-100 here, 101-200 for the next test: the same app counts both, and one address drawn twice (1 in 200
    // when both drew from the whole range) left the next test's address spent before it began (a CI run saw it)
    const shared = `192.0.2.${Math.floor(Math.random() * 100) + 1}`;
    const sign = (secret: string, body: string) => ({
      'X-Tocsin-Signature': signPayload(secret, body, Math.floor(Date.now() / 1000)),
    });
    for (let i = 0; i < 2 * GENERAL_LIMIT; i++) {
      await ingest(app.url, '/ingest/pagerduty/v2/enqueue', { ...pdTrigger(`by key ${i}`), routing_key: paged.token })
        .set('X-Forwarded-For', shared)
        .expect(202);
      const pd = JSON.stringify({ ...pdTrigger(`signed by key ${i}`), routing_key: signedPd.token });
      await ingest(app.url, '/ingest/pagerduty/v2/enqueue', pd, sign(signedPd.signing_secret!, pd))
        .set('X-Forwarded-For', shared)
        .expect(202);
      const body = JSON.stringify({ summary: `signed ${i}` });
      await ingest(app.url, `/ingest/${signed.token}`, body, sign(signed.signing_secret!, body))
        .set('X-Forwarded-For', shared)
        .expect(202);
    }
    // junk from that address spends its budget: unreadable bodies, unsigned payloads, then refused unread
    const junk = [
      () =>
        request(app.url)
          .post('/ingest/pagerduty/v2/enqueue')
          .set({ 'Content-Type': 'application/octet-stream', 'Content-Encoding': 'gzip', 'X-Forwarded-For': shared })
          .send(Buffer.from('not gzip at all')),
      () => ingest(app.url, `/ingest/${signed.token}`, { summary: 'unsigned' }).set('X-Forwarded-For', shared),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < GENERAL_LIMIT + 1; i++) statuses.push((await junk[i % 2]()).status);
    expect(statuses.slice(0, GENERAL_LIMIT)).toEqual(
      Array.from({ length: GENERAL_LIMIT }, (_, i) => (i % 2 === 0 ? 400 : 401)),
    );
    const refused = await junk[0]().expect(429);
    expect(refused.body.status).toBe('throttle event');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const unread = await junk[1]().expect(429);
    expect(unread.body.message).toMatch(/^Too many payloads from this address were wrongly signed or replayed/);
  });

  it("keeps the address's charge for a request its source's limit turns away: a key of one's own is no way round the read bound", async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, `Flooded ${Date.now()}`);
    const limit = { format: 'pagerduty', team_id: teamId, rate_limit_per_minute: 1 };
    const paged = await createSource(owner, { name: 'Flooded PD', ...limit });
    const signed = await createSource(owner, { name: 'Flooded signed', ...limit, format: 'generic', signed: true });
    const from = `192.0.2.${Math.floor(Math.random() * 100) + 101}`;
    const byKey = (i: number) =>
      ingest(app.url, '/ingest/pagerduty/v2/enqueue', { ...pdTrigger(`flood ${i}`), routing_key: paged.token }).set(
        'X-Forwarded-For',
        from,
      );
    const bySignature = (i: number) => {
      const body = JSON.stringify({ summary: `flood ${i}` });
      const header = signPayload(signed.signing_secret!, body, Math.floor(Date.now() / 1000));
      return ingest(app.url, `/ingest/${signed.token}`, body, { 'X-Tocsin-Signature': header }).set(
        'X-Forwarded-For',
        from,
      );
    };
    // each source takes its one alert of the minute (given back), then refuses: each refusal was read in full
    await byKey(0).expect(202);
    await bySignature(0).expect(202);
    const messages: string[] = [];
    for (let i = 1; i <= GENERAL_LIMIT / 2; i++) {
      messages.push((await byKey(i).expect(429)).body.message, (await bySignature(i).expect(429)).body.message);
    }
    // the address's budget (one for both URLs) spent on reads their sources refused: the next is refused unread
    const byAddress = await byKey(GENERAL_LIMIT + 1).expect(429);
    expect(byAddress.body.message).toMatch(/^Too many events from this address/);
    expect((await bySignature(GENERAL_LIMIT + 1).expect(429)).body.message).toMatch(
      /^Too many payloads from this address/,
    );
    expect(messages.filter((m) => /^This source may send 1 alerts a minute/.test(m))).toHaveLength(GENERAL_LIMIT);
  });
}

describe('ingest limits: a shared address, embedded', () => sharedAddressSuite(() => ({})));

describeWhen(
  redisReachable(),
  'ingest limits: a shared address, counted in Redis',
  `Redis is not reachable at ${REDIS_URL}`,
  () => sharedAddressSuite(() => ({ REDIS_URL, BULLMQ_PREFIX: `tocsin-test-shared-${process.pid}-${Date.now()}` })),
  true,
);

/** An anonymous API request from `address`, counted by the general limit. */
function ingestless(url: string, address: string) {
  return request(url).get('/api/v1/me').set('X-Forwarded-For', address);
}
