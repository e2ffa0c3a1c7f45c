import { randomUUID } from 'node:crypto';
import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import {
  roomName,
  RoomSocketEvents,
  type RoomCatchUpAck,
  type RoomEvent,
  type RoomPersonNotice,
  type RoomPresence,
  SocketEvents,
} from '@tocsin/contracts';
import { permissionsOf } from '@tocsin/domain';
import { organizationCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { LiveRooms } from '../../apps/api/src/realtime/live-rooms';
import { ProjectionProgress } from '../../apps/api/src/shared/projection-progress';
import { systemContext } from '../../apps/api/src/shared/request-context';
import { RedisPresenceStore } from '../../apps/api/src/realtime/presence-store';
import { RoomKinds } from '../../apps/api/src/realtime/room-kinds';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { DEMO_ORG, demoUserId, triggerAlert } from '../support/paging';
import { REDIS_URL, redisReachable } from '../support/redis';
import { nextEvent, socketClients } from '../support/sockets';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

/** A kind of room only this suite registers: a board whose notes are events on `board-{id}`, for collaborators and up. */
@Injectable()
class BoardRoom implements OnModuleInit {
  constructor(private readonly kinds: RoomKinds) {}
  onModuleInit(): void {
    this.kinds.register('board', {
      mayRead: async (session) => permissionsOf(session.role).includes('manage_incidents'),
      streams: async (_orgId, id) => [`board-${id}`],
      idsOf: (event) => (event.stream.startsWith('board-') ? [event.stream.slice('board-'.length)] : []),
      present: (event) => event.data,
    });
  }
}

@Module({ providers: [BoardRoom] })
class BoardModule {}

const names = (presence: RoomPresence) => presence.viewers.map((v) => v.user_id).sort();

/** Appends a note to a board's stream, as an area's command would. */
async function addNote(app: TestApp, orgId: string, board: string, text: string): Promise<number> {
  const id = randomUUID();
  const { position } = await app.runtime.infra.eventStore.append(
    `board-${board}`,
    [
      {
        id,
        type: 'NoteAdded',
        data: { text },
        metadata: {
          orgId,
          actorId: null,
          commandId: id,
          correlationId: id,
          causationId: id,
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      },
    ],
    'any',
  );
  return position;
}

function roomsSuite(env: () => Record<string, string>) {
  let app: TestApp;
  const clients = socketClients();
  const connect = (client: Client, url = app.url) => clients.connect(url, client);
  const join = clients.join;
  const board = () => roomName('board', `b-${randomUUID().slice(0, 8)}`);
  let owner: Client;
  let member: Client;
  let viewer: Client;
  let other: Client;

  beforeAll(async () => {
    app = await startApp({ env: env(), extraModules: [BoardModule] });
    [owner, member, viewer] = await Promise.all([
      signInAs(app.url, 'owner'),
      signInAs(app.url, 'member'),
      signInAs(app.url, 'viewer'),
    ]);
    other = await signUpOtherOwner(app.url, 'rooms');
  });
  afterEach(() => {
    clients.closeAll();
  });
  afterAll(() => app.close());

  it('two people see each other in the room, typing included, and one leaving when their connection ends', async () => {
    const room = board();
    const [mine, theirs] = [await connect(owner), await connect(member)];
    const first = await join(mine, room);
    expect(first).toMatchObject({
      ok: true,
      presence: { room, viewers: [{ user_id: demoUserId('owner') }], typing: [] },
    });

    const ownerHears = nextEvent<RoomPersonNotice>(mine, RoomSocketEvents.joined);
    const second = await join(theirs, room);
    expect(second.ok && names(second.presence)).toEqual([demoUserId('member'), demoUserId('owner')].sort());
    await expect(ownerHears).resolves.toMatchObject({ room, viewer: { user_id: demoUserId('member') } });
    expect(second.ok && second.presence.viewers.every((v) => v.name.length > 0)).toBe(true);

    // typing: the user comes from the session, never from what the client says
    const typing = nextEvent<RoomPresence>(mine, RoomSocketEvents.presence, (p) => p.typing.length > 0);
    await expect(
      theirs.emitWithAck(RoomSocketEvents.typing, { room, typing: true, user_id: demoUserId('owner') }),
    ).resolves.toEqual({ ok: true });
    await expect(typing).resolves.toMatchObject({ typing: [demoUserId('member')] });
    const stopped = nextEvent<RoomPresence>(mine, RoomSocketEvents.presence, (p) => p.typing.length === 0);
    await theirs.emitWithAck(RoomSocketEvents.typing, { room, typing: false });
    await stopped;

    const left = nextEvent<RoomPersonNotice>(mine, RoomSocketEvents.left);
    const after = nextEvent<RoomPresence>(mine, RoomSocketEvents.presence, (p) => p.viewers.length === 1);
    theirs.disconnect();
    await expect(left).resolves.toMatchObject({ room, viewer: { user_id: demoUserId('member') } });
    expect(names(await after)).toEqual([demoUserId('owner')]);
  });

  it('a typing indicator not refreshed expires by itself', async () => {
    const room = board();
    const [mine, theirs] = [await connect(owner), await connect(member)];
    await join(mine, room);
    await join(theirs, room);
    const started = nextEvent<RoomPresence>(mine, RoomSocketEvents.presence, (p) => p.typing.length > 0);
    await theirs.emitWithAck(RoomSocketEvents.typing, { room, typing: true });
    await started;
    const startedAt = Date.now();
    const expired = await new Promise<RoomPresence>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('typing never expired')), 10_000);
      mine.on(RoomSocketEvents.presence, (p: RoomPresence) => {
        if (p.typing.length > 0) return;
        clearTimeout(timer);
        resolve(p);
      });
    });
    expect(expired.viewers).toHaveLength(2);
    expect(Date.now() - startedAt).toBeGreaterThan(4000);
  }, 15_000);

  it('one person with two tabs is one viewer, and closing one tab is no leave', async () => {
    const room = board();
    const [mine, tab1, tab2] = [await connect(owner), await connect(member), await connect(member)];
    await join(mine, room);
    await join(tab1, room);
    const both = await join(tab2, room);
    expect(both.ok && names(both.presence)).toEqual([demoUserId('member'), demoUserId('owner')].sort());
    const heard: string[] = [];
    mine.on(RoomSocketEvents.left, () => heard.push('left'));
    tab1.disconnect();
    // a marker after the disconnect: the owner's own typing, heard once the tab's leave was handled
    const marker = nextEvent<RoomPresence>(mine, RoomSocketEvents.presence, (p) =>
      p.typing.includes(demoUserId('owner')),
    );
    await new Promise((r) => setTimeout(r, 200));
    await mine.emitWithAck(RoomSocketEvents.typing, { room, typing: true });
    expect(names(await marker)).toEqual([demoUserId('member'), demoUserId('owner')].sort());
    expect(heard).toEqual([]);
  });

  it('refuses unknown kinds, bad names and people without the right, and joins nothing then', async () => {
    const mine = await connect(viewer);
    await expect(join(mine, 'room:nothing:1')).resolves.toEqual({ ok: false, error: 'Unknown room "room:nothing:1"' });
    await expect(mine.emitWithAck(RoomSocketEvents.join, { room: { $ne: 1 } })).resolves.toEqual({
      ok: false,
      error: 'Unknown room null',
    });
    await expect(mine.emitWithAck(RoomSocketEvents.join, null)).resolves.toMatchObject({ ok: false });
    const room = board();
    // the board is for collaborators and up: a viewer is refused
    await expect(join(mine, room)).resolves.toEqual({ ok: false, error: `Room "${room}" is not one you may view.` });
    // refused means not in: no typing, no catch-up
    await expect(mine.emitWithAck(RoomSocketEvents.typing, { room, typing: true })).resolves.toMatchObject({
      ok: false,
    });
    await expect(mine.emitWithAck(RoomSocketEvents.catchUp, { room, after: 0 })).resolves.toMatchObject({ ok: false });
    // a room that was refused hears nothing of the board
    const heard: RoomEvent[] = [];
    mine.on(RoomSocketEvents.event, (e: RoomEvent) => heard.push(e));
    const watcher = await connect(owner);
    await join(watcher, room);
    const seen = nextEvent<RoomEvent>(watcher, RoomSocketEvents.event);
    await addNote(app, DEMO_ORG, room.split(':')[2]!, 'not for viewers');
    await seen;
    expect(heard).toEqual([]);
  });

  it("another organization's room of the same name is another room: no presence, no events, and its alerts are refused", async () => {
    const room = board();
    const [mine, theirs] = [await connect(owner), await connect(other)];
    await join(mine, room);
    const answer = await join(theirs, room);
    expect(answer.ok && answer.presence.viewers.map((v) => v.name)).toEqual(['Other']);
    const heard: RoomEvent[] = [];
    theirs.on(RoomSocketEvents.event, (e: RoomEvent) => heard.push(e));
    const ours = nextEvent<RoomEvent>(mine, RoomSocketEvents.event);
    await addNote(app, DEMO_ORG, room.split(':')[2]!, 'demo only');
    await expect(ours).resolves.toMatchObject({ data: { text: 'demo only' } });
    const theirsCatchUp = (await theirs.emitWithAck(RoomSocketEvents.catchUp, { room, after: 0 })) as RoomCatchUpAck;
    expect(theirsCatchUp).toEqual({ ok: true, events: [], more: false });
    expect(heard).toEqual([]);

    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    await expect(join(theirs, roomName('alert', alertId))).resolves.toMatchObject({ ok: false });
  });

  it('catch-up answers exactly the events missed while disconnected, each once, in order', async () => {
    const room = board();
    const boardId = room.split(':')[2]!;
    const socket = await connect(member);
    const joined = await join(socket, room);
    expect(joined.ok).toBe(true);
    const live = nextEvent<RoomEvent>(socket, RoomSocketEvents.event);
    const seenPosition = await addNote(app, DEMO_ORG, boardId, 'seen live');
    await expect(live).resolves.toMatchObject({
      room,
      position: seenPosition,
      type: 'NoteAdded',
      data: { text: 'seen live' },
    });

    socket.disconnect();
    const missed = [];
    for (const text of ['one', 'two', 'three']) missed.push(await addNote(app, DEMO_ORG, boardId, text));
    // noise: another board, and the same board id in another organization
    await addNote(app, DEMO_ORG, `${boardId}x`, 'elsewhere');
    await addNote(app, 'org-other', boardId, 'other organization');

    socket.connect();
    await nextEvent(socket, SocketEvents.resync);
    await join(socket, room);
    const answer = (await socket.emitWithAck(RoomSocketEvents.catchUp, {
      room,
      after: seenPosition,
    })) as RoomCatchUpAck;
    expect(answer.ok && answer.events.map((e) => [e.position, (e.data as { text: string }).text])).toEqual([
      [missed[0], 'one'],
      [missed[1], 'two'],
      [missed[2], 'three'],
    ]);
    expect(answer.ok && answer.more).toBe(false);
    await expect(socket.emitWithAck(RoomSocketEvents.catchUp, { room, after: -1 })).resolves.toMatchObject({
      ok: false,
    });
  });

  it('alert rooms: readers of the alert see each other and its events live; ids of nothing are refused', async () => {
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
    const room = roomName('alert', alertId);
    const [watching, acting] = [await connect(viewer), await connect(owner)];
    await expect(join(watching, room)).resolves.toMatchObject({ ok: true });
    await expect(join(acting, room)).resolves.toMatchObject({ ok: true });
    const event = nextEvent<RoomEvent>(watching, RoomSocketEvents.event);
    await owner.post(`/api/v1/signals/alerts/${alertId}/acknowledge`).send({}).expect(200);
    await expect(event).resolves.toMatchObject({ room, type: 'AlertAcknowledged', data: { episode: 1 } });
    await expect(join(watching, roomName('alert', randomUUID()))).resolves.toMatchObject({ ok: false });
  });

  it('signing out drops the session from its rooms at once', async () => {
    const room = board();
    const leaving = await signInAs(app.url, 'collaborator');
    const [mine, theirs] = [await connect(owner), await connect(leaving)];
    await join(mine, room);
    await join(theirs, room);
    const left = nextEvent<RoomPersonNotice>(mine, RoomSocketEvents.left);
    await leaving.delete('/sessions').expect(204);
    await expect(left).resolves.toMatchObject({ viewer: { user_id: demoUserId('collaborator') } });
  });

  it('switching organization leaves the rooms of the one left: the others hear it, and the socket hears that room no more', async () => {
    const room = board();
    const switching = await signInAs(app.url, 'member');
    const memberId = demoUserId('member');
    const orgId = `org-rooms-${randomUUID().slice(0, 8)}`;
    const { position } = await app.app
      .get(Commands)
      .run(
        organizationCommand(
          { type: 'CreateOrganization', organizationId: orgId, name: 'Rooms Second', tier: 'free', ownerId: memberId },
          systemContext(orgId, memberId),
        ),
      );
    await app.app.get(ProjectionProgress).waitFor('memberships', position);
    const [mine, theirs] = [await connect(owner), await connect(switching)];
    await join(mine, room);
    await join(theirs, room);
    const left = nextEvent<RoomPersonNotice>(mine, RoomSocketEvents.left);
    await switching.put('/api/v1/me/organization').send({ organization_id: orgId }).expect(200);
    await expect(left).resolves.toMatchObject({ viewer: { user_id: memberId } });
    await expect(theirs.emitWithAck(RoomSocketEvents.typing, { room, typing: true })).resolves.toMatchObject({
      ok: false,
    });
    // the same name now is the new organization's room
    const again = await join(theirs, room);
    expect(again.ok && names(again.presence)).toEqual([memberId]);
  });

  it('a message over 16 KB ends the connection', async () => {
    const socket = await connect(owner);
    const closed = nextEvent<string>(socket, 'disconnect');
    socket.emit(RoomSocketEvents.join, { room: 'x'.repeat(20_000) });
    await expect(closed).resolves.toBe('transport close');
  });

  it('bounds the rooms per connection', async () => {
    const socket = await connect(owner);
    for (let i = 0; i < 10; i++) expect((await join(socket, board())).ok).toBe(true);
    await expect(join(socket, board())).resolves.toEqual({
      ok: false,
      error: 'A connection may be in 10 rooms at most.',
    });
  });

  return { app: () => app, connect, join, board, owner: () => owner, member: () => member };
}

