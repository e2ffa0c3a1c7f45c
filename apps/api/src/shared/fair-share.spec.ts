import { FairShare } from './fair-share';

/** A piece of work that runs until the test lets it finish, noting when it started. */
const gated = (started: string[], name: string) => {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => (started.push(name), done), finish };
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairShare', () => {
  it("gives the next slot to a quiet tenant, not to a bursting one's hundredth piece", async () => {
    const share = new FairShare(2);
    const started: string[] = [];
    const pieces = Array.from({ length: 100 }, (_, i) => gated(started, `a${i}`));
    const quiet = gated(started, 'b0');
    const runs = pieces.map((piece) => share.run('org-a', piece.work));
    await tick();
    const quietRun = share.run('org-b', quiet.work);
    await tick();
    expect(started).toEqual(['a0', 'a1']);
    // A waited first: its turn, then B's, though 97 more of A's are queued
    pieces[0].finish();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2']);
    pieces[1].finish();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'b0']);
    expect(share.queued).toBe(97);
    quiet.finish();
    await quietRun;
    for (const piece of pieces) piece.finish();
    await Promise.all(runs);
    expect(started).toHaveLength(101);
    expect(share.queued).toBe(0);
  });

  it('takes tenants in turns while several wait, each in its own arrival order', async () => {
    const share = new FairShare(1);
    const started: string[] = [];
    const names = ['a0', 'a1', 'a2', 'b0', 'b1', 'c0'];
    const pieces = names.map((name) => ({ name, ...gated(started, name) }));
    const runs = pieces.map((piece) => share.run(piece.name[0], piece.work));
    for (const piece of ['a0', 'a1', 'b0', 'c0', 'a2', 'b1']) {
      await tick();
      pieces.find((p) => p.name === piece)!.finish();
    }
    await Promise.all(runs);
    expect(started).toEqual(['a0', 'a1', 'b0', 'c0', 'a2', 'b1']);
  });

  it('runs work below capacity at once and passes its errors on', async () => {
    const share = new FairShare(4);
    await expect(share.run('org-a', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await share.run('org-a', async () => 42)).toBe(42);
    expect(share.queued).toBe(0);
  });
});
