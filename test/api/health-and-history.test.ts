import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { API_KEYS_API } from '@tocsin/contracts';
import { keyClient, signInAs, type Client } from '../support/session';

describe('health, status and history', () => {
  let app: TestApp;
  let owner: Client;
  const items = '/api/v1/signals/notification_policy_items';

  beforeAll(async () => {
    // the demo viewer is a Tocsin operator here; the owner is not
    app = await startApp({ env: { ADMIN_EMAILS: 'viewer@demo.tocsin.dev' } });
    owner = await signInAs(app.url, 'owner');
  });
  afterAll(() => app.close());

  it('tells an anonymous caller the verdicts only: no messages, adapters, host name or versions', async () => {
    const { body } = await request(app.url).get('/infra/health').expect(200);
    expect(body).toEqual({
      status: 'healthy',
      healthy: true,
      components: { event_store: 'healthy', read_store: 'healthy', redis: 'healthy' },
    });
  });

  it('tells a signed-in member the messages and adapters, but not the host name or versions', async () => {
    const { body } = await owner.get('/infra/health').expect(200);
    expect(body).toMatchObject({
      healthy: true,
      components: { event_store: { healthy: true, message: 'sqlite event log reachable' } },
      adapters: { event_store: 'sqlite' },
    });
    expect(body).not.toHaveProperty('hostname');
    expect(body).not.toHaveProperty('version');
  });

  it("tells an operator's API key what it tells a member: a key holds its scopes, not its owner's operator status", async () => {
    const operator = await signInAs(app.url, 'viewer');
    await owner
      .patch(`/api/v1/users/${(await operator.get('/api/v1/me').expect(200)).body.data.user.id}`)
      .send({ role: 'owner' })
      .expect(200);
    const promoted = await signInAs(app.url, 'viewer');
    const { secret } = (
      await promoted
        .post(API_KEYS_API)
        .send({ name: 'Operator script', scopes: ['read_teams'] })
        .expect(201)
    ).body.data as { secret: string };
    const { body } = await keyClient(app.url, secret).get('/infra/health').expect(200);
    expect(body).toMatchObject({ healthy: true, adapters: { event_store: 'sqlite' } });
    expect(body).not.toHaveProperty('hostname');
    expect(body).not.toHaveProperty('version');
  });

  it('reports every component, the adapters and the versions to a Tocsin operator', async () => {
    const operator = await signInAs(app.url, 'viewer');
    const { body } = await operator.get('/infra/health').expect(200);
    expect(body).toMatchObject({
      healthy: true,
      components: {
        event_store: { healthy: true, message: 'sqlite event log reachable' },
        read_store: { healthy: true },
        redis: { healthy: true, message: 'not configured: embedded mode uses in-process jobs and sockets' },
      },
      adapters: {
        event_store: 'sqlite',
        read_store: 'memory',
        jobs: 'memory',
        realtime: 'socket.io',
        sessions: 'read-model',
      },
      version: { node_version: process.versions.node },
    });
    expect(typeof body.hostname).toBe('string');
    expect(body.version.nest_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.version.revision).toMatch(/^([0-9a-f]{40}|unknown)$/);
  });

  it('gives the public status with indicator none when healthy', async () => {
    const { body } = await request(app.url).get('/api/v1/status').expect(200);
    expect(body).toEqual({ status: { description: 'All Systems Operational', indicator: 'none' } });
  });

  it('pages through the history with filters, and reads a stream', async () => {
    const created: string[] = [];
    for (const max_delay of ['PT1M', 'PT2M', 'PT5M']) {
      const { body } = await owner
        .post(items)
        .send({ priority: 'LOW', notification_group_method: 'email', max_delay })
        .expect(201);
      created.push(body.data.id);
    }
    await owner.delete(`${items}/${created[0]}`).expect(204);

    const newest = await owner.get('/api/v1/history').query({ per_page: 2 }).expect(200);
    expect(newest.body.data.map((e: { type: string }) => e.type)).toEqual(['PolicyItemRemoved', 'PolicyItemCreated']);
    expect(newest.body.pagination.next_cursor).toBe(newest.body.data[1].position);
    const older = await owner
      .get('/api/v1/history')
      .query({ per_page: 2, before: newest.body.pagination.next_cursor })
      .expect(200);
    expect(older.body.data.map((e: { data: { max_delay: string } }) => e.data.max_delay)).toEqual(['PT2M', 'PT1M']);

    const onlyCreated = await owner
      .get('/api/v1/history')
      .query({ type: 'PolicyItemCreated', per_page: 100 })
      .expect(200);
    expect(onlyCreated.body.data.every((e: { type: string }) => e.type === 'PolicyItemCreated')).toBe(true);
    const forwards = await owner
      .get('/api/v1/history')
      .query({ after: 0, stream_prefix: 'notificationPolicyItem-', per_page: 100 })
      .expect(200);
    const positions = forwards.body.data.map((e: { position: number }) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(forwards.body.data[0].metadata).toMatchObject({ orgId: 'org-demo', schemaVersion: 1 });

    const stream = forwards.body.data[0].stream as string;
    const streamEvents = await owner.get(`/api/v1/history/streams/${stream}`).expect(200);
    expect(streamEvents.body.data.map((e: { revision: number }) => e.revision)).toEqual(
      streamEvents.body.data.map((_: unknown, i: number) => i),
    );

    const noneYet = await owner.get('/api/v1/history').query({ from: '2999-01-01T00:00:00Z' }).expect(200);
    expect(noneYet.body.data).toEqual([]);
  });

  it('shows a read model as of an earlier position without touching the live one', async () => {
    const { body: a } = await owner
      .post(items)
      .send({ priority: 'HIGH', notification_group_method: 'voice', max_delay: 'PT1M' })
      .expect(201);
    const { body: history } = await owner.get('/api/v1/history').query({ per_page: 1 }).expect(200);
    const position = history.data[0].position as number;
    await owner.patch(`${items}/${a.data.id}`).send({ max_delay: 'PT30M' }).expect(200);

    const asOf = await owner
      .get('/api/v1/history/as_of')
      .query({ view: 'notification-policy-items', position })
      .expect(200);
    const doc = asOf.body.data.collections.notification_policy_items.find((d: { _id: string }) => d._id === a.data.id);
    expect(doc.max_delay).toBe('PT1M');
    const live = await owner.get(items).expect(200);
    expect(live.body.data.find((d: { id: string }) => d.id === a.data.id).max_delay).toBe('PT30M');

    const views = await owner.get('/api/v1/history/views').expect(200);
    expect(views.body.data).toContainEqual(expect.objectContaining({ name: 'notification-policy-items', version: 1 }));
  });

  it('refuses bad history queries with field messages', async () => {
    const bad = await owner.get('/api/v1/history').query({ from: 'yesterday', per_page: 0 }).expect(400);
    expect(bad.body.fields.from).toEqual(['from must be an ISO-8601 date/time']);
    expect(bad.body.fields.per_page).toBeDefined();
    // a week date or a basic form passes the ISO-8601 check but is no instant the runtime reads
    for (const from of ['2024-W01-1', '20240101T000000Z'])
      expect((await owner.get('/api/v1/history').query({ from }).expect(400)).body.fields.from).toEqual([
        'from must be an ISO-8601 date/time',
      ]);
    const unknownView = await owner.get('/api/v1/history/as_of').query({ view: 'nope', position: 1 }).expect(404);
    expect(unknownView.body).toEqual({ error: 'not_found', message: 'Unknown view "nope"' });
  });

  it('serves the web app for HTML deep links and JSON 404s for unknown API paths', async () => {
    const page = await request(app.url).get('/some/deep/link').set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('<div id="root">');
    const api = await owner.get('/api/v1/nothing-here').set('Accept', 'application/json').expect(404);
    expect(api.body.error).toBe('not_found');
  });
});
