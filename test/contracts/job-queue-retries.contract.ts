import type { JobQueueFixture } from './job-queue-fixtures';

/**
 * Retries and their backoff, in clock time. Runs inside jobQueueContract with its fixture. Backoffs are
 * longer than the wait bound, so an adapter that timed them by the wall clock would fail here.
 */
export function jobRetriesContract(the: () => JobQueueFixture): void {
  describe('retries', () => {
    const failing = async () => {
      throw new Error('boom');
    };
    const tries = (id: string) => the().ran.filter((job) => job.id === id).length;

    it('retries a failed job at once without backoff, and it ends completed on its 2nd try', async () => {
      const { jobs, log, queue, ran, work } = the();
      await work(async (job) => {
        if (job.attemptsMade === 0) throw new Error('flaky');
        return 'delivered';
      });
      const id = await jobs.add(queue, 'deliver', {}, { attempts: 2 });
      await log.until('completed', id);
      expect(log.of(id).map((e) => e.type)).toEqual(['retrying', 'completed']);
      expect(log.of(id, 'retrying')[0]).toEqual({ type: 'retrying', queue, id, error: 'flaky', attemptsMade: 1 });
      expect(ran.map((job) => job.attemptsMade)).toEqual([0, 1]);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'completed', attemptsMade: 2, result: 'delivered' });
    });

    it('fails for good after its attempts when there is no retry left', async () => {
      const { jobs, log, queue, work } = the();
      await work(failing);
      const id = await jobs.add(queue, 'once', {});
      expect(await log.until('failed', id)).toEqual({ type: 'failed', queue, id, error: 'boom', attemptsMade: 1 });
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'failed', attemptsMade: 1, failedReason: 'boom' });
      expect(log.of(id, 'retrying')).toEqual([]);
    });

    it('waits a fixed backoff of clock time between tries', async () => {
      const { jobs, log, queue, work, barrier, clock } = the();
      await work(failing);
      const id = await jobs.add(queue, 'page', {}, { attempts: 3, backoff: { type: 'fixed', delay: 60_000 } });
      await log.until('retrying', id, (e) => e.attemptsMade === 1);
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'delayed', attemptsMade: 1, failedReason: 'boom' });
      await clock.advance(59_999);
      await barrier();
      expect(tries(id)).toBe(1);
      await clock.advance(1);
      await log.until('retrying', id, (e) => e.attemptsMade === 2);
      await clock.advance(59_999);
      await barrier();
      expect(tries(id)).toBe(2);
      await clock.advance(1);
      expect(await log.until('failed', id)).toEqual({ type: 'failed', queue, id, error: 'boom', attemptsMade: 3 });
      expect(await jobs.get(queue, id)).toMatchObject({ state: 'failed', attemptsMade: 3, failedReason: 'boom' });
      expect(log.of(id).map((e) => e.type)).toEqual(['retrying', 'retrying', 'failed']);
    });

    it('doubles an exponential backoff after each try', async () => {
      const { jobs, log, queue, work, barrier, clock } = the();
      await work(failing);
      const id = await jobs.add(queue, 'notify', {}, { attempts: 3, backoff: { type: 'exponential', delay: 30_000 } });
      await log.until('retrying', id, (e) => e.attemptsMade === 1);
      await clock.advance(29_999);
      await barrier();
      expect(tries(id)).toBe(1);
      await clock.advance(1);
      await log.until('retrying', id, (e) => e.attemptsMade === 2);
      await clock.advance(59_999);
      await barrier();
      expect(tries(id)).toBe(2);
      await clock.advance(1);
      await log.until('failed', id);
      expect(tries(id)).toBe(3);
    });
  });
}
