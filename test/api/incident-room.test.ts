import { randomUUID } from 'node:crypto';
import {
  roomName,
  RoomSocketEvents,
  SocketEvents,
  type Incident,
  type IncidentTimelineResponse,
  type RoomCatchUpAck,
  type RoomEvent,
  type RoomPresence,
} from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { demoUserId } from '../support/paging';
import { nextEvent, socketClients } from '../support/sockets';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

const incidents = '/api/v1/incidents';

/** Issue 21, the live incident room: `room:incident:{id}` for readers of the incident's organization. */
describe('incident room', () => {
  let app: TestApp;
  const clients = socketClients();
  let owner: Client;
  let collaborator: Client;
  let viewer: Client;
  let other: Client;

  const connect = (client: Client) => clients.connect(app.url, client);
  const join = clients.join;
  const declare = async (name: string) =>
    (await collaborator.post(incidents).send({ name }).expect(201)).body.data as Incident;

  beforeAll(async () => {
    app = await startApp();
    [owner, collaborator, viewer] = await Promise.all([
      signInAs(app.url, 'owner'),
      signInAs(app.url, 'collaborator'),
      signInAs(app.url, 'viewer'),
    ]);
    other = await signUpOtherOwner(app.url, 'incroom');
  });
  afterEach(() => {
    clients.closeAll();
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

    const typing = nextEvent<RoomPresence>(watching, RoomSocketEvents.presence, (p) => p.typing.length > 0);
    await writing.emitWithAck(RoomSocketEvents.typing, { room, typing: true });
    await expect(typing).resolves.toMatchObject({ typing: [demoUserId('collaborator')] });

    const heard = nextEvent<RoomEvent>(watching, RoomSocketEvents.event);
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
    await nextEvent(socket, SocketEvents.resync);
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
    const live = nextEvent<RoomEvent>(ours, RoomSocketEvents.event);
    await owner.post(`${incidents}/${incident.id}/notes`).send({ body: 'ours' }).expect(201);
    await live;
    expect(heard).toEqual([]);
    await expect(join(ours, roomName('incident', randomUUID()))).resolves.toMatchObject({ ok: false });
  });
});
