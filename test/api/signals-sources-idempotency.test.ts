import { IDEMPOTENCY_STORE } from '../../apps/api/src/shared/idempotency/idempotency.interceptor';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { createTeam, ingest, sources } from './signals-ingest.support';

/** The idempotency store never holds an ingest token or a signing secret (README "Ingest"). */
describe('event sources under an Idempotency-Key', () => {
  let app: TestApp;
  let owner: Client;
  let teamId: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    teamId = await createTeam(owner, 'Keyed');
  });
  afterAll(() => app.close());

  const stored = () =>
    JSON.stringify([...(app.app.get(IDEMPOTENCY_STORE) as unknown as { entries: Map<string, unknown> }).entries]);

  it('creates, rotates and signs once; a repeat is 409 naming what to do; the secrets are in no stored answer', async () => {
    const body = { name: 'Keyed tool', format: 'generic', team_id: teamId, signed: true };
    const created = await owner.post(sources).set('Idempotency-Key', 'create-1').send(body).expect(201);
    const { id, token, signing_secret: secret } = created.body.data as Record<string, string>;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(secret).toMatch(/^whsec_/);
    const repeat = await owner.post(sources).set('Idempotency-Key', 'create-1').send(body).expect(409);
    expect(repeat.body.error).toBe('idempotency_answer_not_kept');
    expect(repeat.body.message).toContain('rotate the token');
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    // one source, not two, and the first token still works
    const list = (await owner.get(sources).expect(200)).body.data as Array<{ name: string }>;
    expect(list.filter((s) => s.name === 'Keyed tool')).toHaveLength(1);

    const rotated = await owner.post(`${sources}/${id}/rotate_token`).set('Idempotency-Key', 'rotate-1').expect(201);
    await owner.post(`${sources}/${id}/rotate_token`).set('Idempotency-Key', 'rotate-1').expect(409);
    const signed = await owner.post(`${sources}/${id}/signing_secret`).set('Idempotency-Key', 'sign-1').expect(201);
    await owner.post(`${sources}/${id}/signing_secret`).set('Idempotency-Key', 'sign-1').expect(409);
    // the rotated token is the one in force: the repeat rotated nothing
    await ingest(app.url, `/ingest/${token}`, { summary: 'old' }).expect(404);
    await ingest(app.url, `/ingest/${rotated.body.data.token}`, { summary: 'unsigned' }).expect(401);

    const kept = stored();
    for (const shown of [token, secret, rotated.body.data.token, signed.body.data.signing_secret])
      expect(kept).not.toContain(shown);
    expect(kept).toContain('idempotency_answer_not_kept');
  });

  it('still replays answers that show no secret', async () => {
    const created = await owner.post(sources).send({ name: 'Plain', format: 'generic', team_id: teamId }).expect(201);
    const change = { name: 'Plain, renamed' };
    const first = await owner.patch(`${sources}/${created.body.data.id}`).set('Idempotency-Key', 'p-1').send(change);
    const again = await owner.patch(`${sources}/${created.body.data.id}`).set('Idempotency-Key', 'p-1').send(change);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