describe('live rooms (one process)', () => {
  roomsSuite(() => ({}));
});

describeWhen(
  redisReachable(),
  'live rooms across api processes sharing Redis',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    const defaults = { refreshMs: LiveRooms.refreshMs, entryTtlMs: LiveRooms.entryTtlMs };
    let second: TestApp;
    let redis: Redis;
    // short refreshes, so a process that died is seen gone within the test
    beforeAll(() => Object.assign(LiveRooms, { refreshMs: 300, entryTtlMs: 1200 }));
    const suite = roomsSuite(() => ({ REDIS_URL }));
    beforeAll(async () => {
      second = await startApp({ env: { REDIS_URL }, extraModules: [BoardModule] });
      redis = new Redis(REDIS_URL);
    });
    afterAll(async () => {
      Object.assign(LiveRooms, defaults);
      redis?.disconnect();
      await second?.close();
    });

    it('people on two api processes see each other, typing and leaving included', async () => {
      const room = suite.board();
      const here = await suite.connect(suite.owner());
      const there = await suite.connect(suite.member(), second.url);
      await suite.join(here, room);
      const joined = await suite.join(there, room);
      expect(joined.ok && names(joined.presence)).toEqual([demoUserId('member'), demoUserId('owner')].sort());
      const typing = nextEvent<RoomPresence>(here, RoomSocketEvents.presence, (p) =>
        p.typing.includes(demoUserId('member')),
      );
      await there.emitWithAck(RoomSocketEvents.typing, { room, typing: true });
      await typing;
      const left = nextEvent<RoomPersonNotice>(here, RoomSocketEvents.left);
      there.disconnect();
      await expect(left).resolves.toMatchObject({ viewer: { user_id: demoUserId('member') } });
    });

    it('the viewers of a process that died without a word disappear once their entries expire', async () => {
      const room = suite.board();
      const here = await suite.connect(suite.owner());
      await suite.join(here, room);
      // what a dead process leaves behind: an entry nobody refreshes
      const internal = `live:${DEMO_ORG}:board:${room.split(':')[2]}`;
      await new RedisPresenceStore(redis, 10_000).put(
        internal,
        { socketId: 'ghost-socket', viewer: { user_id: 'ghost-user', name: 'Ghost' } },
        Date.now() + 1200,
      );
      const left = nextEvent<RoomPersonNotice>(here, RoomSocketEvents.left, (n) => n.viewer.user_id === 'ghost-user');
      await expect(left).resolves.toMatchObject({ viewer: { name: 'Ghost' } });
    });
  },
  true,
);
