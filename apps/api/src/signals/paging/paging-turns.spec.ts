import { PagingTurns } from './paging-turns';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An alert's work whose planning runs until the test lets it finish; notes when it planned and when it wrote. */
function work(log: string[], orgId: string, stream: string, name: string) {
  let finish!: () => void;
  const planned = new Promise<void>((resolve) => (finish = resolve));
  const plan = async () => {
    log.push(`plan ${name}`);
    await planned;
    return async () => void log.push(`write ${name}`);
  };
  return { work: { orgId, stream, plan }, finish };
}

describe('PagingTurns', () => {
  it("plans a quiet organization's alert after one of a storm's, not after the whole storm", async () => {
    const turns = new PagingTurns(null);
    const log: string[] = [];
    const storm = Array.from({ length: 100 }, (_, i) => work(log, 'org-a', `alert-a${i}`, `a${i}`));
    for (const [i, piece] of storm.entries()) await turns.hand(i + 1, piece.work);
    const quiet = work(log, 'org-b', 'alert-b', 'b');
    await turns.hand(101, quiet.work);
    await tick();
    expect(log).toEqual(Array.from({ length: 8 }, (_, i) => `plan a${i}`));
    storm[0].finish();
    await tick();
    storm[1].finish();
    await tick();
    expect(log.filter((line) => line.startsWith('plan'))).toContain('plan b');
    expect(log.filter((line) => line.startsWith('plan')).length).toBeLessThan(12);
    // writes stay in log order: b's waits for the storm's before it
    quiet.finish();
    for (const piece of storm) piece.finish();
    await turns.waitFor(101);
    const writes = log.filter((line) => line.startsWith('write'));
    expect(writes).toEqual([...storm.map((_, i) => `write a${i}`), 'write b']);
  });

  it("plans one alert's events one after the other, and counts an event done only when those before it are", async () => {
    const turns = new PagingTurns(null);
    const log: string[] = [];
    const first = work(log, 'org-a', 'alert-1', 'first');
    const second = work(log, 'org-a', 'alert-1', 'second');
    const other = work(log, 'org-a', 'alert-2', 'other');
    await turns.hand(1, first.work);
    await turns.hand(2, second.work);
    await turns.hand(3, other.work);
    await turns.hand(4);
    let fourDone = false;
    void turns.waitFor(4).then(() => (fourDone = true));
    await tick();
    expect(log).toEqual(['plan first', 'plan other']);
    other.finish();
    await tick();
    expect(fourDone).toBe(false);
    first.finish();
    await tick();
    expect(log).toContain('plan second');
    second.finish();
    await turns.waitFor(4);
    expect(log.filter((line) => line.startsWith('write'))).toEqual(['write first', 'write second', 'write other']);
  });
});
