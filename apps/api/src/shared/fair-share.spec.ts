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

describe('FairShare with a ceiling per tenant', () => {
  it("holds a bursting tenant at its ceiling while another has work, and starts the other's piece at once", async () => {
    const share = new FairShare({ capacity: 16, perTenant: 2 });
    const started: string[] = [];
    const present = gated(started, 'b0');
    const presentRun = share.run('org-b', present.work);
    const pieces = Array.from({ length: 50 }, (_, i) => gated(started, `a${i}`));
    const runs = pieces.map((piece) => share.run('org-a', piece.work));
    await tick();
    // B has work: A runs two at once, not sixteen
    expect(started).toEqual(['b0', 'a0', 'a1']);
    expect(share.queued).toBe(48);
    const quiet = gated(started, 'b1');
    const quietRun = share.run('org-b', quiet.work);
    await tick();
    expect(started).toEqual(['b0', 'a0', 'a1', 'b1']);
    // A's next piece starts when one of its own finishes, in its arrival order
    pieces[1].finish();
    await tick();
    expect(started).toEqual(['b0', 'a0', 'a1', 'b1', 'a2']);
    present.finish();
    quiet.finish();
    await Promise.all([presentRun, quietRun]);
    for (const piece of pieces) piece.finish();
    await Promise.all(runs);
    expect(started).toHaveLength(52);
    expect(share.queued).toBe(0);
  });

  it('lets a tenant alone use the whole capacity, and holds it at its ceiling once another shows up', async () => {
    const share = new FairShare({ capacity: 4, perTenant: 1, recentMs: 60_000 });
    const started: string[] = [];
    const pieces = Array.from({ length: 8 }, (_, i) => gated(started, `a${i}`));
    const runs = pieces.map((piece) => share.run('org-a', piece.work));
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3']);
    const other = gated(started, 'b0');
    const otherRun = share.run('org-b', other.work);
    await tick();
    // the process is full: B takes the next slot that frees
    pieces[0].finish();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3', 'b0']);
    // B is present (running, then seen within recentMs): A stays at its ceiling of one until it is back under it
    other.finish();
    await otherRun;
    pieces[1].finish();
    pieces[2].finish();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3', 'b0']);
    pieces[3].finish();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3', 'b0', 'a4']);
    for (const piece of pieces) piece.finish();
    await Promise.all(runs);
    expect(started).toHaveLength(9);
  });

  it('keeps arrival order within a tenant: a newcomer does not pass its own queued pieces', async () => {
    const share = new FairShare({ capacity: 1, perTenant: 1 });
    const started: string[] = [];
    const first = gated(started, 'a0');
    const second = gated(started, 'a1');
    const runFirst = share.run('org-a', first.work);
    const runSecond = share.run('org-a', second.work);
    await tick();
    first.finish();
    await runFirst;
    const third = gated(started, 'a2');
    const runThird = share.run('org-a', third.work);
    await tick();
    expect(started).toEqual(['a0', 'a1']);
    second.finish();
    await runSecond;
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2']);
    third.finish();
    await runThird;
  });
});
