import { io } from 'socket.io-client';
import { SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

/**
 * For every endpoint that reads or changes organization data: a user of another organization can
 * neither read nor change it, and ids that are not theirs answer 404 (never 403, which would confirm
 * they exist).
 */
describe('tenant isolation', () => {
  let app: TestApp;
  let demo: Client;
  let other: Client;
  let demoItemId: string;
  const items = '/api/v1/signals/notification_policy_items';

  beforeAll(async () => {
    app = await startApp();
    demo = await signInAs(app.url, 'owner');
    const email = `other-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'other-org-secret', organization_name: 'Other Org' });
    other = await signIn(app.url, email, 'other-org-secret');
    demoItemId = (
      await demo
        .post(items)
        .send({ priority: 'HIGH', notification_group_method: 'voice', max_delay: 'PT1M' })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => app.close());

  it('policy items: another organization sees none and cannot change or delete them (404)', async () => {
    expect((await other.get(items).expect(200)).body.data).toEqual([]);
    const patched = await other.patch(`${items}/${demoItemId}`).send({ max_delay: 'PT1H' }).expect(404);
    expect(patched.body).toEqual({ error: 'not_found', message: 'Notification policy item not found' });
    await other.delete(`${items}/${demoItemId}`).expect(404);
    const mine = (await demo.get(items).expect(200)).body.data.find((i: { id: string }) => i.id === demoItemId);
    expect(mine.max_delay).toBe('PT1M');
  });

  it('alert grouping: another organization sees none of its rules or groups and cannot change them (404)', async () => {
    const teamId = (
      await demo
        .post('/api/v1/teams')
        .send({ name: `Grouped ${Date.now()}` })
        .expect(201)
    ).body.data.id;
    const rules = '/api/v1/signals/alert_grouping';
    const rule = (
      await demo
        .post(rules)
        .send({ team_id: teamId, name: 'By summary', fields: ['summary'], window: 'PT5M' })
        .expect(201)
    ).body.data;
    expect((await other.get(rules).expect(200)).body.data).toEqual([]);
    await other.get(`${rules}/${rule.id}`).expect(404);
    await other.patch(`${rules}/${rule.id}`).send({ window: 'PT1H' }).expect(404);
    await other.delete(`${rules}/${rule.id}`).expect(404);
    await other
      .post(rules)
      .send({ team_id: teamId, name: 'Theirs', fields: ['summary'], window: 'PT5M' })
      .expect(404);
    expect((await other.get('/api/v1/signals/alert_groups').expect(200)).body.data).toEqual([]);
    expect((await demo.get(`${rules}/${rule.id}`).expect(200)).body.data.window).toBe('PT5M');
  });

  it("history: another organization's events, streams and views are invisible", async () => {
    const page = await other.get('/api/v1/history').query({ per_page: 500 }).expect(200);
    expect(page.body.data.every((e: { metadata: { orgId: string } }) => e.metadata.orgId !== 'org-demo')).toBe(true);
    expect(page.body.data.some((e: { type: string }) => e.type === 'OrganizationCreated')).toBe(true);
    await other.get(`/api/v1/history/streams/notificationPolicyItem-${demoItemId}`).expect(404);
    await demo.get(`/api/v1/history/streams/notificationPolicyItem-${demoItemId}`).expect(200);
    const asOf = await other
      .get('/api/v1/history/as_of')
      .query({ view: 'notification-policy-items', position: 100000 })
      .expect(200);
    expect(asOf.body.data.collections.notification_policy_items).toEqual([]);
  });

  it('history never shows password hashes', async () => {
    const page = await demo.get('/api/v1/history').query({ type: 'UserRegistered', per_page: 10 }).expect(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    for (const event of page.body.data) expect(event.data.passwordHash).toBe('[redacted]');
  });

  it("live notices: a socket of another organization does not hear this one's changes", async () => {
    const theirs = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: other.cookie },
    });
    const ours = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: demo.cookie } });
    const heard: ViewChangedNotice[] = [];
    theirs.on(SocketEvents.viewChanged, (n: ViewChangedNotice) => heard.push(n));
    await Promise.all([
      new Promise((r) => theirs.once(SocketEvents.resync, r)),
      new Promise((r) => ours.once(SocketEvents.resync, r)),
    ]);
    const oursHeard = new Promise<ViewChangedNotice>((resolve) => ours.on(SocketEvents.viewChanged, resolve));
    await demo.post(items).send({ priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' }).expect(201);
    await oursHeard;
    expect(heard).toEqual([]);
    theirs.disconnect();
    ours.disconnect();
  });
});
