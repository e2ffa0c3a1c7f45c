import { webhookRedeliverPath, webhookTargetDeliveriesPath } from '@tocsin/contracts';
import { ManualClock } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { describeWhen } from '../support/describe-when';
import { eventually } from '../support/eventually';
import { DEMO_ORG, triggerAlert } from '../support/paging';
import { RecordingServer } from '../support/recording-server';
import { REDIS_URL, redisReachable } from '../support/redis';
import { signInAs, type Client } from '../support/session';
import { createTarget, verified } from './webhook-targets.support';

/** The production shape's queue: deliveries, their backoff on the clock and a redelivery, through BullMQ on Redis. */
describeWhen(
  redisReachable(),
  'webhook targets on BullMQ',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 9));
    let app: TestApp;
    let receiver: RecordingServer;
    let member: Client;

    beforeAll(async () => {
      receiver = await RecordingServer.start();
      app = await startApp({
        clock,
        env: {
          CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
          REDIS_URL,
          BULLMQ_PREFIX: `tocsin-test-webhooks-${process.pid}-${Date.now()}`,
        },
      });
      member = await signInAs(app.url, 'member');
    });
    afterAll(async () => {
      await app.close();
      await receiver.close();
    });

    it('delivers, retries a 500 after its backoff, and redelivers from the log', async () => {
      expect(app.runtime.infra.jobs.kind).toBe('bullmq');
      const target = await createTarget(member, { name: 'On Redis', url: `${receiver.url}/redis` });
      receiver.next({ status: 500, body: 'busy' });
      await triggerAlert(app.app, { orgId: DEMO_ORG, policy: null });
      await eventually(() => receiver.requests.length === 1);
      const eventId = JSON.parse(receiver.requests[0].body).id as string;
      await eventually(
        async () =>
          (await app.runtime.infra.jobs.get('webhooks', `webhook/${target.id}/${eventId}/0`))?.state === 'delayed',
      );
      await clock.advance(60_000);
      await eventually(() => receiver.requests.length === 2, 15_000);
      expect(receiver.requests[1].body).toBe(receiver.requests[0].body);
      expect(verified(receiver.requests[1], target.secret)).toBe(true);

      await member.post(webhookRedeliverPath(target.id, eventId)).send({}).expect(202);
      await eventually(() => receiver.requests.length === 3, 15_000);
      const log = await eventually(async () => {
        const page = (await member.get(webhookTargetDeliveriesPath(target.id)).expect(200)).body;
        return page.data.length === 3 && page.data;
      });
      expect(log.map((a: { round: number; attempt: number; ok: boolean }) => [a.round, a.attempt, a.ok])).toEqual([
        [1, 1, true],
        [0, 2, true],
        [0, 1, false],
      ]);
    }, 60_000);
  },
  true,
);
