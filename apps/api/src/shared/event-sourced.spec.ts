import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, SystemClock, type EventStore } from '@tocsin/platform';
import { handleCommand, type CommandContext, type Decider } from './event-sourced';
import { StreamStates } from './stream-states';

type Counted = { type: 'Counted'; data: { by: number } };
/** A counter: its state is the sum of what was counted, and a command says how much to add. */
const counter: Decider<{ total: number; events: number }, { add: number }, Counted> = {
  initial: () => ({ total: 0, events: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by, events: state.events + 1 }),
  decide: (command) => (command.add === 0 ? [] : [{ type: 'Counted', data: { by: command.add } }]),
};

let seq = 0;
const context = (commandId = `command-${seq++}`, fresh = true): CommandContext => ({
  orgId: 'org-1',
  actorId: null,
  commandId,
  correlationId: commandId,
  fresh,
});

describe('the command path: a state kept per stream, the log the truth', () => {
  let dir: string;
  let eventStore: EventStore;
  const clock = new SystemClock();
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tocsin-event-sourced-'));
    eventStore = SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const totalOf = async (stream: string) =>
    (await eventStore.readStream(stream)).reduce((sum, e) => sum + (e.data as { by: number }).by, 0);

  it('a fresh command reads only the events after the state it kept, and decides on the same state as a full read', async () => {
    const states = new StreamStates();
    const reads = jest.spyOn(eventStore, 'readStream');
    for (let i = 1; i <= 5; i++)
      await handleCommand({ eventStore, clock, states }, 's', counter, { add: i }, context());
    // the first read is whole, the next ones start after the revision kept: 0, 1, 2, 3
    expect(reads.mock.calls.map(([, options]) => options?.fromRevision)).toEqual([undefined, 1, 2, 3, 4]);
    expect(states.get('s', counter)).toMatchObject({ revision: 4, state: { total: 15, events: 5 } });
    expect(await totalOf('s')).toBe(15);
  });

  it('folds in what another writer appended since, and retries on a conflict from fresh state', async () => {
    const states = new StreamStates();
    await handleCommand({ eventStore, clock, states }, 's', counter, { add: 1 }, context());
    // another process (a second api) appends without this one's cache knowing
    await handleCommand({ eventStore, clock }, 's', counter, { add: 10 }, context());
    await handleCommand({ eventStore, clock, states }, 's', counter, { add: 100 }, context());
    expect(states.get('s', counter)?.state).toEqual({ total: 111, events: 3 });

    // two at once on one stream: one appends, the other conflicts, reads what came after, and appends too
    await Promise.all([
      handleCommand({ eventStore, clock, states }, 's', counter, { add: 1000 }, context()),
      handleCommand({ eventStore, clock, states }, 's', counter, { add: 10000 }, context()),
    ]);
    expect(await totalOf('s')).toBe(11111);
    expect(states.get('s', counter)?.state).toEqual({ total: 11111, events: 5 });
  });

  it('a command whose id may have been applied (not fresh) reads the stream whole and is not applied twice', async () => {
    const states = new StreamStates();
    const retried = context('idempotency-key-derived', false);
    const first = await handleCommand({ eventStore, clock, states }, 's', counter, { add: 5 }, retried);
    await handleCommand({ eventStore, clock, states }, 's', counter, { add: 1 }, context());
    const again = await handleCommand({ eventStore, clock, states }, 's', counter, { add: 5 }, retried);
    expect(again).toEqual({ position: first.position, events: [] });
    expect(await totalOf('s')).toBe(6);
  });

  it('keeps the most recently used streams up to its capacity, and never an older state over a newer one', () => {
    const states = new StreamStates(2);
    states.set('a', counter, 0, { total: 1 });
    states.set('b', counter, 0, { total: 1 });
    states.get('a', counter);
    states.set('c', counter, 0, { total: 1 });
    expect([states.get('a', counter), states.get('b', counter), states.get('c', counter)].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    states.set('a', counter, 5, { total: 5 });
    states.set('a', counter, 3, { total: 3 });
    expect(states.get('a', counter)).toMatchObject({ revision: 5, state: { total: 5 } });
    // a stream's state belongs to its decider
    expect(states.get('a', { ...counter })).toBeUndefined();
    expect(states.size).toBe(2);
  });

  it("bounds each decider's streams apart: many of one kind do not push another's out", () => {
    const states = new StreamStates(2);
    const other = { ...counter };
    states.set('alert', counter, 0, { total: 1 });
    for (const stream of ['h1', 'h2', 'h3']) states.set(stream, other, 0, { total: 1 });
    expect(states.get('alert', counter)).toMatchObject({ revision: 0 });
    expect([states.get('h1', other), states.get('h2', other), states.get('h3', other)].map(Boolean)).toEqual([
      false,
      true,
      true,
    ]);
    expect(states.size).toBe(3);
  });
});
