import { randomUUID } from 'node:crypto';
import { SystemClock } from '@tocsin/platform';
import { BullMqJobQueue } from '../../libs/platform/src/jobs/bullmq-job-queue';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { JobEventLog } from './job-queue-fixtures';
import { jobQueueContract } from './job-queue.contract';

// one namespace per run, so parallel runs and leftovers never meet
const prefix = `tocsin-test-${randomUUID().slice(0, 8)}`;

describeWhen(
  redisReachable(),
  'BullMQ job queue contract',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    afterAll(async () => {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      expect(await redis.keys(`${prefix}:*`)).toEqual([]);
      await redis.quit();
    });

    jobQueueContract('BullMqJobQueue', (clock, retention) =>
      BullMqJobQueue.connect({ url: REDIS_URL, prefix, clock, retention }),
    );

    it('refuses to open when Redis does not answer', async () => {
      await expect(
        BullMqJobQueue.connect({ url: 'redis://127.0.0.1:1', prefix, clock: new SystemClock() }),
      ).rejects.toThrow();
    });

    it('leaves delays and backoff to BullMQ with the system clock', async () => {
      const jobs = await BullMqJobQueue.connect({ url: REDIS_URL, prefix, clock: new SystemClock() });
      const log = new JobEventLog(jobs);
      try {
        await jobs.process('system-clock', async (job) => {
          if (job.attemptsMade === 0) throw new Error('flaky');
          return 'done';
        });
        const id = await jobs.add(
          'system-clock',
          'soon',
          {},
          { delay: 50, attempts: 2, backoff: { type: 'fixed', delay: 50 } },
        );
        expect((await jobs.get('system-clock', id))?.state).toBe('delayed');
        await log.until('retrying', id);
        await log.until('completed', id);
        expect(await jobs.get('system-clock', id)).toMatchObject({
          state: 'completed',
          attemptsMade: 2,
          result: 'done',
        });
        // with the wall clock BullMQ removes finished jobs itself (ages in seconds): not drivable by a test clock
        const raw = new Queue('system-clock', { connection: { url: REDIS_URL }, prefix });
        try {
          expect((await raw.getJob(id))?.opts).toMatchObject({
            removeOnComplete: { age: 24 * 3600, count: 1000 },
            removeOnFail: { age: 7 * 24 * 3600 },
          });
        } finally {
          await raw.close();
        }
      } finally {
        log.close();
        await jobs.close();
      }
    });
  },
  /* requiredInCi */ true,
);
