import type { JobQueue, JobRetention, ManualClock } from '@tocsin/platform';
import { gate, useJobQueue, within } from './job-queue-fixtures';
import { jobRetentionContract } from './job-queue-retention.contract';
import { jobRetriesContract } from './job-queue-retries.contract';

/**
 * What every job queue adapter must do. Time is a ManualClock the tests move; nothing sleeps for a
 * delay, and each test uses its own queue.
 */
export function jobQueueContract(
  name: string,
  open: (clock: ManualClock, retention?: JobRetention) => Promise<JobQueue>,
): void {
  describe(name, () => {
    const the = useJobQueue(open);

    it('answers a ping', async () => {
      await expect(the().jobs.ping()).resolves.toBeUndefined();
    });

    it('runs an immediate job and keeps its result', async () => {
      const { jobs, log, queue, ran, work } = the();
      await work(async (job) => ({ doubled: (job.data as { n: number }).n * 2 }));
      const id = await jobs.add(queue, 'double', { n: 21 });
      expect(await log.until('completed', id)).toEqual({ type: 'completed', queue, id, result: { doubled: 42 } });
      expect(ran.map(({ id: i, queue: q, name: n, data, attemptsMade }) => ({ i, q, n, data, attemptsMade }))).toEqual([
        { i: id, q: queue, n: 'double', data: { n: 21 }, attemptsMade: 0 },
      ]);
      expect(await jobs.get(queue, id)).toEqual({
        id,
        queue,
        name: 'double',
        data: { n: 21 },
        state: 'completed',
        progress: 0,
        attemptsMade: 1,
        result: { doubled: 42 },
      });
    });

    it('counts its jobs by state, per queue it uses (the metrics read queue depth there)', async () => {
      const { jobs, log, queue, work } = the();
      const states = async () => (await jobs.counts())[queue];
      await jobs.add(queue, 'now', {});
      await jobs.add(queue, 'later', {}, { delay: 60_000 });
      expect(await states()).toEqual({ waiting: 1, delayed: 1, active: 0, completed: 0, failed: 0 });
      const held = gate();
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      await work(async (job) => {
        if (job.name === 'broken') throw new Error('broken');
        started();
        await held.opened;
        return null;
      });
      await within(running, 'the first job to start');
      expect(await states()).toEqual({ waiting: 0, delayed: 1, active: 1, completed: 0, failed: 0 });
      held.open();
      await log.until('failed', await jobs.add(queue, 'broken', {}));
      expect(await states()).toEqual({ waiting: 0, delayed: 1, active: 0, completed: 1, failed: 1 });
      expect(Object.keys(await jobs.counts())).toEqual([queue]);
    });

    it('keeps jobs added before the worker until it starts', async () => {
      const { jobs, log, queue, work } = the();
      const id = await jobs.add(queue, 'early', { at: 'start' });
      expect((await jobs.get(queue, id))?.state).toBe('waiting');
      await work(async () => 'done');
      expect((await log.until('completed', id)).result).toBe('done');
    });

    it('runs a delayed job only once the clock reaches its time', async () => {
      const { jobs, log, queue, ran, work, barrier, clock } = the();
      await work();
      const id = await jobs.add(queue, 'later', { step: 2 }, { delay: 60_000 });
      expect((await jobs.get(queue, id))?.state).toBe('delayed');
      await clock.advance(59_999);
      await barrier();
      expect(ran.map((job) => job.name)).toEqual(['barrier']);
      expect((await jobs.get(queue, id))?.state).toBe('delayed');
      await clock.advance(1);
      await log.until('completed', id);
      expect(ran.map((job) => job.name)).toEqual(['barrier', 'later']);
    });

    it('cancels a delayed job by id, after which the id is free again', async () => {
      const { jobs, log, queue, ran, work, barrier, clock } = the();
      await work();
      const id = await jobs.add(queue, 'escalate', {}, { jobId: 'escalation:inc-1:step-2', delay: 10_000 });
      expect(id).toBe('escalation:inc-1:step-2');
      expect(await jobs.cancel(queue, id)).toBe(true);
      expect(await jobs.get(queue, id)).toBeNull();
      expect(await jobs.cancel(queue, id)).toBe(false);
      await clock.advance(10_000);
      await barrier();
      expect(ran.map((job) => job.name)).toEqual(['barrier']);
      await jobs.add(queue, 'escalate-again', {}, { jobId: id });
      await log.until('completed', id);
      expect(ran.map((job) => job.name)).toEqual(['barrier', 'escalate-again']);
    });

    it('cancels a waiting job but neither a finished one nor an unknown id', async () => {
      const { jobs, log, queue, ran, work, barrier } = the();
      const waiting = await jobs.add(queue, 'waiting', {});
      expect(await jobs.cancel(queue, waiting)).toBe(true);
      await work();
      const done = await jobs.add(queue, 'done', {});
      await log.until('completed', done);
      expect(await jobs.cancel(queue, done)).toBe(false);
      expect((await jobs.get(queue, done))?.state).toBe('completed');
      expect(await jobs.cancel(queue, 'no-such-job')).toBe(false);
      await barrier();
      expect(ran.map((job) => job.name)).toEqual(['done', 'barrier']);
    });

    it('treats a second add with the same jobId as a no-op', async () => {
      const { jobs, queue, ran, work, barrier } = the();
      expect(await jobs.add(queue, 'page', { v: 1 }, { jobId: 'page-u1' })).toBe('page-u1');
      expect(await jobs.add(queue, 'page', { v: 2 }, { jobId: 'page-u1', delay: 5_000 })).toBe('page-u1');
      await work();
      await barrier();
      expect(ran.map((job) => [job.id, job.data])).toEqual([
        ['page-u1', { v: 1 }],
        [expect.any(String), {}],
      ]);
      expect((await jobs.get(queue, 'page-u1'))?.data).toEqual({ v: 1 });
    });

    it('takes any string as a job id, numbers and separators included', async () => {
      const { jobs, log, queue, work } = the();
      await work(async (job) => job.id);
      for (const id of ['42', '-7', 'a:b', '100%', '%3A']) {
        expect(await jobs.add(queue, 'odd-id', {}, { jobId: id })).toBe(id);
        expect((await log.until('completed', id)).result).toBe(id);
        expect((await jobs.get(queue, id))?.id).toBe(id);
      }
    });

    it('reports progress through events and get()', async () => {
      const { jobs, log, queue, work } = the();
      const hold = gate();
      await work(async (job) => {
        await job.updateProgress(50);
        await hold.opened;
        await job.updateProgress({ stage: 'sent' });
        return 'ok';
      });
      const id = await jobs.add(queue, 'deliver', {});
      try {
        await log.until('progress', id);
        expect(await jobs.get(queue, id)).toMatchObject({ state: 'active', progress: 50 });
      } finally {
        hold.open();
      }
      await log.until('completed', id);
      expect(log.of(id, 'progress').map((e) => e.type === 'progress' && e.progress)).toEqual([50, { stage: 'sent' }]);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'completed', progress: { stage: 'sent' } });
    });

    it('runs as many jobs at once as the concurrency allows', async () => {
      const { jobs, log, queue, work } = the();
      const hold = gate();
      const twoRunning = gate();
      let running = 0;
      let most = 0;
      await work(async () => {
        most = Math.max(most, ++running);
        if (running === 2) twoRunning.open();
        await hold.opened;
        running--;
      }, 2);
      const ids = [await jobs.add(queue, 'a', {}), await jobs.add(queue, 'b', {}), await jobs.add(queue, 'c', {})];
      try {
        await within(twoRunning.opened, 'a second job to run beside the first');
      } finally {
        hold.open();
      }
      for (const id of ids) await log.until('completed', id);
      expect(most).toBe(2);
    });

    it('lets active jobs finish when closing', async () => {
      const { jobs, log, queue, work } = the();
      const started = gate();
      let finished = false;
      await work(async () => {
        started.open();
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
        finished = true;
      });
      const id = await jobs.add(queue, 'slow', {});
      await within(started.opened, 'the job to start');
      await jobs.close();
      expect(finished).toBe(true);
      expect(log.of(id, 'completed')).toHaveLength(1);
    });

    jobRetriesContract(the);
    jobRetentionContract(the, open);
  });
}
