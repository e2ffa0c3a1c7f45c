import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  roomName,
  RoomSocketEvents,
  SocketEvents,
  type Incident,
  type IncidentTimelineResponse,
  type RoomCatchUpAck,
  type RoomEvent,
  type RoomJoinAck,
  type RoomPresence,
} from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { demoUserId } from '../support/paging';
import { signIn, signInAs, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

const GUARD_MS = 5000;
const incidents = '/api/v1/incidents';

/** The next `event` on the socket that `match` accepts. */
function next<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${GUARD_MS} ms`)), GUARD_MS);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Issue 21, the live incident room: `room:incident:{id}` for readers of the incident's organization. */
describe('incident room', () => {
  let app: TestApp;
  const sockets: Socket[] = [];
  let owner: Client;
  let collaborator: Client;
  let viewer: Client;
  let other: Client;

  const connect = async (client: Client) => {
    const socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 50,
      extraHeaders: { cookie: client.cookie },
    });
    sockets.push(socket);
    await next(socket, SocketEvents.resync);
    return socket;
  };
  const join = (socket: Socket, room: string) =>
    socket.emitWithAck(RoomSocketEvents.join, { room }) as Promise<RoomJoinAck>;
  const declare = async (name: string) =>
    (await collaborator.post(incidents).send({ name }).expect(201)).body.data as Incident;

  beforeAll(async () => {
    app = await startApp();
    [owner, collaborator, viewer] = await Promise.all([
      signInAs(app.url, 'owner'),
      signInAs(app.url, 'collaborator'),
      signInAs(app.url, 'viewer'),
    ]);
    const email = `incroom-${randomUUID().slice(0, 8)}@example.com`;
    await signUp(app.url, { name: 'Other', email, password: 'other-org-secret', organization_name: 'Other Org' });
    other = await signIn(app.url, email, 'other-org-secret');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => app.close());

  it('a note posted reaches a second viewer in the room at its timeline position, with who is viewing and typing', async () => {
    const incident = await declare('Checkout down');
    const room = roomName('incident', incident.id);
    const [writing, watching] = [await connect(collaborator), await connect(viewer)];
    await expect(join(writing, room)).resolves.toMatchObject({ ok: true });
    const joined = await join(watching, room);
    expect(joined.ok && joined.presence.viewers.map((v) => v.user_id).sort()).toEqual(
      [demoUserId('collaborator'), demoUserId('viewer')].sort(),
    );

    const typing = next<RoomPresence>(watching, RoomSocketEvents.presence, (p) => p.typing.length > 0);
    await writing.emitWithAck(RoomSocketEvents.typing, { room, typing: true });
    await expect(typing).resolves.toMatchObject({ typing: [demoUserId('collaborator')] });

    const heard = next<RoomEvent>(watching, RoomSocketEvents.event);
    await collaborator.post(`${incidents}/${incident.id}/notes`).send({ body: 'Rolled back the deploy' }).expect(201);
    const event = await heard;
    // the type, position and time, never the note's words: the page reads them through the timeline
    expect(event).toMatchObject({ room, type: 'IncidentNoteAdded', data: null });
    const timeline = (await viewer.get(`${incidents}/${incident.id}/timeline`).query({ after: event.position - 1 }))
      .body as IncidentTimelineResponse;
    expect(timeline.data).toEqual([
      expect.objectContaining({
        position: event.position,
        kind: 'note',
        data: expect.objectContaining({ body: 'Rolled back the deploy' }),
      }),
    ]);
    expect(timeline.last_position).toBe(event.position);
  });

  it('catch-up answers the incident events missed, once each, and nothing of other incidents', async () => {
    const incident = await declare('Replica lag');
    const elsewhere = await declare('Elsewhere');
    const room = roomName('incident', incident.id);
    const socket = await connect(owner);
    await join(socket, room);
    const seen = (await owner.get(`${incidents}/${incident.id}`).expect(200)).body.data as Incident;
    socket.disconnect();
    await owner.post(`${incidents}/${incident.id}/notes`).send({ body: 'one' }).expect(201);
    await owner.post(`${incidents}/${elsewhere.id}/notes`).send({ body: 'not this room' }).expect(201);
    await owner
      .put(`${incidents}/${incident.id}/milestones/mitigated`)
      .send({ at: new Date().toISOString() })
      .expect(200);
    socket.connect();
    await next(socket, SocketEvents.resync);
    await join(socket, room);
    const answer = (await socket.emitWithAck(RoomSocketEvents.catchUp, {
      room,
      after: seen.position,
    })) as RoomCatchUpAck;
    expect(answer.ok && answer.events.map((e) => e.type)).toEqual(['IncidentNoteAdded', 'IncidentMilestoneSet']);
  });

  it("another organization's people are refused the room and hear nothing; so are ids of nothing", async () => {
    const incident = await declare('Ours only');
    const room = roomName('incident', incident.id);
    const theirs = await connect(other);
    await expect(join(theirs, room)).resolves.toEqual({ ok: false, error: `Room "${room}" is not one you may view.` });
    const heard: RoomEvent[] = [];
    theirs.on(RoomSocketEvents.event, (e: RoomEvent) => heard.push(e));
    await expect(theirs.emitWithAck(RoomSocketEvents.catchUp, { room, after: 0 })).resolves.toMatchObject({
      ok: false,
    });
    const ours = await connect(owner);
    await join(ours, room);
    const live = next<RoomEvent>(ours, RoomSocketEvents.event);
    await owner.post(`${incidents}/${incident.id}/notes`).send({ body: 'ours' }).expect(201);
    await live;
    expect(heard).toEqual([]);
    await expect(join(ours, roomName('incident', randomUUID()))).resolves.toMatchObject({ ok: false });
  });
});
