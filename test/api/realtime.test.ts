import { io, type Socket } from 'socket.io-client';
import { Rooms, SocketEvents, type HealthResponse, type ViewChangedNotice } from '@tocsin/contracts';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';

function next<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('socket gateway', () => {
  let app: TestApp;
  let socket: Socket;
  let owner: Client;
  let cookie: string;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    cookie = owner.cookie;
  });
  afterEach(() => socket?.disconnect());
  afterAll(() => app.close());

  const connect = () =>
    io(app.url, { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 50, extraHeaders: { cookie } });

  it('tells a new socket to resync, and pushes view changes to its organization room', async () => {
    socket = connect();
    await next(socket, SocketEvents.resync);
    const notice = next<ViewChangedNotice>(socket, SocketEvents.viewChanged);
    const { body } = await owner
      .post('/api/v1/signals/notification_policy_items')
      .send({ priority: 'HIGH', notification_group_method: 'email', max_delay: 'PT5M' })
      .expect(201);
    await expect(notice).resolves.toMatchObject({
      view: 'notification-policy-items',
      ids: [body.data.id],
      orgId: 'org-demo',
    });
  });

  it('pushes live health to sockets in the ops room', async () => {
    socket = connect();
    await next(socket, SocketEvents.resync);
    const ack = await socket.emitWithAck(SocketEvents.subscribe, { room: Rooms.ops });
    expect(ack).toEqual({ ok: true });
    const health = await next<HealthResponse>(socket, SocketEvents.health);
    expect(health.components.event_store.healthy).toBe(true);
  });

  it('refuses a socket without a valid session', async () => {
    socket = io(app.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
  });

  it('refuses rooms that do not exist', async () => {
    socket = connect();
    await next(socket, SocketEvents.resync);
    await expect(socket.emitWithAck(SocketEvents.subscribe, { room: 'org:someone-else' })).resolves.toEqual({
      ok: false,
      error: 'Unknown room "org:someone-else"',
    });
  });

  it('after a dropped connection the client either recovers the missed notices or is told to resync', async () => {
    socket = connect();
    await next(socket, SocketEvents.resync);
    const seen: ViewChangedNotice[] = [];
    let resyncs = 0;
    socket.on(SocketEvents.viewChanged, (n: ViewChangedNotice) => seen.push(n));
    socket.on(SocketEvents.resync, () => resyncs++);

    socket.io.engine.close(); // the transport drops, as on a flaky network
    const { body } = await owner
      .post('/api/v1/signals/notification_policy_items')
      .send({ priority: 'LOW', notification_group_method: 'chat', max_delay: 'PT30M' })
      .expect(201);
    await next(socket, 'connect');
    for (let i = 0; i < 50 && !seen.some((n) => n.ids.includes(body.data.id)) && resyncs === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen.some((n) => n.ids.includes(body.data.id)) || resyncs > 0).toBe(true);
    expect(socket.recovered || resyncs > 0).toBe(true);
  });
});
