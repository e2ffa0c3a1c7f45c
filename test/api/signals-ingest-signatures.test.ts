import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signPayload } from '../../apps/api/src/signals/ingest/signature';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signInAs } from '../support/session';
import { alertmanagerPayload, createSource, createTeam, ingest } from './signals-ingest.support';

const REPLAYED =
  'This signed payload was received already: a signature is accepted once (sign each payload when it is sent)';
const now = () => Math.floor(Date.now() / 1000);

/** A signed source of its own team: its URL and secret. */
async function signedSource(app: TestApp, perMinute = 600): Promise<{ url: string; secret: string }> {
  const owner = await signInAs(app.url, 'owner');
  const teamId = await createTeam(owner, `Signed ${Date.now()}-${Math.random()}`);
  const source = await createSource(owner, {
    name: 'Signed',
    format: 'generic',
    team_id: teamId,
    signed: true,
    rate_limit_per_minute: perMinute,
  });
  return { url: `/ingest/${source.token}`, secret: source.signing_secret! };
}

const signed = (app: TestApp, source: { url: string; secret: string }, body: string, t = now(), header?: string) =>
  ingest(app.url, source.url, body, { 'X-Tocsin-Signature': header ?? signPayload(source.secret, body, t) });

/** ARCHITECTURE.md "Security rules": signed inputs cannot be replayed, and junk cannot spend a sender's limit. */
function signatureSuite(env: () => Record<string, string>) {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp({ env: env() });
  });
  afterAll(() => app.close());

  it('refuses unsigned junk before it counts, so the genuine sender keeps its whole limit', async () => {
    const source = await signedSource(app, 3);
    for (let i = 0; i < 6; i++) {
      await ingest(app.url, source.url, { summary: `junk ${i}` }).expect(401);
      const forged = JSON.stringify({ summary: `forged ${i}` });
      await signed(app, source, forged, now(), signPayload('not the secret', forged, now())).expect(401);
    }
    for (let i = 0; i < 3; i++) await signed(app, source, JSON.stringify({ summary: `genuine ${i}` })).expect(202);
    // beyond the limit the payload is turned away unread: sent again, it meets the limit again, not "replayed"
    const body = JSON.stringify({ summary: 'one too many' });
    const t = now();
    await signed(app, source, body, t).expect(429);
    expect((await signed(app, source, body, t).expect(429)).body.error).toBe('rate_limited');
  });

  it('does not remember a signed group turned away for its alerts beyond the limit: sent again, it meets the limit', async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, `Signed group ${Date.now()}-${Math.random()}`);
    const created = await createSource(owner, {
      name: 'Signed group',
      format: 'alertmanager',
      team_id: teamId,
      signed: true,
      rate_limit_per_minute: 2,
    });
    const source = { url: `/ingest/${created.token}/alertmanager`, secret: created.signing_secret! };
    const group = alertmanagerPayload(
      ['a', 'b', 'c'].map((instance) => ({ labels: { alertname: 'DiskFull', instance } })),
    );
    const body = JSON.stringify(group);
    const t = now();
    // three alerts, two a minute: the group is turned away whole, nothing of it applied
    await signed(app, source, body, t).expect(429);
    // the tool retries the very same request: the limit answers it again, not "received already"
    expect((await signed(app, source, body, t).expect(429)).body.error).toBe('rate_limited');
  });

  it('does not remember a signed payload whose alerts could not be written: the retry is taken, not refused', async () => {
    const source = await signedSource(app);
    const body = JSON.stringify({ summary: 'Written on the second try', dedup_key: 'store-failed' });
    const t = now();
    // the log refuses the write (a full disk, a lost connection): the sender is told 500 and retries as it is
    const failing = jest
      .spyOn(app.runtime.infra.eventStore, 'append')
      .mockRejectedValueOnce(new Error('the event log is unavailable'));
    try {
      await signed(app, source, body, t).expect(500);
    } finally {
      failing.mockRestore();
    }
    const retried = await signed(app, source, body, t).expect(202);
    expect(retried.body.data.results).toEqual([expect.objectContaining({ outcome: 'new_alert' })]);
    // taken, it is remembered: sent again it is a replay
    expect((await signed(app, source, body, t).expect(401)).body.message).toBe(REPLAYED);
  });

  it('takes a signed payload once and refuses it sent again, however the header is dressed', async () => {
    const source = await signedSource(app);
    const body = JSON.stringify({ summary: 'Disk full', dedup_key: 'replayed' });
    const t = now();
    await signed(app, source, body, t).expect(202);
    const replay = await signed(app, source, body, t).expect(401);
    expect(replay.body).toMatchObject({ error: 'unauthorized', message: REPLAYED });
    const decoy = `t=${t},v1=${'0'.repeat(64)},${signPayload(source.secret, body, t).split(',')[1]}`;
    expect((await signed(app, source, body, t, decoy).expect(401)).body.message).toBe(REPLAYED);
    // the same alert signed anew (another timestamp) is a new payload
    await signed(app, source, body, t - 1).expect(202);
  });

  it('accepts a timestamp ahead of its clock by 30 s at most', async () => {
    const source = await signedSource(app);
    const body = JSON.stringify({ summary: 'From a fast clock' });
    const ahead = await signed(app, source, body, now() + 120).expect(401);
    expect(ahead.body.message).toBe(
      "The X-Tocsin-Signature timestamp is more than 30 s ahead of our clock: check the sender's clock",
    );
    await signed(app, source, body, now() + 20).expect(202);
  });
}

