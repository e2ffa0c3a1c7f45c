import { alertStreamFor } from '@tocsin/domain';
import type { EventStore } from '@tocsin/platform';
import { PagingProcessManager } from '../../apps/api/src/signals/paging/paging.process-manager';
import { startApp, type TestApp } from '../support/app';
import { signInAs } from '../support/session';
import { createSource, createTeam, ingest } from './signals-ingest.support';

/**
 * A noisy tool repeats one alert: each repeat is an event on the alert's stream, and with auto-resolve each one
 * makes the paging process manager plan the alert again. The work of one repeat must not grow with the repeats
 * before it: counted here as the events read back from the alert's stream (the real SQLite log) per repeat.
 */
describe('the cost of a repeated alert', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('reads the same number of events for the 100th repeat as for the 10th', async () => {
    const owner = await signInAs(app.url, 'owner');
    const teamId = await createTeam(owner, 'Noisy');
    const source = await createSource(owner, {
      name: 'Noisy tool',
      format: 'generic',
      team_id: teamId,
      auto_resolve_after: 'PT30M',
      rate_limit_per_minute: 100_000,
    });
    const stream = alertStreamFor(source.id, 'noisy');
    const eventStore: EventStore = app.runtime.infra.eventStore;
    const paging = app.app.get(PagingProcessManager);
    // the real store, counting what it hands back for the alert's stream
    let read = 0;
    const readStream = eventStore.readStream.bind(eventStore);
    eventStore.readStream = async (name, options) => {
      const events = await readStream(name, options);
      if (name === stream) read += events.length;
      return events;
    };
    /** Sends one repeat and waits until paging has handled it; answers the events read meanwhile. */
    const repeat = async () => {
      const before = read;
      await ingest(app.url, `/ingest/${source.token}`, { summary: 'Noisy', dedup_key: 'noisy' }).expect(202);
      await paging.waitFor(await eventStore.headPosition());
      return read - before;
    };
    const perRepeat: number[] = [];
    for (let i = 0; i < 100; i++) perRepeat.push(await repeat());
    const early = perRepeat.slice(5, 15);
    const late = perRepeat.slice(90, 100);
    expect((await readStream(stream)).length).toBe(100);
    // each repeat reads its own new event back, a constant few times, however long the stream has grown
    expect(Math.max(...late)).toBeLessThanOrEqual(Math.max(...early));
    expect(Math.max(...late)).toBeLessThanOrEqual(4);
  });
});
