import { MemoryReadStore, ProjectionRunner, ReadModelSessionStore } from '@tocsin/platform';
import { sessionsProjection } from '@tocsin/read-models';
import { sessionStoreContract } from './session-store.contract';

// the embedded adapter: the projector folds the recorded events into the sessions read model
sessionStoreContract('ReadModelSessionStore', async (clock, log) => {
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner(log, readStore, [sessionsProjection], () => undefined);
  await runner.start();
  const store = new ReadModelSessionStore(readStore, {
    now: () => clock.now(),
    caughtUp: async (position) => (position === null ? undefined : runner.waitFor(position)),
  });
  return { store, close: () => runner.stop() };
});
