import { io, type Socket } from 'socket.io-client';
import { SocketEvents } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { nextNotice } from '../support/view-notices';

type ComplianceBody = {
  data: {
    items: Array<{ notification_policy_item_id: string; is_compliant: boolean }>;
    settings: Array<{ id: string; display: { state: string } }>;
    unmet: Array<{ notification_policy_item_id: string }>;
    compliant: boolean;
  };
};

describe('notification compliance', () => {
  let app: TestApp;
  let owner: Client;
  let member: Client;
  let socket: Socket | undefined;
  const items = '/api/v1/signals/notification_policy_items';
  const compliance = async (client: Client) =>
    ((await client.get('/api/v1/signals_notification_settings/compliance').expect(200)).body as ComplianceBody).data;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    member = await signInAs(app.url, 'member');
  });
  afterAll(async () => {
    socket?.disconnect();
    await app.close();
  });

  it("judges the caller's settings against the policy, before and after the policy changes", async () => {
    expect(await compliance(member)).toEqual({ items: [], settings: [], unmet: [], compliant: true });

    const item = (
      await owner
        .post(items)
        .send({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' })
        .expect(201)
    ).body.data;
    let view = await compliance(member);
    expect(view.items).toEqual([{ notification_policy_item_id: item.id, is_compliant: false }]);
    expect(view.unmet.map((row) => row.notification_policy_item_id)).toEqual([item.id]);
    expect(view.compliant).toBe(false);

    const setting = {
      notification_type: 'email',
      destination: { type: 'email', value: 'member@demo.tocsin.dev' },
      delay: 'PT5M',
      notification_priority: 'HIGH',
    };
    const settingId = (await member.post('/api/v1/signals_notification_settings').send(setting).expect(201)).body.data
      .id;
    view = await compliance(member);
    expect(view).toMatchObject({
      items: [{ notification_policy_item_id: item.id, is_compliant: true }],
      unmet: [],
      compliant: true,
    });
    expect(view.settings).toMatchObject([{ id: settingId, display: { state: 'compliant' } }]);
    // the owner has no settings: the same policy leaves the owner non-compliant
    expect((await compliance(owner)).compliant).toBe(false);

    await owner.patch(`${items}/${item.id}`).send({ max_delay: 'PT1M' }).expect(200);
    view = await compliance(member);
    expect(view).toMatchObject({
      items: [{ notification_policy_item_id: item.id, is_compliant: false }],
      compliant: false,
    });
    expect(view.settings).toMatchObject([{ id: settingId, display: { state: 'non_compliant' } }]);

    await owner.delete(`${items}/${item.id}`).expect(204);
    view = await compliance(member);
    expect(view).toMatchObject({
      items: [],
      unmet: [],
      compliant: true,
      settings: [{ id: settingId, display: { state: 'no_policy' } }],
    });
  });

  it("tells a member's open page when the owner changes the policy, and the member then reads the new compliance", async () => {
    const item = (
      await owner.post(items).send({ priority: 'LOW', notification_group_method: 'any', max_delay: 'PT1H' }).expect(201)
    ).body.data;
    const setting = {
      notification_type: 'email',
      destination: { type: 'email', value: 'member@demo.tocsin.dev' },
      delay: 'PT30M',
      notification_priority: 'LOW',
    };
    await member.post('/api/v1/signals_notification_settings').send(setting).expect(201);
    expect((await compliance(member)).items).toContainEqual({
      notification_policy_item_id: item.id,
      is_compliant: true,
    });

    socket = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: member.cookie } });
    await new Promise((resolve) => socket!.once(SocketEvents.resync, resolve));
    const notice = nextNotice(socket, 'notification-compliance');
    await owner.patch(`${items}/${item.id}`).send({ max_delay: 'PT15M' }).expect(200);
    await expect(notice).resolves.toMatchObject({
      view: 'notification-compliance',
      ids: [`policy:org-demo`],
      orgId: 'org-demo',
    });
    expect((await compliance(member)).items).toContainEqual({
      notification_policy_item_id: item.id,
      is_compliant: false,
    });
  });

  it('holds members and owners to the policy and no one else: their compliance, and the organization-wide run, agree', async () => {
    const [viewer, collaborator] = [await signInAs(app.url, 'viewer'), await signInAs(app.url, 'collaborator')];
    const item = (
      await owner
        .post(items)
        .send({ priority: 'MEDIUM', notification_group_method: 'voice', max_delay: 'PT1M' })
        .expect(201)
    ).body.data;
    const uncovered = { items: [], settings: [], unmet: [], compliant: true };
    // the banner and 'Match & update all' follow `compliant`: never shown to a role the policy does not cover
    expect(await compliance(viewer)).toEqual(uncovered);
    expect(await compliance(collaborator)).toEqual(uncovered);
    const judged = await compliance(member);
    expect(judged.items).toContainEqual({ notification_policy_item_id: item.id, is_compliant: false });
    expect(judged.compliant).toBe(false);

    // a member made viewer keeps their steps, no longer judged; the run leaves them out too
    const users = (await owner.get('/api/v1/users?per_page=100').expect(200)).body.data as Array<{
      id: string;
      email: string;
    }>;
    const memberId = users.find((user) => user.email === 'member@demo.tocsin.dev')!.id;
    const ownerId = users.find((user) => user.email === 'owner@demo.tocsin.dev')!.id;
    await owner.patch(`/api/v1/users/${memberId}`).send({ role: 'viewer' }).expect(200);
    try {
      const demoted = await compliance(member);
      expect(demoted).toMatchObject({ items: [], unmet: [], compliant: true });
      expect(demoted.settings.length).toBeGreaterThan(0);
      for (const row of demoted.settings)
        expect(row.display).toEqual({ state: 'no_policy', label: 'Not covered by the policy' });

      const run = '/api/v1/signals/notification_policy/match_and_update';
      const id = (await owner.post(run).send().expect(202)).body.data.id as string;
      let job = (await owner.get(`${run}/${id}`).expect(200)).body.data;
      for (let tries = 0; job.status !== 'completed' && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await owner.get(`${run}/${id}`).expect(200)).body.data;
      }
      // only the owner is covered now (no phone for a voice step, so still not compliant)
      expect(job.result).toMatchObject({ users_total: 1, users_compliant_before: 0 });
      expect(job.result.users_not_compliant.map((user: { user_id: string }) => user.user_id)).toEqual([ownerId]);
    } finally {
      await owner.patch(`/api/v1/users/${memberId}`).send({ role: 'member' }).expect(200);
    }
    expect((await compliance(member)).compliant).toBe(false);
    await owner.delete(`${items}/${item.id}`).expect(204);
  });
});
