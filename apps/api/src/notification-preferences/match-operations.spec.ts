import { DomainError } from '@tocsin/domain';
import { ManualClock } from '@tocsin/platform';
import { runOneByOne } from './match-operations';

describe('running match operations one by one', () => {
  it('counts an operation that takes longer than 30 seconds as failed, and still runs the next one', async () => {
    const clock = new ManualClock();
    const started: string[] = [];
    const apply = (name: string) => {
      started.push(name);
      return name === 'hangs' ? new Promise<number>(() => undefined) : Promise.resolve(7);
    };
    const run = runOneByOne(['first', 'hangs', 'last'], apply, clock);
    while (started.length < 2) await new Promise((resolve) => setImmediate(resolve));
    await clock.advance(29_999);
    expect(started).toEqual(['first', 'hangs']);
    await clock.advance(1);
    expect(await run).toEqual([
      { ok: true, position: 7 },
      { ok: false, reason: 'Timed out after 30 seconds' },
      { ok: true, position: 7 },
    ]);
  });

  it("records a refused operation with the decider's reason and reports progress after each", async () => {
    const done: number[] = [];
    const apply = async (name: string) => {
      if (name === 'refused')
        throw new DomainError('The notification setting is not valid', 'invalid', {
          destination: ['destination must be one of your available destinations'],
        });
      return null;
    };
    const outcomes = await runOneByOne(['refused', 'fine'], apply, new ManualClock(), (count) => void done.push(count));
    expect(outcomes).toEqual([
      {
        ok: false,
        reason: 'The notification setting is not valid: destination must be one of your available destinations',
      },
      { ok: true, position: null },
    ]);
    expect(done).toEqual([1, 2]);
  });
});
