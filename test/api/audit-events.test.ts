import type { AuditEvent } from '@tocsin/contracts';
import {
  API_KEYS_API,
  apiKeyPath,
  AUDIT_EVENTS_API,
  AUDIT_EVENTS_EXPORT_API,
  AUDIT_EVENTS_FEED_API,
} from '@tocsin/contracts';
import { ROLES } from '@tocsin/domain';
import { createHash, randomUUID } from 'node:crypto';
import { startApp, type TestApp } from '../support/app';
import { keyClient, signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

/** The raw text of a streamed answer (NDJSON and CSV are not parsed by supertest). */
const text = (test: ReturnType<Client['get']>) =>
  test.buffer(true).parse((res, done) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => done(null, body));
  });
const ndjson = (body: string): AuditEvent[] =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEvent);

describe('audit events', () => {
  let app: TestApp;
  let owner: Client;
  let other: Client;
  let ownerId: string;
  const items = '/api/v1/signals/notification_policy_items';
  const addItem = (max_delay = 'PT5M') =>
    owner.post(items).send({ priority: 'LOW', notification_group_method: 'email', max_delay }).expect(201);

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    ownerId = (await owner.get('/api/v1/me').expect(200)).body.data.user.id;
    other = await signUpOtherOwner(app.url, 'audit-other');
  });
  afterAll(() => app.close());

  it('lists the changes with actor, time, resource and correlation, newest first', async () => {
    const id = (await addItem('PT7M')).body.data.id as string;
    const { body } = await owner.get(AUDIT_EVENTS_API).query({ per_page: 1 }).expect(200);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      cursor: expect.any(String),
      type: 'PolicyItemCreated',
      occurred_at: expect.any(String),
      organization_id: 'org-demo',
      actor: { kind: 'person', id: ownerId, via: 'web' },
      resource: { kind: 'notificationPolicyItem', id },
      correlation_id: expect.any(String),
      data: expect.objectContaining({ max_delay: 'PT7M' }),
    });
    expect(body.pagination).toEqual({ per_page: 1, next_cursor: body.data[0].cursor });
    const me = (await owner.get('/api/v1/me').expect(200)).body.data.user;
    expect(body.names).toEqual({ [ownerId]: me.name || me.email });
  });

  it('pages by cursor with no overlap and no gap, and filters by actor, type, resource and time', async () => {
    for (const delay of ['PT1M', 'PT2M', 'PT3M', 'PT4M']) await addItem(delay);
    const all = (
      await owner.get(AUDIT_EVENTS_API).query({ resource: 'notificationPolicyItem', per_page: 500 }).expect(200)
    ).body.data as AuditEvent[];
    const paged: AuditEvent[] = [];
    for (let cursor: string | undefined; ;) {
      const { body } = await owner
        .get(AUDIT_EVENTS_API)
        .query({ resource: 'notificationPolicyItem', per_page: 2, ...(cursor && { cursor }) })
        .expect(200);
      paged.push(...body.data);
      if (!body.pagination.next_cursor) break;
      cursor = body.pagination.next_cursor;
    }
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(all.every((e) => e.resource.kind === 'notificationPolicyItem')).toBe(true);

    const one = all[0].resource.id;
    const byResource = await owner.get(AUDIT_EVENTS_API).query({ resource: `notificationPolicyItem-${one}` });
    expect(byResource.body.data.map((e: AuditEvent) => e.resource.id)).toEqual([one]);
    const byType = await owner.get(AUDIT_EVENTS_API).query({ type: 'UserRegistered', per_page: 500 }).expect(200);
    expect(byType.body.data.length).toBeGreaterThan(0);
    expect(byType.body.data.every((e: AuditEvent) => e.type === 'UserRegistered')).toBe(true);
    const byActor = await owner.get(AUDIT_EVENTS_API).query({ actor: ownerId, per_page: 500 }).expect(200);
    expect(byActor.body.data.every((e: AuditEvent) => e.actor.id === ownerId)).toBe(true);
    const at = all[1].occurred_at;
    const inTime = await owner.get(AUDIT_EVENTS_API).query({ from: at, to: at, per_page: 500 }).expect(200);
    expect(inTime.body.data.map((e: AuditEvent) => e.occurred_at)).toEqual(inTime.body.data.map(() => at));
    expect(inTime.body.data.map((e: AuditEvent) => e.id)).toContain(all[1].id);
  });

  it('exports NDJSON and CSV, bounded, each line with the cursor that continues it', async () => {
    const first = await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', limit: 3 })).expect(200);
    expect(first.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(first.headers['content-disposition']).toBe('attachment; filename="audit-events.ndjson"');
    const lines = ndjson(first.body as string);
    expect(lines).toHaveLength(3);
    const rest = await text(
      owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', limit: 10000, after: lines[2].cursor }),
    ).expect(200);
    const everything = await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', limit: 10000 }));
    expect([...lines, ...ndjson(rest.body as string)].map((e) => e.id)).toEqual(
      ndjson(everything.body as string).map((e) => e.id),
    );

    const csv = await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'csv', limit: 2 })).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = (csv.body as string).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'cursor,id,occurred_at,organization_id,type,actor_kind,actor_id,actor_via,resource_kind,resource_id,correlation_id,data',
    );
    expect(rows).toHaveLength(3);
    expect(rows[1].startsWith(`${lines[0].cursor},${lines[0].id},`)).toBe(true);
  });

  it('feeds a SIEM every event once, in order, resuming from any cursor while changes arrive', async () => {
    const start = (await owner.get(AUDIT_EVENTS_API).query({ per_page: 1 }).expect(200)).body.data[0].cursor;
    const writing = (async () => {
      for (let i = 1; i <= 12; i++) await addItem(`PT${i}M`);
    })();
    const fed: AuditEvent[] = [];
    let cursor = start as string;
    let done = false;
    void writing.then(() => (done = true));
    for (let round = 0; round < 100; round++) {
      const wasDone = done;
      const response = await text(
        owner.get(AUDIT_EVENTS_FEED_API).query({ after: cursor, limit: 5, wait: 'PT1S' }),
      ).expect(200);
      const got = ndjson(response.body as string);
      fed.push(...got);
      if (got.length > 0) cursor = got[got.length - 1].cursor;
      else if (wasDone) break;
    }
    await writing;
    const expected = await text(
      owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', after: start, limit: 10000 }),
    );
    const ids = fed.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(ndjson(expected.body as string).map((e) => e.id));
    expect(fed.filter((e) => e.type === 'PolicyItemCreated')).toHaveLength(12);
  });

  it('holds at most four feeds open for one organization; a fifth is told to come back, another organization is not', async () => {
    const newest = (await owner.get(AUDIT_EVENTS_API).query({ per_page: 1 }).expect(200)).body.data[0].cursor;
    // started now (a supertest request waits for its then): four feeds waiting for news
    const waiting = Array.from({ length: 4 }, () =>
      text(owner.get(AUDIT_EVENTS_FEED_API).query({ after: newest, wait: 'PT30S' }))
        .expect(200)
        .then((response) => ndjson(response.body as string)),
    );
    let refused: { status: number; headers: Record<string, string>; body: string } | null = null;
    for (let round = 0; round < 50 && !refused; round++) {
      const fifth = await text(owner.get(AUDIT_EVENTS_FEED_API).query({ after: newest, wait: 'PT0S' }));
      if (fifth.status === 429) refused = fifth as never;
      else expect(fifth.status).toBe(200);
    }
    expect(refused?.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused?.body ?? '{}').message).toMatch(/already has 4 audit feeds open/);
    const theirs = (await other.get(AUDIT_EVENTS_API).query({ per_page: 1 }).expect(200)).body.data[0].cursor;
    await text(other.get(AUDIT_EVENTS_FEED_API).query({ after: theirs, wait: 'PT0S' })).expect(200);
    // news ends the four; a feed opens again
    await addItem('PT17M');
    for (const news of await Promise.all(waiting)) expect(news.map((e) => e.type)).toEqual(['PolicyItemCreated']);
    await text(owner.get(AUDIT_EVENTS_FEED_API).query({ after: newest, wait: 'PT0S' })).expect(200);
  });

  it('waits for news and answers with it; with none, ends when the wait is over', async () => {
    const newest = (await owner.get(AUDIT_EVENTS_API).query({ per_page: 1 }).expect(200)).body.data[0].cursor;
    const waiting = text(owner.get(AUDIT_EVENTS_FEED_API).query({ after: newest, wait: 'PT30S' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await addItem('PT9M');
    // the news ends the answer: the caller asks again from its cursor (the test's own timeout is well below 30 s)
    const response = await waiting.expect(200);
    const news = ndjson(response.body as string);
    expect(news.map((e) => e.type)).toEqual(['PolicyItemCreated']);
    const began = Date.now();
    const quiet = await text(owner.get(AUDIT_EVENTS_FEED_API).query({ after: news[0].cursor, wait: 'PT2S' })).expect(
      200,
    );
    expect(quiet.body).toBe('');
    expect(Date.now() - began).toBeGreaterThanOrEqual(1900);
  });

  it('never shows secrets, and shows personal data to owners', async () => {
    const body = (await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', limit: 10000 }))).body;
    expect(body).not.toMatch(/\$argon2/);
    const registered = ndjson(body as string).filter((e) => e.type === 'UserRegistered');
    expect(registered.length).toBeGreaterThan(0);
    for (const event of registered) {
      expect(event.data).toMatchObject({ passwordHash: '[redacted]', email: expect.stringContaining('@') });
    }
  });

  it('never shows an API key: neither its secret nor its hash, before or after a rotation; its uses are its own', async () => {
    const created = (
      await owner
        .post(API_KEYS_API)
        .send({ name: 'SIEM exporter', scopes: ['read_alerts', 'manage_organization_notification_policies'] })
        .expect(201)
    ).body.data as { id: string; secret: string };
    const rotated = (
      await owner
        .post(`${apiKeyPath(created.id)}/rotate`)
        .send({ previous_valid_until: new Date(Date.now() + 3_600_000).toISOString() })
        .expect(201)
    ).body.data as { secret: string };
    const machine = keyClient(app.url, rotated.secret);
    await machine
      .post(items)
      .send({ priority: 'LOW', notification_group_method: 'email', max_delay: 'PT8M' })
      .expect(201);
    const body = (await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', limit: 10000 })))
      .body as string;
    const csv = (await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'csv', limit: 10000 }))).body as string;
    for (const secret of [created.secret, rotated.secret]) {
      const digest = createHash('sha256').update(secret).digest();
      for (const text of [body, csv])
        for (const shown of [secret, secret.slice(7), digest.toString('hex'), digest.toString('base64url')])
          expect(text).not.toContain(shown);
    }
    const events = ndjson(body);
    const made = events.find((e) => e.type === 'ApiKeyCreated');
    expect(made).toBeDefined();
    const byKey = events.filter((e) => e.actor.kind === 'key');
    expect(byKey.map((e) => e.type)).toContain('PolicyItemCreated');
    expect(byKey.every((e) => e.actor.id === created.id)).toBe(true);
    // the list names the key by its name, never by anything secret
    const page = (await owner.get(AUDIT_EVENTS_API).query({ type: 'PolicyItemCreated', per_page: 1 }).expect(200)).body;
    expect(page.data[0].actor).toEqual({ kind: 'key', id: created.id, via: 'key' });
    expect(page.names).toEqual({ [created.id]: 'SIEM exporter' });
  });

  it("never shows another organization's events, whatever the filter or cursor", async () => {
    const theirs = (await text(other.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', limit: 10000 }))).body;
    const events = ndjson(theirs as string);
    expect(events.some((e) => e.type === 'OrganizationCreated')).toBe(true);
    // organization_id is the reader's own: compare the events themselves
    const mine = ndjson(
      (await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', limit: 10000 }))).body as string,
    ).map((e) => e.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(events.filter((e) => mine.includes(e.id))).toEqual([]);
    const ours = (await owner.get(AUDIT_EVENTS_API).query({ per_page: 1 }).expect(200)).body.data[0] as AuditEvent;
    const probe = await other
      .get(AUDIT_EVENTS_API)
      .query({ resource: `${ours.resource.kind}-${ours.resource.id}`, actor: ownerId })
      .expect(200);
    expect(probe.body.data).toEqual([]);
    const fed = await text(other.get(AUDIT_EVENTS_FEED_API).query({ wait: 'PT0S', limit: 5000 })).expect(200);
    expect(ndjson(fed.body as string).map((e) => e.id)).not.toContain(ours.id);
  });

  it.each(ROLES.filter((role) => role !== 'owner'))('refuses a %s (read_audit_events is for owners)', async (role) => {
    const client = await signInAs(app.url, role);
    for (const path of [AUDIT_EVENTS_API, AUDIT_EVENTS_FEED_API, `${AUDIT_EVENTS_EXPORT_API}?format=csv`])
      await client.get(path).expect(403);
  });

  it('is not there when the organization turns auditEvents off', async () => {
    const flag = '/api/v1/organization/feature_flags/auditEvents';
    await owner.put(flag).send({ enabled: false }).expect(200);
    try {
      const { body } = await owner.get(AUDIT_EVENTS_API).expect(404);
      expect(body.message).toBe('Audit events are not turned on for this organization');
      await owner.get(AUDIT_EVENTS_FEED_API).expect(404);
    } finally {
      await owner.put(flag).send({ enabled: true }).expect(200);
    }
  });

  it('reads a page deep in a long log from its position, never by an offset: one read of a page and one more', async () => {
    // 1,500 changes of this organization among 3,000 of another; the deep page starts near the oldest
    const events = app.runtime.infra.eventStore;
    const batch = (orgId: string, n: number) =>
      Array.from({ length: n }, () => ({
        id: randomUUID(),
        type: 'AuditLoadTested',
        data: {},
        metadata: {
          orgId,
          actorId: null,
          commandId: randomUUID(),
          correlationId: 'load',
          causationId: 'load',
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      }));
    for (let i = 0; i < 3; i++) {
      await events.append(`auditLoad-${randomUUID()}`, batch('org-demo', 500), 'no_stream');
      await events.append(`auditLoad-${randomUUID()}`, batch('org-elsewhere', 1000), 'no_stream');
    }
    const oldest = ndjson(
      (await text(owner.get(AUDIT_EVENTS_EXPORT_API).query({ format: 'ndjson', type: 'AuditLoadTested', limit: 3 })))
        .body as string,
    );
    const reads = jest.spyOn(events, 'readAll');
    try {
      const page = (await owner.get(AUDIT_EVENTS_API).query({ per_page: 100, cursor: oldest[2].cursor }).expect(200))
        .body as { data: Array<{ cursor: string; id: string }> };
      // newest first after the cursor: the two older load events, then what came before them
      expect(page.data.slice(0, 2).map((e) => e.id)).toEqual([oldest[1].id, oldest[0].id]);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(reads.mock.calls[0][0]).toMatchObject({ maxCount: 101, direction: 'backwards' });
      expect(reads.mock.calls[0][0].after).not.toBeNull();
      expect(reads.mock.calls[0][0].filter).toMatchObject({ orgId: 'org-demo' });
    } finally {
      reads.mockRestore();
    }
  });
});
