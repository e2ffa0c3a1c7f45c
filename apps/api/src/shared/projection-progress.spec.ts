import { MemoryReadStore } from '@tocsin/platform';
import type { EventStore, HostedProjector } from '../runtime/ports';
import { ProjectionProgress, ViewBehindError } from './projection-progress';

/** A hosted projector that has folded the log up to `at` (raise it to let waiters go). */
function runnerAt(at: { position: number }): HostedProjector {
  return {
    waitFor: (position: number) =>
      new Promise<void>((resolve) => {
        const check = () => (at.position >= position ? resolve() : setTimeout(check, 5));
        check();
      }),
  } as unknown as HostedProjector;
}

const noLog = {} as EventStore;

describe('ProjectionProgress', () => {
  it('says whether the view caught up in time; catchUp throws when it did not', async () => {
    const at = { position: 10 };
    const progress = new ProjectionProgress(runnerAt(at), new MemoryReadStore(), noLog);
    expect(await progress.waitFor('maintenances', 10, 50)).toBe(true);
    expect(await progress.waitFor('maintenances', null, 50)).toBe(true);
    expect(await progress.waitFor('maintenances', 11, 50)).toBe(false);
    await expect(progress.catchUp('maintenances', 11, 50)).rejects.toBeInstanceOf(ViewBehindError);
    setTimeout(() => (at.position = 11), 20);
    await expect(progress.catchUp('maintenances', 11, 500)).resolves.toBeUndefined();
  });

  it('reads the checkpoint of a view another process folds', async () => {
    const store = new MemoryReadStore();
    const progress = new ProjectionProgress(null, store, noLog);
    expect(await progress.waitFor('maintenances', 3, 30)).toBe(false);
    await store.commit('maintenances', { position: 3, version: 1 }, []);
    expect(await progress.waitFor('maintenances', 3, 30)).toBe(true);
    // a zero timeout still looks once
    expect(await progress.waitFor('maintenances', 3, 0)).toBe(true);
    await expect(progress.catchUp('maintenances', 4, 30)).rejects.toThrow(
      /maintenances view had not reached position 4/,
    );
  });
});