describe('signed ingest, embedded', () => signatureSuite(() => ({})));

/**
 * Without Redis each sender's signatures are kept in process, at most SIGNATURE_MEMORY_PER_SENDER (3 here): a
 * signature inside its window is never forgotten to make room, the sender is answered 429 until its oldest expires,
 * and another source is not refused for it.
 */
describe('signed ingest, embedded, with a small memory for each sender', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ env: { SIGNATURE_MEMORY_PER_SENDER: '3' } });
  });
  afterAll(() => app.close());

  it('answers 429 when a sender fills its memory, forgets nothing unexpired, and refuses no other sender', async () => {
    const source = await signedSource(app);
    const other = await signedSource(app);
    const sent = ['first', 'second', 'third'].map((summary) => JSON.stringify({ summary }));
    const t = now();
    // the first expires in about two seconds (its timestamp is 298 s old), the others in five minutes
    await signed(app, source, sent[0], t - 298).expect(202);
    await signed(app, source, sent[1], t).expect(202);
    await signed(app, source, sent[2], t).expect(202);

    const fourth = JSON.stringify({ summary: 'fourth' });
    const full = await signed(app, source, fourth, t).expect(429);
    expect(full.body.error).toBe('rate_limited');
    const wait = Number(full.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    // every signature still in its window is refused as received already: none was forgotten to make room
    for (const body of sent.slice(1))
      expect((await signed(app, source, body, t).expect(401)).body.message).toBe(REPLAYED);
    // another source has a memory of its own
    for (const body of sent) await signed(app, other, body, t).expect(202);

    // once the oldest has expired there is room again
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    await signed(app, source, fourth, t).expect(202);
    expect((await signed(app, source, fourth, t).expect(401)).body.message).toBe(REPLAYED);
  });
});

describeWhen(
  redisReachable(),
  'signed ingest, signatures remembered in Redis',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    const prefix = `tocsin-test-signed-${process.pid}-${Date.now()}`;
    signatureSuite(() => ({ REDIS_URL, BULLMQ_PREFIX: prefix }));

    it('refuses a payload replayed to another api process', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-signed-'));
      const env = { REDIS_URL, BULLMQ_PREFIX: `${prefix}-nodes` };
      try {
        const first = await startApp({ env, dataDir });
        const source = await signedSource(first);
        const body = JSON.stringify({ summary: 'Captured', dedup_key: 'captured' });
        const t = now();
        await signed(first, source, body, t).expect(202);
        await first.close();
        // another process (here: the next one on the same log) knows the signature from Redis
        const second = await startApp({ env, dataDir });
        try {
          expect((await signed(second, source, body, t).expect(401)).body.message).toBe(REPLAYED);
        } finally {
          await second.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
  true,
);
