import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { CSRF_HEADER, Rooms, SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import { ManualClock } from '@tocsin/platform';
import { organizationCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { ProjectionProgress } from '../../apps/api/src/shared/projection-progress';
import { systemContext } from '../../apps/api/src/shared/request-context';
import { startApp, type TestApp } from '../support/app';
import { csrfFrom, DEMO_PASSWORD, demoEmail, signInAs, type Client } from '../support/session';

/** A client for the session a response just set (a staff session). */
function clientFromCookies(url: string, setCookie: string[]): Client {
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  const csrf = csrfFrom(setCookie);
  const agent = request.agent(url);
  return {
    agent,
    cookie,
    url,
    get: (path: string) => agent.get(path).set('Cookie', cookie),
    post: (path: string) => agent.post(path).set('Cookie', cookie).set(CSRF_HEADER, csrf),
    put: (path: string) => agent.put(path).set('Cookie', cookie).set(CSRF_HEADER, csrf),
    patch: (path: string) => agent.patch(path).set('Cookie', cookie).set(CSRF_HEADER, csrf),
    delete: (path: string) => agent.delete(path).set('Cookie', cookie).set(CSRF_HEADER, csrf),
  };
}

/** The demo viewer is a Tocsin operator here: the rights to `ops` (owners) and to global views (operators) differ. */
const OPERATOR = demoEmail('viewer');
const GUARD_MS = 5000;

function once<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${GUARD_MS} ms`)), GUARD_MS);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every view change the socket hears; `until` resolves at the first one naming `id`. */
function listen(socket: Socket) {
  const heard: ViewChangedNotice[] = [];
  const waiting: Array<{ id: string; resolve: () => void }> = [];
  socket.on(SocketEvents.viewChanged, (notice: ViewChangedNotice) => {
    heard.push(notice);
    for (const w of waiting.filter((w) => notice.ids.includes(w.id))) w.resolve();
  });
  const until = (id: string) =>
    new Promise<void>((resolve, reject) => {
      if (heard.some((n) => n.ids.includes(id))) return resolve();
      const timer = setTimeout(() => reject(new Error(`no notice naming ${id} within ${GUARD_MS} ms`)), GUARD_MS);
      waiting.push({ id, resolve: () => (clearTimeout(timer), resolve()) });
    });
  return { heard, until };
}

const newItem = async (client: Client) =>
  (
    await client
      .post('/api/v1/signals/notification_policy_items')
      .send({ priority: 'LOW', notification_group_method: 'email', max_delay: 'PT5M' })
      .expect(201)
  ).body.data.id as string;

describe('socket access: a socket lives only as long as its session, and joins only rooms its user may read', () => {
  let app: TestApp;
  const sockets: Socket[] = [];

  /** A connected socket of the session in `cookie`, after its first resync. */
  const connect = async (cookie: string, options: { reconnection?: boolean } = {}) => {
    const socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 50,
      extraHeaders: { cookie },
      ...options,
    });
    sockets.push(socket);
    await once(socket, SocketEvents.resync);
    return socket;
  };
  const userIdOf = async (client: Client) => (await client.get('/api/v1/me').expect(200)).body.data.user.id as string;

  beforeAll(async () => {
    app = await startApp({ env: { ADMIN_EMAILS: OPERATOR } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => app.close());

  describe('the session ends, the socket goes', () => {
    it("signing out (DELETE /sessions) disconnects that session's sockets; another session of the user keeps its own", async () => {
      const [leaving, staying] = [await signInAs(app.url, 'owner'), await signInAs(app.url, 'owner')];
      const [gone, kept] = [await connect(leaving.cookie), await connect(staying.cookie)];
      const closed = once<string>(gone, 'disconnect');
      await leaving.delete('/sessions').expect(204);
      await expect(closed).resolves.toBe('io server disconnect');

      const { until } = listen(kept);
      await until(await newItem(staying));
      expect(kept.connected).toBe(true);
    });

    it('a password change disconnects the sockets of the other sessions, not of the one that made it', async () => {
      const [changing, other] = [await signInAs(app.url, 'member'), await signInAs(app.url, 'member')];
      const [mine, theirs] = [await connect(changing.cookie), await connect(other.cookie)];
      const closed = once<string>(theirs, 'disconnect');
      const change = (from: string, to: string) =>
        changing
          .put('/api/v1/account/password')
          .send({ current_password: from, password: to, password_confirmation: to })
          .expect(204);
      await change(DEMO_PASSWORD, 'a-new-password-1');
      await expect(closed).resolves.toBe('io server disconnect');
      await change('a-new-password-1', DEMO_PASSWORD);

      const owner = await signInAs(app.url, 'owner');
      const { until } = listen(mine);
      await until(await newItem(owner));
      expect(mine.connected).toBe(true);
    });

    it('exiting a staff session (GET /sessions from the banner) disconnects the staff sockets', async () => {
      const operator = await signInAs(app.url, 'viewer');
      const started = await operator.post('/api/v1/staff_sessions').send({ organization_id: 'org-demo' }).expect(201);
      const staff = clientFromCookies(app.url, started.headers['set-cookie'] as unknown as string[]);
      const socket = await connect(staff.cookie);
      const closed = once<string>(socket, 'disconnect');
      await staff.get('/sessions').set('Sec-Fetch-Site', 'same-origin').expect(303);
      await expect(closed).resolves.toBe('io server disconnect');
    });

    it('a reconnect passes the session check again: a session revoked while the socket was away cannot recover its rooms', async () => {
      // control: the same drop and reconnect with the session alive recovers the socket's state
      const alive = await signInAs(app.url, 'owner');
      const recovering = await connect(alive.cookie, { reconnection: false });
      const dropped = once<string>(recovering, 'disconnect');
      recovering.io.engine.close();
      await dropped;
      const back = once(recovering, 'connect');
      recovering.connect();
      await back;
      expect(recovering.recovered).toBe(true);

      const revoked = await signInAs(app.url, 'owner');
      const socket = await connect(revoked.cookie, { reconnection: false });
      const lost = once<string>(socket, 'disconnect');
      socket.io.engine.close();
      await lost;
      await revoked.delete('/sessions').expect(204);
      const refused = once<Error>(socket, 'connect_error');
      socket.connect();
      await expect(refused).resolves.toMatchObject({ message: 'unauthorized' });
      expect(socket.connected).toBe(false);
    });

    it('removing a member from the organization disconnects their sockets', async () => {
      const [owner, collaborator] = [await signInAs(app.url, 'owner'), await signInAs(app.url, 'collaborator')];
      const socket = await connect(collaborator.cookie);
      const closed = once<string>(socket, 'disconnect');
      await owner.delete(`/api/v1/users/${await userIdOf(collaborator)}`).expect(204);
      await expect(closed).resolves.toBe('io server disconnect');
      const again = io(app.url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: collaborator.cookie },
      });
      sockets.push(again);
      await expect(once<Error>(again, 'connect_error')).resolves.toMatchObject({ message: 'unauthorized' });
    });
  });

  it("switching organization (PUT /api/v1/me/organization) moves the session's sockets to the new organization's room", async () => {
    const member = await signInAs(app.url, 'member');
    const memberId = await userIdOf(member);
    const { position } = await app.app.get(Commands).run(
      organizationCommand(
        {
          type: 'CreateOrganization',
          organizationId: 'org-second',
          name: 'Second Org',
          tier: 'free',
          ownerId: memberId,
        },
        systemContext('org-second', memberId),
      ),
    );
    await app.app.get(ProjectionProgress).waitFor('memberships', position);
    const socket = await connect(member.cookie);
    const { heard, until } = listen(socket);

    const resynced = once(socket, SocketEvents.resync);
    await member.put('/api/v1/me/organization').send({ organization_id: 'org-second' }).expect(200);
    await resynced;
    heard.length = 0;
    // notices go out in log order: had the socket stayed in org-demo's room, this one would come first
    const demoItem = await newItem(await signInAs(app.url, 'owner'));
    await until(await newItem(member));
    expect(heard.map((n) => [n.view, n.orgId])).not.toContainEqual([expect.any(String), 'org-demo']);
    expect(heard.flatMap((n) => n.ids)).not.toContain(demoItem);
  });

  describe('rooms', () => {
    const subscribe = (socket: Socket, room: string) => socket.emitWithAck(SocketEvents.subscribe, { room });

    it.each([
      ['owner', { ok: true }],
      ['member', { ok: false, error: 'Only owners may follow the ops room.' }],
      ['viewer', { ok: false, error: 'Only owners may follow the ops room.' }],
    ] as const)("'ops' (the ops page is for owners): %s -> %j", async (role, ack) => {
      const socket = await connect((await signInAs(app.url, role)).cookie);
      await expect(subscribe(socket, Rooms.ops)).resolves.toEqual(ack);
    });

    it('a refused socket hears nothing of the ops room', async () => {
      const member = await connect((await signInAs(app.url, 'member')).cookie);
      const owner = await connect((await signInAs(app.url, 'owner')).cookie);
      let memberHeard = 0;
      member.on(SocketEvents.health, () => memberHeard++);
      await subscribe(member, Rooms.ops);
      await subscribe(owner, Rooms.ops);
      await once(owner, SocketEvents.health);
      await once(owner, SocketEvents.health);
      expect(memberHeard).toBe(0);
    });

    it.each([
      ['viewer', Rooms.view('users'), { ok: true }],
      ['viewer', Rooms.view('phones'), { ok: true }],
      ['owner', Rooms.view('users'), { ok: false, error: 'Only Tocsin operators may follow view "users".' }],
      [
        'member',
        Rooms.view('alternative_emails'),
        { ok: false, error: 'Only Tocsin operators may follow view "alternative_emails".' },
      ],
      [
        'owner',
        Rooms.view('notification-policy-items'),
        {
          ok: false,
          error:
            'View "notification-policy-items" belongs to organizations: its changes come through your organization\'s room.',
        },
      ],
      [
        'viewer',
        Rooms.view('memberships'),
        {
          ok: false,
          error: 'View "memberships" belongs to organizations: its changes come through your organization\'s room.',
        },
      ],
      ['owner', Rooms.view('no-such-view'), { ok: false, error: 'Unknown room "view:no-such-view"' }],
      ['owner', 'session:anything', { ok: false, error: 'Unknown room "session:anything"' }],
      ['owner', Rooms.user('someone-else'), { ok: false, error: 'Unknown room "user:someone-else"' }],
    ] as const)("'view:*' (global views, operators only): %s asks for %s -> %j", async (role, room, ack) => {
      const socket = await connect((await signInAs(app.url, role)).cookie);
      await expect(subscribe(socket, room)).resolves.toEqual(ack);
    });

    it("an operator following a global view hears its changes; the person's own organization room does not carry them", async () => {
      const operator = await connect((await signInAs(app.url, 'viewer')).cookie);
      await expect(subscribe(operator, Rooms.view('alternative_emails'))).resolves.toEqual({ ok: true });
      const owner = await signInAs(app.url, 'owner');
      const ownerSocket = await connect(owner.cookie);
      const ownerHeard = listen(ownerSocket).heard;
      const heard = listen(operator);
      const id = (
        await owner
          .post('/internal_api/v1/alternative_emails')
          .send({ email: 'owner-elsewhere@example.com' })
          .expect(201)
      ).body.data.id as string;
      await heard.until(id);
      const notice = heard.heard.find((n) => n.ids.includes(id));
      expect(notice).toMatchObject({ view: 'alternative_emails' });
      expect(notice!.orgId || null).toBeNull();
      expect(ownerHeard.some((n) => n.ids.includes(id))).toBe(false);
    });
  });

  describe("GET /sessions (the staff banner's exit link) changes state only for this site's navigations", () => {
    const staffSession = async () => {
      const operator = await signInAs(app.url, 'viewer');
      const started = await operator.post('/api/v1/staff_sessions').send({ organization_id: 'org-demo' }).expect(201);
      return clientFromCookies(app.url, started.headers['set-cookie'] as unknown as string[]);
    };
    const isStaff = async (staff: Client) =>
      (await request(app.url).get('/api/v1/me').set('Cookie', staff.cookie)).status === 200;

    it.each([
      ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
      ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }],
      ['no Sec-Fetch-Site, another Referer', { Referer: 'https://evil.example/page' }],
      ['no Sec-Fetch-Site, another Origin', { Origin: 'https://evil.example' }],
      ['neither header nor Referer', {}],
    ])('%s: redirects home and ends nothing', async (_, headers) => {
      const staff = await staffSession();
      const response = await staff.get('/sessions').set(headers).expect(303);
      expect(response.headers.location).toBe('/');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await isStaff(staff)).toBe(true);
    });

    it.each([
      ['Sec-Fetch-Site same-origin', () => ({ 'Sec-Fetch-Site': 'same-origin' })],
      ['Sec-Fetch-Site none (typed or bookmarked)', () => ({ 'Sec-Fetch-Site': 'none' })],
      ['no Sec-Fetch-Site, this site as Referer', () => ({ Referer: `${app.url}/incidents` })],
    ])('%s: ends the staff session', async (_, headers) => {
      const staff = await staffSession();
      const response = await staff.get('/sessions').set(headers()).expect(303);
      expect(response.headers.location).toBe('/');
      expect(response.headers['set-cookie']).toBeDefined();
      expect(await isStaff(staff)).toBe(false);
    });

    it('signed out, it still sends the browser to sign in', async () => {
      const response = await request(app.url).get('/sessions').set('Sec-Fetch-Site', 'cross-site').expect(303);
      expect(response.headers.location).toBe('/sessions/new');
    });
  });
});

describe('socket access: session expiry', () => {
  const clock = new ManualClock(Date.now());
  let app: TestApp;
  let socket: Socket | undefined;

  beforeAll(async () => {
    app = await startApp({ clock });
  });
  afterAll(async () => {
    socket?.disconnect();
    await app.close();
  });

  it('disconnects the socket when its session expires (14 days)', async () => {
    const owner = await signInAs(app.url, 'owner');
    socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: owner.cookie },
    });
    await once(socket, SocketEvents.resync);
    // 13 days of the clock fire every minute's timers in order (the auditor's and shift notices' ticks): the wait
    // for the disconnect starts after them
    await clock.advance(13 * 86_400_000);
    expect(socket.connected).toBe(true);
    const closed = once<string>(socket, 'disconnect');
    await clock.advance(86_400_000 + 1);
    await expect(closed).resolves.toBe('io server disconnect');
    await owner.get('/api/v1/me').expect(401);
    // 14 days of minute ticks: 7.5 s on a quiet machine, over 30 s once while the two cores ran a benchmark too
  }, 120_000);
});
