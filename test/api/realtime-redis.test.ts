import Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import { redisNoticeSink } from '../../apps/projector/src/notice-emitter';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';

function next<T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within 5 s`)), 5000);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

describeWhen(
  redisReachable(),
  'realtime over Redis (production shape)',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    let app: TestApp;
    let socket: Socket;
    let redis: Redis;
    let owner: Client;

    beforeAll(async () => {
      app = await startApp({ env: { REDIS_URL } });
      redis = new Redis(REDIS_URL);
      owner = await signInAs(app.url, 'owner');
    });
    afterAll(async () => {
      socket?.disconnect();
      redis?.disconnect();
      await app?.close();
    });

    it('runs BullMQ jobs and the Socket.IO Redis adapter when REDIS_URL is set', async () => {
      // signed in: adapters and messages are not for anonymous callers
      const { body } = await owner.get('/infra/health').expect(200);
      expect(body.adapters).toMatchObject({ jobs: 'bullmq', realtime: 'socket.io+redis' });
      expect(body.components.redis).toEqual({ healthy: true, message: 'redis reachable' });
    });

    it('delivers view changes through the Redis adapter, and from a projector that is not the socket server', async () => {
      const cookie = owner.cookie;
      socket = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
      await next(socket, SocketEvents.resync);

      const fromApi = next<ViewChangedNotice>(socket, SocketEvents.viewChanged);
      const { body } = await owner
        .post('/api/v1/signals/notification_policy_items')
        .send({ priority: 'MEDIUM', notification_group_method: 'push', max_delay: 'PT10M' })
        .expect(201);
      await expect(fromApi).resolves.toMatchObject({ ids: [body.data.id], orgId: 'org-demo' });

      // a standalone projector emits through Redis with the emitter, never touching the socket server
      const fromProjector = next<ViewChangedNotice>(socket, SocketEvents.viewChanged, (n) =>
        n.ids.includes('emitted-elsewhere'),
      );
      redisNoticeSink(redis)([
        { view: 'notification-policy-items', ids: ['emitted-elsewhere'], orgId: 'org-demo', position: 1 },
      ]);
      await expect(fromProjector).resolves.toMatchObject({ view: 'notification-policy-items', orgId: 'org-demo' });
    });

    it("signing out on one api node disconnects the session's sockets on another", async () => {
      const other = await startApp({ env: { REDIS_URL } });
      try {
        const leaving = await signInAs(app.url, 'owner');
        const elsewhere = io(other.url, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { cookie: leaving.cookie },
        });
        await next(elsewhere, SocketEvents.resync);
        const closed = next<string>(elsewhere, 'disconnect');
        await leaving.delete('/sessions').expect(204);
        await expect(closed).resolves.toBe('io server disconnect');
      } finally {
        await other.close();
      }
    });
  },
  true,
);
