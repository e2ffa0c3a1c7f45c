import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Metrics, SystemClock, type JobQueue } from '@tocsin/platform';
import { BullMqJobQueue } from '../../libs/platform/src/jobs/bullmq-job-queue';
import Redis from 'ioredis';
import { describeWhen } from '../support/describe-when';
import { REDIS_URL, redisReachable } from '../support/redis';
import { JobEventLog } from './job-queue-fixtures';

const prefix = `tocsin-stall-${randomUUID().slice(0, 8)}`;
const QUEUE = 'paging';
/** Short holds, so a lapsed one is found in about a second rather than BullMQ's default 30 s. */
const LOCKS = { lockDurationMs: 1000, stalledIntervalMs: 300 };

/** Resolves with the first line of `child`'s output matching `pattern`; rejects if it exits first. */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`the blocked worker exited: ${output}`)));
  });
}

/**
 * Issue 22's "stalled jobs" (README, "Metrics"): a worker whose processor blocks its event loop past its lock stops
 * renewing it; another worker's check takes the job back, and that worker's tocsin_jobs_stalled_total counts it.
 */
describeWhen(
  redisReachable(),
  'stalled jobs on BullMQ',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    let blocked: ChildProcess | null = null;
    let jobs: JobQueue | null = null;

    afterAll(async () => {
      if (blocked && blocked.exitCode === null && blocked.signalCode === null) {
        const exited = new Promise((resolve) => blocked!.once('exit', resolve));
        blocked.kill('SIGKILL');
        await exited;
      }
      await jobs?.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('counts a job taken back from a worker blocked past its lock, by the worker that took it back', async () => {
      blocked = spawn(
        process.execPath,
        [
          join(__dirname, 'blocked-worker.child.js'),
          prefix,
          QUEUE,
          String(LOCKS.lockDurationMs),
          String(LOCKS.stalledIntervalMs),
        ],
        { env: { PATH: process.env.PATH, REDIS_URL }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const taken = lineOf(blocked, /^taken (\S+)$/m);
      await lineOf(blocked, /^ready$/m);

      const metrics = new Metrics();
      jobs = await BullMqJobQueue.connect({ url: REDIS_URL, prefix, clock: new SystemClock(), locks: LOCKS });
      metrics.watch({ jobs });
      metrics.countStalls(jobs);
      const log = new JobEventLog(jobs);
      const id = await jobs.add(QUEUE, 'step', { step: 1 });
      expect((await taken)[1]).toBe(id);
      // this process works the queue only once the blocked one holds the job
      await jobs.process(QUEUE, async () => 'done');
      try {
        await log.until('stalled', id);
        await log.until('completed', id);
      } finally {
        log.close();
      }
      const text = (await metrics.text()).body;
      expect(text).toMatch(new RegExp(`^tocsin_jobs_stalled_total\\{queue="${QUEUE}"\\} 1$`, 'm'));
      expect(await jobs.get(QUEUE, id)).toMatchObject({ state: 'completed', result: 'done' });
    }, 30_000);
  },
  /* requiredInCi */ true,
);
