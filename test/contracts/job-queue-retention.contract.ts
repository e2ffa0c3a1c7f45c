import { DEFAULT_JOB_RETENTION, ManualClock, type JobQueue, type JobRetention } from '@tocsin/platform';
import { randomUUID } from 'node:crypto';
import { JobEventLog, type JobQueueFixture } from './job-queue-fixtures';

const HOUR = 3600 * 1000;

/**
 * How long finished jobs stay readable, in clock time. Runs inside jobQueueContract with its fixture
 * (default retention); the count limit opens its own instance with a small count.
 */
export function jobRetentionContract(
  the: () => JobQueueFixture,
  open: (clock: ManualClock, retention?: JobRetention) => Promise<JobQueue>,
): void {
  describe('retention', () => {
    it('keeps the defaults of 24 h and 1,000 completed jobs, 7 days for failed ones', () => {
      expect(DEFAULT_JOB_RETENTION).toEqual({
        completedAgeMs: 24 * HOUR,
        completedCount: 1000,
        failedAgeMs: 7 * 24 * HOUR,
      });
    });

    it('keeps a completed job readable for 24 h of clock time, then forgets it and frees its id', async () => {
      const { jobs, log, queue, work, clock } = the();
      await work(async () => 'matched');
      const id = await jobs.add(queue, 'match-and-update', {}, { jobId: 'match:1' });
      await log.until('completed', id);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'completed', result: 'matched' });
      await clock.advance(24 * HOUR - 1);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'completed', result: 'matched' });
      await clock.advance(1);
      expect(await jobs.get(queue, id)).toBeNull();
      await jobs.add(queue, 'match-and-update', { again: true }, { jobId: id });
      await log.until('completed', id, () => log.of(id, 'completed').length === 2);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'completed', data: { again: true } });
    });

    it('keeps a failed job for 7 days of clock time', async () => {
      const { jobs, log, queue, work, clock } = the();
      await work(async () => {
        throw new Error('provider down');
      });
      const id = await jobs.add(queue, 'deliver', {});
      await log.until('failed', id);
      await clock.advance(24 * HOUR);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'failed', failedReason: 'provider down' });
      await clock.advance(6 * 24 * HOUR - 1);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'failed' });
      await clock.advance(1);
      expect(await jobs.get(queue, id)).toBeNull();
    });

    it('keeps at most the latest completed jobs of a queue, and ages do not touch jobs still to run', async () => {
      const clock = new ManualClock();
      const jobs = await open(clock, { ...DEFAULT_JOB_RETENTION, completedCount: 3 });
      const log = new JobEventLog(jobs);
      const queue = `q-${randomUUID().slice(0, 8)}`;
      try {
        const later = await jobs.add(queue, 'later', {}, { delay: 48 * HOUR });
        // "Latest" is by finish time in milliseconds: BullMQ orders jobs finished in the same millisecond by
        // id, so each job here finishes a few milliseconds after the one before.
        await jobs.process(queue, async (job) => {
          await new Promise((resolve) => setTimeout(resolve, 3));
          return job.name;
        });
        const ids: string[] = [];
        for (let n = 1; n <= 4; n++) {
          const id = await jobs.add(queue, `job-${n}`, {});
          await log.until('completed', id);
          ids.push(id);
        }
        expect(await jobs.get(queue, ids[0]!)).toBeNull();
        for (const id of ids.slice(1)) expect((await jobs.get(queue, id))?.state).toBe('completed');
        expect((await jobs.get(queue, later))?.state).toBe('delayed');
        await clock.advance(24 * HOUR);
        for (const id of ids) expect(await jobs.get(queue, id)).toBeNull();
        expect((await jobs.get(queue, later))?.state).toBe('delayed');
      } finally {
        log.close();
        await jobs.close();
      }
    });
  });
}
