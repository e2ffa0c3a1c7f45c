import { Writable } from 'node:stream';
import request from 'supertest';
import type { ApiKey, ApiKeyWithSecret, HistoryEvent } from '@tocsin/contracts';
import {
  API_KEYS_API,
  apiKeyPath,
  apiKeyRotatePath,
  WEBHOOK_TARGETS_API,
  webhookTargetEventsPath,
} from '@tocsin/contracts';
import { API_KEY_MESSAGES, permissionsOf, ROLES } from '@tocsin/domain';
import { createLogger, ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { demoUserId } from '../support/paging';
import { keyClient, signIn, signInAs, demoEmail, type Client } from '../support/session';
import { acceptLinkIn, PASSWORD, registerOrg, tokenOf } from './organization-admin.support';

const SECOND = 1000;

/**
 * Issue 22, "API keys": keys for machines, shown once, hashed, scoped, bounded by their owner's role at each use,
 * rotated with an overlap, revoked at once; each use attributed in the history, never logged.
 */
describe('API keys', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const clock = new ManualClock(Date.now());
  let app: TestApp;
  let owner: Client;
  const secrets: string[] = [];

  const create = async (body: Record<string, unknown>, by: Client = owner) => {
    const created = (await by.post(API_KEYS_API).send(body).expect(201)).body.data as ApiKeyWithSecret;
    secrets.push(created.secret);
    return created;
  };
  const key = (secret: string) => keyClient(app.url, secret);
  const read = async (id: string) => (await owner.get(apiKeyPath(id)).expect(200)).body.data as ApiKey;

  beforeAll(async () => {
    app = await startApp({ clock, logger: createLogger('debug', 'tocsin', sink) });
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(() => app.close());

  it('shows the secret once; the key reads within its scopes, records its last use, and is refused once revoked', async () => {
    const created = await create({ name: ' Terraform ', scopes: ['read_teams', 'manage_teams'] });
    expect(created.secret).toMatch(/^tocsin_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Terraform',
      owner: { id: demoUserId('owner') },
      scopes: ['read_teams', 'manage_teams'],
      team_id: null,
      expires_at: null,
      status: 'active',
      last_used_at: null,
      secret_hint: created.secret.slice(-4),
    });
    expect(await read(created.id)).not.toHaveProperty('secret');
    const list = (await owner.get(API_KEYS_API).expect(200)).body;
    expect(JSON.stringify(list)).not.toContain(created.secret);

    // no cookie, no CSRF header: the key alone
    const machine = key(created.secret);
    await machine.get('/api/v1/teams').expect(200);
    const teamId = (await machine.post('/api/v1/teams').send({ name: 'Made by a key' }).expect(201)).body.data.id;
    // recorded beside the answer, not before it
    const used = await eventually(async () => {
      const seen = await read(created.id);
      return seen.last_used_at ? seen : null;
    });
    expect(used.last_used_at).toBe(new Date(clock.now()).toISOString());
    expect(used.last_used_address).toMatch(/127\.0\.0\.1/);

    // the history names the key beside its owner, and never holds the secret or its hash
    const history = (await owner.get('/api/v1/history').query({ type: 'TeamCreated' }).expect(200)).body
      .data as HistoryEvent[];
    const made = history.find((event) => (event.data as { teamId?: string }).teamId === teamId)!;
    expect(made.metadata).toMatchObject({ actorId: demoUserId('owner'), via: 'key', apiKeyId: created.id });
    const all = JSON.stringify((await owner.get('/api/v1/history').query({ per_page: 100 }).expect(200)).body);
    expect(all).not.toContain(created.secret);
    expect(all).toContain('"secretHash":"[redacted]"');

    await owner.delete(apiKeyPath(created.id)).expect(204);
    const refused = await machine.get('/api/v1/teams').expect(401);
    expect(refused.body.message).toContain('This API key is not valid');
    expect((await read(created.id)).status).toBe('revoked');
  });

  it('records the last use at most once a minute', async () => {
    const created = await create({ name: 'Poller', scopes: ['read_teams'] });
    const machine = key(created.secret);
    await machine.get('/api/v1/teams').expect(200);
    // recorded after the answer: the first use too (a read right after it raced the record, and lost once in CI)
    const first = await eventually(async () => (await read(created.id)).last_used_at);
    await clock.advance(30 * SECOND);
    await machine.get('/api/v1/teams').expect(200);
    expect((await read(created.id)).last_used_at).toBe(first);
    await clock.advance(31 * SECOND);
    await machine.get('/api/v1/teams').expect(200);
    // recorded after the answer (the request does not wait for it)
    const later = await eventually(async () => {
      const seen = (await read(created.id)).last_used_at;
      return seen !== first ? seen : null;
    });
    expect(later).toBe(new Date(clock.now()).toISOString());
  });

  it('holds exactly its scopes: a read-only key is refused a write (403), session-only endpoints too', async () => {
    const created = await create({ name: 'Read only', scopes: ['read_teams', 'read_alerts'] });
    const machine = key(created.secret);
    await machine.get('/api/v1/teams').expect(200);
    const write = await machine.post('/api/v1/teams').send({ name: 'Nope' }).expect(403);
    expect(write.body).toMatchObject({ permission: 'manage_teams' });
    expect(write.body.message).toBe("This API key's scopes do not include 'Manage teams'.");
    await machine.get('/api/v1/users').expect(403);
    // a person's own account is not a machine's
    await machine.get('/api/v1/me').expect(403);
    // a key never makes or renews keys, whatever its scopes
    const manager = key((await create({ name: 'Manager', scopes: ['manage_api_keys', 'read_api_keys'] })).secret);
    await manager.get(API_KEYS_API).expect(200);
    await manager
      .post(API_KEYS_API)
      .send({ name: 'Child', scopes: ['read_teams'] })
      .expect(403);
    await manager.post(apiKeyRotatePath(created.id)).send({}).expect(403);
  });

  it('a cookie and a bad key: the key decides; a wrong, malformed or unknown key is 401', async () => {
    await owner.get('/api/v1/teams').set('Authorization', 'Bearer tocsin_nope').expect(401);
    await request(app.url)
      .get('/api/v1/teams')
      .set('Authorization', `Bearer tocsin_${'A'.repeat(43)}`)
      .expect(401);
    await request(app.url).get('/api/v1/teams').set('Authorization', 'Bearer').expect(401);
    // odd shapes: never a 5xx, never a cookie's identity
    const valid = (await create({ name: 'Shapes', scopes: ['read_teams'] })).secret;
    for (const header of [
      `Bearer tocsin_${'A'.repeat(8000)}`,
      `Bearer      ${valid.slice(0, -1)}é`,
      `Bearer tocsin_${'Ä'.repeat(43)}`,
      `Bearer ${valid} ${valid}`,
      `Bearer ${valid}x`,
      `Bearer\t${valid}`,
      `bearer ${valid}\t${valid}`,
      `Bearer tocsin_${'-'.repeat(43)}`,
    ]) {
      const response = await owner.get('/api/v1/teams').set('Authorization', header);
      expect([header.slice(0, 60), response.status]).toEqual([header.slice(0, 60), 401]);
    }
    await request(app.url).get('/api/v1/teams').set('Authorization', `Bearer     ${valid}   `).expect(200);
  });

  it('refuses an expired key, and the old secret of a rotated key after its overlap', async () => {
    const expiring = await create({
      name: 'Short lived',
      scopes: ['read_teams'],
      expires_at: new Date(clock.now() + 10 * SECOND).toISOString(),
    });
    await key(expiring.secret).get('/api/v1/teams').expect(200);
    await clock.advance(11 * SECOND);
    await key(expiring.secret).get('/api/v1/teams').expect(401);
    expect((await read(expiring.id)).status).toBe('expired');

    const rotating = await create({ name: 'Rotating', scopes: ['read_teams'] });
    const rotated = (
      await owner
        .post(apiKeyRotatePath(rotating.id))
        .send({ previous_valid_until: new Date(clock.now() + 60 * SECOND).toISOString() })
        .expect(201)
    ).body.data as ApiKeyWithSecret;
    secrets.push(rotated.secret);
    expect(rotated.secret).not.toBe(rotating.secret);
    expect(rotated.status).toBe('rotating');
    await key(rotating.secret).get('/api/v1/teams').expect(200);
    await key(rotated.secret).get('/api/v1/teams').expect(200);
    await clock.advance(61 * SECOND);
    await key(rotating.secret).get('/api/v1/teams').expect(401);
    await key(rotated.secret).get('/api/v1/teams').expect(200);
    // rotated at once: the old secret stops now
    const again = (await owner.post(apiKeyRotatePath(rotating.id)).send({}).expect(201)).body.data as ApiKeyWithSecret;
    secrets.push(again.secret);
    await key(rotated.secret).get('/api/v1/teams').expect(401);
    await key(again.secret).get('/api/v1/teams').expect(200);
  });

  it("a key restricted to a team acts on that team's resources alone, and on nothing organization-wide", async () => {
    const ours = (await owner.post('/api/v1/teams').send({ name: 'Keyed team only' }).expect(201)).body.data.id;
    const theirs = (await owner.post('/api/v1/teams').send({ name: 'Not the key team' }).expect(201)).body.data.id;
    const created = await create({ name: 'Team key', scopes: ['read_teams', 'manage_teams'], team_id: ours });
    expect(created.team_id).toBe(ours);
    const machine = key(created.secret);
    await machine.patch(`/api/v1/teams/${ours}`).send({ name: 'Keyed team renamed' }).expect(200);
    const refused = await machine.patch(`/api/v1/teams/${theirs}`).send({ name: 'Nope' }).expect(403);
    expect(refused.body.message).toBe("This API key is restricted to one team: it acts only on that team's resources.");
    await machine.get('/api/v1/teams').expect(403);

    // a public route that also takes a signed-in caller: a webhook target's events span teams
    const target = (
      await owner
        .post(WEBHOOK_TARGETS_API)
        .send({ name: 'Org-wide hook', url: 'https://example.com/hook', event_types: ['alert.triggered'] })
        .expect(201)
    ).body.data.id as string;
    const reader = await create({ name: 'Team hook reader', scopes: ['read_webhook_targets'], team_id: ours });
    const events = await key(reader.secret).get(webhookTargetEventsPath(target)).expect(403);
    expect(events.body.message).toBe(refused.body.message);
    const anyTeam = await create({ name: 'Hook reader', scopes: ['read_webhook_targets'] });
    await key(anyTeam.secret).get(webhookTargetEventsPath(target)).expect(200);
  });

  it("scopes an Idempotency-Key by key: two keys of one owner never replay each other's answers", async () => {
    const [a, b] = await Promise.all([
      create({ name: 'Idempotent A', scopes: ['manage_teams'] }),
      create({ name: 'Idempotent B', scopes: ['manage_teams'] }),
    ]);
    const make = (secret: string, name: string) =>
      key(secret).post('/api/v1/teams').set('Idempotency-Key', 'same-key').send({ name }).expect(201);
    const first = (await make(a.secret, 'Idempotent team')).body.data.id;
    expect((await make(a.secret, 'Idempotent team')).body.data.id).toBe(first);
    expect((await make(b.secret, 'Idempotent team')).body.data.id).not.toBe(first);
  });

  it("never accepts an invitation for its owner: joining an organization is a person's act", async () => {
    const { client: other } = await registerOrg(app.url, `inviter-${Date.now()}@example.com`, 'Inviting org');
    await other
      .post('/api/v1/invitations')
      .send({ email: demoEmail('owner'), role: 'owner' })
      .expect(201);
    const mails = (
      await request(app.url)
        .get('/api/v1/dev/mailbox')
        .query({ to: demoEmail('owner') })
        .expect(200)
    ).body.data as Array<{ text: string }>;
    const token = tokenOf(acceptLinkIn(mails[mails.length - 1].text));
    const machine = key((await create({ name: 'Not a person', scopes: ['read_teams'] })).secret);
    const refused = await machine.post(`/api/v1/invitations/${token}/accept`).send({}).expect(403);
    const me = (await owner.get('/api/v1/me').expect(200)).body.data;
    expect(me.organizations.map((o: { name: string }) => o.name)).not.toContain('Inviting org');
    expect(refused.body.message).toBe('This endpoint acts on a signed-in person and takes no API key.');
  });

  it('stays refused once its owner was removed, even when they join again', async () => {
    const email = `returning-${Date.now()}@example.com`;
    const { client: returning, userId } = await registerOrg(app.url, email, 'Returning home org');
    const used: string[] = [];
    const invite = async (role: string, by: Client) => {
      await owner.post('/api/v1/invitations').send({ email, role }).expect(201);
      const mails = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body
        .data as Array<{ text: string }>;
      const token = mails
        .filter((mail) => mail.text.includes('/invitations/'))
        .map((mail) => tokenOf(acceptLinkIn(mail.text)))
        .find((t) => !used.includes(t))!;
      used.push(token);
      await by.post(`/api/v1/invitations/${token}/accept`).send({}).expect(201);
    };
    await invite('owner', returning);
    await clock.advance(SECOND);
    const kept = await create({ name: 'Made before leaving', scopes: ['read_teams'] }, returning);
    await key(kept.secret).get('/api/v1/teams').expect(200);
    await owner.delete(`/api/v1/users/${userId}`).expect(204);
    await key(kept.secret).get('/api/v1/teams').expect(401);
    await clock.advance(SECOND);
    // signed in again (the last session was in the organization they left), then back in it as a member
    const back = await signIn(app.url, email, PASSWORD);
    await invite('member', back);
    await back.get('/api/v1/teams').expect(200);
    await key(kept.secret).get('/api/v1/teams').expect(401);
  });

  it('needs no CSRF header with a key, while a cookie without it is refused', async () => {
    const created = await create({ name: 'No CSRF', scopes: ['manage_teams'] });
    await key(created.secret).post('/api/v1/teams').send({ name: 'Keyed team' }).expect(201);
    await request(app.url).post('/api/v1/teams').set('Cookie', owner.cookie).send({ name: 'Forged' }).expect(403);
  });

  it('refuses bad input with field messages, writing nothing', async () => {
    const before = (await owner.get(API_KEYS_API).expect(200)).body.pagination.total;
    const bad = await owner
      .post(API_KEYS_API)
      .send({ name: ' ', scopes: ['read_alerts', '__proto__'], team_id: 'nope', expires_at: '2020-01-01T00:00:00Z' })
      .expect(400);
    expect(bad.body.fields).toEqual({
      name: ['name is a required field'],
      scopes: ["scopes: '__proto__' is not a permission"],
      team_id: ['team_id must be a team of the organization'],
      expires_at: ['expires_at must be an ISO-8601 instant in the future'],
    });
    for (const body of [
      {},
      { name: 'x', scopes: 'read_alerts' },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: [1] },
      { name: 'x', scopes: ['read_alerts'], expires_at: 'tomorrow' },
      { name: 'x'.repeat(101), scopes: ['read_alerts'] },
      { name: 'x', scopes: ['read_alerts'], team_id: 7 },
    ]) {
      const response = await owner.post(API_KEYS_API).send(body);
      expect([body, response.status, typeof response.body.fields]).toEqual([body, 400, 'object']);
    }
    const id = (await create({ name: 'To rotate', scopes: ['read_teams'] })).id;
    for (const until of ['soon', new Date(clock.now() - SECOND).toISOString(), '2999-01-01T00:00:00Z']) {
      const response = await owner.post(apiKeyRotatePath(id)).send({ previous_valid_until: until }).expect(400);
      expect(response.body.fields).toHaveProperty('previous_valid_until');
    }
    expect((await owner.get(API_KEYS_API).expect(200)).body.pagination.total).toBe(before + 1);
  });

  it('lets owners alone see and manage keys', async () => {
    const id = (await create({ name: 'Owners only', scopes: ['read_teams'] })).id;
    for (const role of ROLES) {
      const client = await signInAs(app.url, role);
      const owns = permissionsOf(role).includes('manage_api_keys');
      expect([role, (await client.get(API_KEYS_API)).status]).toEqual([role, owns ? 200 : 403]);
      expect([role, (await client.get(apiKeyPath(id))).status]).toEqual([role, owns ? 200 : 403]);
      if (owns) continue;
      expect((await client.post(API_KEYS_API).send({ name: 'x', scopes: ['read_teams'] })).status).toBe(403);
      expect((await client.post(apiKeyRotatePath(id)).send({})).status).toBe(403);
      expect((await client.delete(apiKeyPath(id))).status).toBe(403);
    }
  });

  it("answers 404 for another organization's key, and its key finds nothing of ours", async () => {
    const ours = await create({ name: 'Ours', scopes: ['read_teams'] });
    const { client: other } = await registerOrg(app.url, `keys-${Date.now()}@example.com`, 'Other keys org');
    await other.get(apiKeyPath(ours.id)).expect(404);
    await other.post(apiKeyRotatePath(ours.id)).send({}).expect(404);
    await other.delete(apiKeyPath(ours.id)).expect(404);
    expect((await other.get(API_KEYS_API).expect(200)).body.data).toEqual([]);
    const theirs = (
      await other
        .post(API_KEYS_API)
        .send({ name: 'Theirs', scopes: ['read_api_keys'] })
        .expect(201)
    ).body.data as ApiKeyWithSecret;
    secrets.push(theirs.secret);
    await key(theirs.secret).get(apiKeyPath(ours.id)).expect(404);
    expect((await key(theirs.secret).get(API_KEYS_API).expect(200)).body.data.map((k: ApiKey) => k.name)).toEqual([
      'Theirs',
    ]);
    await key(ours.secret).get('/api/v1/teams').expect(200);
  });

  it("is rotated by its owner alone: another owner is refused the new secret, which would act as the key's owner", async () => {
    const viewerId = demoUserId('viewer');
    await owner.patch(`/api/v1/users/${viewerId}`).send({ role: 'owner' }).expect(200);
    try {
      const other = await signIn(app.url, demoEmail('viewer'));
      const theirs = await create({ name: 'Not yours to rotate', scopes: ['read_users'] }, other);
      const refused = await owner.post(apiKeyRotatePath(theirs.id)).send({}).expect(403);
      expect(refused.body.message).toBe(API_KEY_MESSAGES.rotateOthers);
      expect(JSON.stringify(refused.body)).not.toContain('tocsin_');
      await key(theirs.secret).get('/api/v1/users').expect(200);
      // its owner rotates it; any owner may still revoke it
      const rotated = (await other.post(apiKeyRotatePath(theirs.id)).send({}).expect(201)).body
        .data as ApiKeyWithSecret;
      secrets.push(rotated.secret);
      await owner.delete(apiKeyPath(theirs.id)).expect(204);
      await key(rotated.secret).get('/api/v1/users').expect(401);
    } finally {
      await owner.patch(`/api/v1/users/${viewerId}`).send({ role: 'viewer' }).expect(200);
    }
  });

  // last: it removes the demo member
  it("loses the power its owner loses: a demoted owner's key is refused what the role no longer holds, a removed owner's key everything", async () => {
    const memberId = demoUserId('member');
    await owner.patch(`/api/v1/users/${memberId}`).send({ role: 'owner' }).expect(200);
    const promoted = await signIn(app.url, demoEmail('member'));
    const created = await create({ name: 'Outranks its owner later', scopes: ['read_users', 'read_teams'] }, promoted);
    const machine = key(created.secret);
    await machine.get('/api/v1/users').expect(200);

    await owner.patch(`/api/v1/users/${memberId}`).send({ role: 'member' }).expect(200);
    expect((await machine.get('/api/v1/users').expect(403)).body.permission).toBe('read_users');
    await machine.get('/api/v1/teams').expect(200);

    await owner.delete(`/api/v1/users/${memberId}`).expect(204);
    await machine.get('/api/v1/teams').expect(401);
  });

  it('never writes a secret to the logs', () => {
    expect(secrets.length).toBeGreaterThan(5);
    const logged = lines.join('');
    expect(logged).toContain('request completed');
    for (const secret of secrets) expect(logged).not.toContain(secret.slice('tocsin_'.length));
  });
});
