import { ManualClock, MemoryJobQueue } from '@tocsin/platform';
import { jobQueueContract } from './job-queue.contract';

jobQueueContract('MemoryJobQueue', async (clock, retention) => new MemoryJobQueue(clock, retention));

describe('MemoryJobQueue groups', () => {
  it("runs ready jobs round-robin over their groups: one group's burst does not hold another's job behind it", async () => {
    const jobs = new MemoryJobQueue(new ManualClock(Date.parse('2026-11-27T12:00:00Z')));
    const ran: string[] = [];
    let finished!: () => void;
    const all = new Promise<void>((resolve) => (finished = resolve));
    for (let i = 0; i < 50; i++) await jobs.add('paging', 'page', { n: `a${i}` }, { group: 'org-a' });
    await jobs.add('paging', 'page', { n: 'b0' }, { group: 'org-b' });
    await jobs.add('paging', 'page', { n: 'b1' }, { group: 'org-b' });
    await jobs.process<{ n: string }, void>('paging', async (job) => {
      ran.push(job.data.n);
      if (ran.length === 52) finished();
    });
    await all;
    await jobs.close();
    expect(ran.slice(0, 5)).toEqual(['a0', 'b0', 'a1', 'b1', 'a2']);
    expect(ran.slice(5)).toEqual(Array.from({ length: 47 }, (_, i) => `a${i + 3}`));
  });
});
