import { randomUUID } from 'node:crypto';
import {
  INCIDENTS_API,
  incidentMilestonePath,
  retrospectiveAnswerPath,
  retrospectiveFactorsPath,
  retrospectivePath,
  retrospectiveStatusPath,
  roomName,
  RoomSocketEvents,
  SocketEvents,
  type Incident,
  type Retrospective,
  type RoomCatchUpAck,
  type RoomEvent,
  type RoomPresence,
} from '@tocsin/contracts';
import { ROLE_PERMISSIONS } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { demoUserId } from '../support/paging';
import { nextEvent, socketClients } from '../support/sockets';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';

/** Issue 21, retrospectives edited by several people: `room:retrospective:{incidentId}` for the incident's readers. */
describe('retrospective room', () => {
  let app: TestApp;
  const clients = socketClients();
  let owner: Client;
  let collaborator: Client;
  let viewer: Client;
  let other: Client;

  const connect = (client: Client) => clients.connect(app.url, client);
  const join = clients.join;
  const declare = async (name: string) =>
    (await collaborator.post(INCIDENTS_API).send({ name }).expect(201)).body.data as Incident;
  const start = async (incidentId: string) =>
    (await collaborator.post(retrospectivePath(incidentId)).send({ template_id: 'standard' }).expect(201)).body
      .data as Retrospective;
  const firstQuestion = (retrospective: Retrospective) => retrospective.sections[0]!.questions[0]!.id;

  beforeAll(async () => {
    app = await startApp();
    [owner, collaborator, viewer] = await Promise.all([
      signInAs(app.url, 'owner'),
      signInAs(app.url, 'collaborator'),
      signInAs(app.url, 'viewer'),
    ]);
    other = await signUpOtherOwner(app.url, 'retroroom');
  });
  afterEach(() => {
    clients.closeAll();
  });
  afterAll(() => app.close());

  it('an answer, a factor and a state change reach a second viewer live, with who is viewing and typing', async () => {
    const incident = await declare('Checkout down');
    const retrospective = await start(incident.id);
    const room = roomName('retrospective', incident.id);
    const [writing, watching] = [await connect(collaborator), await connect(viewer)];
    await expect(join(writing, room)).resolves.toMatchObject({ ok: true });
    const joined = await join(watching, room);
    expect(joined.ok && joined.presence.viewers.map((v) => v.user_id).sort()).toEqual(
      [demoUserId('collaborator'), demoUserId('viewer')].sort(),
    );

    const typing = nextEvent<RoomPresence>(watching, RoomSocketEvents.presence, (p) => p.typing.length > 0);
    await writing.emitWithAck(RoomSocketEvents.typing, { room, typing: true });
    await expect(typing).resolves.toMatchObject({ typing: [demoUserId('collaborator')] });

    const answered = nextEvent<RoomEvent>(watching, RoomSocketEvents.event);
    const questionId = firstQuestion(retrospective);
    await collaborator
      .put(retrospectiveAnswerPath(incident.id, questionId))
      .send({ answer: 'A bad deploy', revision: 0 })
      .expect(200);
    // the type, position and time, never the answer: the page reads the retrospective again
    await expect(answered).resolves.toMatchObject({ room, type: 'RetrospectiveQuestionAnswered', data: null });
    const read = (await viewer.get(retrospectivePath(incident.id)).expect(200)).body.data as Retrospective;
    expect(read.answers.find((a) => a.question_id === questionId)).toMatchObject({ answer: 'A bad deploy' });

    const factor = nextEvent<RoomEvent>(watching, RoomSocketEvents.event);
    await collaborator.post(retrospectiveFactorsPath(incident.id)).send({ text: 'No canary' }).expect(201);
    await expect(factor).resolves.toMatchObject({ type: 'ContributingFactorAdded' });
    const state = nextEvent<RoomEvent>(watching, RoomSocketEvents.event);
    await collaborator.put(retrospectiveStatusPath(incident.id)).send({ status: 'in_review' }).expect(200);
    await expect(state).resolves.toMatchObject({ type: 'RetrospectiveStatusChanged' });
    // the document is filled in from the incident: its changes come too
    const milestone = nextEvent<RoomEvent>(watching, RoomSocketEvents.event);
    await collaborator
      .put(incidentMilestonePath(incident.id, 'mitigated'))
      .send({ at: new Date().toISOString() })
      .expect(200);
    await expect(milestone).resolves.toMatchObject({ type: 'IncidentMilestoneSet' });
  });

  it('opens before the retrospective starts, so the start screen hears it start', async () => {
    const incident = await declare('Not started yet');
    const room = roomName('retrospective', incident.id);
    const socket = await connect(viewer);
    await expect(join(socket, room)).resolves.toMatchObject({ ok: true });
    const started = nextEvent<RoomEvent>(socket, RoomSocketEvents.event);
    await start(incident.id);
    await expect(started).resolves.toMatchObject({ room, type: 'RetrospectiveStarted' });
  });

  it("catch-up answers the retrospective's events missed, once each, and nothing of another's", async () => {
    const incident = await declare('Replica lag');
    const elsewhere = await declare('Elsewhere');
    const [retrospective] = [await start(incident.id), await start(elsewhere.id)];
    const room = roomName('retrospective', incident.id);
    const socket = await connect(owner);
    const joined = await join(socket, room);
    const seen = joined.ok ? (joined.position ?? 0) : -1;
    socket.disconnect();
    const questionId = firstQuestion(retrospective);
    await owner.put(retrospectiveAnswerPath(incident.id, questionId)).send({ answer: 'one', revision: 0 }).expect(200);
    await owner
      .put(retrospectiveAnswerPath(elsewhere.id, questionId))
      .send({ answer: 'not this', revision: 0 })
      .expect(200);
    await owner.post(retrospectiveFactorsPath(incident.id)).send({ text: 'Slow failover' }).expect(201);
    socket.connect();
    await nextEvent(socket, SocketEvents.resync);
    await join(socket, room);
    const answer = (await socket.emitWithAck(RoomSocketEvents.catchUp, { room, after: seen })) as RoomCatchUpAck;
    expect(answer.ok && answer.events.map((e) => e.type)).toEqual([
      'RetrospectiveQuestionAnswered',
      'ContributingFactorAdded',
    ]);
    expect(answer.ok && answer.more).toBe(false);
  });

  it("another organization's people are refused the room and hear nothing; so are ids of nothing", async () => {
    const incident = await declare('Ours only');
    const retrospective = await start(incident.id);
    const room = roomName('retrospective', incident.id);
    const theirs = await connect(other);
    await expect(join(theirs, room)).resolves.toEqual({ ok: false, error: `Room "${room}" is not one you may view.` });
    await other.get(retrospectivePath(incident.id)).expect(404);
    const heard: RoomEvent[] = [];
    theirs.on(RoomSocketEvents.event, (e: RoomEvent) => heard.push(e));
    await expect(theirs.emitWithAck(RoomSocketEvents.catchUp, { room, after: 0 })).resolves.toMatchObject({
      ok: false,
    });
    await expect(theirs.emitWithAck(RoomSocketEvents.typing, { room, typing: true })).resolves.toMatchObject({
      ok: false,
    });
    const ours = await connect(owner);
    await join(ours, room);
    const live = nextEvent<RoomEvent>(ours, RoomSocketEvents.event);
    await owner
      .put(retrospectiveAnswerPath(incident.id, firstQuestion(retrospective)))
      .send({ answer: 'ours', revision: 0 })
      .expect(200);
    await live;
    expect(heard).toEqual([]);
    await expect(join(ours, roomName('retrospective', randomUUID()))).resolves.toMatchObject({ ok: false });
  });

  it('a role without read_incidents is refused the room, as it is the retrospective itself', async () => {
    const incident = await declare('Readers only');
    await start(incident.id);
    const room = roomName('retrospective', incident.id);
    const socket = await connect(viewer);
    // every role reads incidents today (PERMISSIONS.md): take it from viewers for this test only
    const replaced = jest.replaceProperty(
      ROLE_PERMISSIONS,
      'viewer',
      ROLE_PERMISSIONS.viewer.filter((p) => p !== 'read_incidents'),
    );
    try {
      await viewer.get(retrospectivePath(incident.id)).expect(403);
      await expect(join(socket, room)).resolves.toEqual({
        ok: false,
        error: `Room "${room}" is not one you may view.`,
      });
    } finally {
      replaced.restore();
    }
    await expect(join(socket, room)).resolves.toMatchObject({ ok: true });
  });
});
