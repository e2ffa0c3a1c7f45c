import type { DomainEvent } from '@tocsin/domain';
import {
  currentTraceCarrier,
  WrongExpectedRevisionError,
  type Clock,
  type EventStore,
  type NewEvent,
} from '@tocsin/platform';
import { deterministicId } from './deterministic-id';
import type { StreamStates } from './stream-states';
import type { RequestContext } from './request-context';

/** Omit over each member of a union of commands (a plain Omit would merge them into one shape). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a command runs as, for its events' metadata: an orgId of null or '' keeps them out of every organization's history. */
export type CommandContext = Pick<
  RequestContext,
  'actorId' | 'commandId' | 'correlationId' | 'fresh' | 'via' | 'apiKeyId'
> & {
  orgId: string | null;
};

export interface Decider<State, Command, Event extends DomainEvent> {
  initial: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

// in a file of its own so the request context (which scopes Idempotency-Keys with it) does not import this one
export { deterministicId };

/**
 * The command handler's whole job: read the stream, fold it, decide, append with the expected
 * revision. A concurrent writer makes the append fail; it is retried once on fresh state, then 409.
 * A command already in the stream (same command id: a retried request) is not applied again.
 * Returns the global position of the last event written (null when the decision was "nothing").
 *
 * With `states`, a command whose id was just made (`context.fresh`: it cannot be in the stream) starts from the
 * state this process folded last time and reads only the events after it; any other command reads the whole
 * stream, which is what finds its id if it was applied before.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  deps: { eventStore: EventStore; clock: Clock; states?: StreamStates },
  stream: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<{ position: number | null; events: Event[] }> {
  const evolve = (state: State, event: { type: string; data: unknown }) =>
    decider.evolve(state, { type: event.type, data: event.data } as Event);
  for (let attempt = 0; ; attempt++) {
    const known = context.fresh ? deps.states?.get(stream, decider) : undefined;
    let state: State;
    let revision: number | null;
    if (known) {
      const after = await deps.eventStore.readStream(stream, { fromRevision: known.revision + 1 });
      state = after.reduce(evolve, known.state as State);
      revision = after.at(-1)?.revision ?? known.revision;
    } else {
      const history = await deps.eventStore.readStream(stream);
      const applied = history.find((e) => e.metadata.commandId === context.commandId);
      if (applied) return { position: applied.position, events: [] };
      state = history.reduce(evolve, decider.initial());
      revision = history.at(-1)?.revision ?? null;
    }
    if (revision !== null) deps.states?.set(stream, decider, revision, state);
    const events = decider.decide(command, state);
    if (events.length === 0) return { position: null, events };
    const occurredAt = new Date(deps.clock.now()).toISOString();
    const traceparent = currentTraceCarrier()?.traceparent;
    const toAppend: NewEvent[] = events.map((event, index) => ({
      id: deterministicId(`${context.commandId}/${index}`),
      type: event.type,
      data: event.data,
      metadata: {
        orgId: context.orgId,
        actorId: context.actorId,
        commandId: context.commandId,
        correlationId: context.correlationId,
        causationId: context.commandId,
        occurredAt,
        schemaVersion: 1,
        // an API key acts for its owner (`actorId`): the event says it came through that key
        ...(context.apiKeyId
          ? { via: 'key' as const, apiKeyId: context.apiKeyId }
          : context.via && { via: context.via }),
        ...(traceparent && { traceparent }),
      },
    }));
    const expected = revision === null ? 'no_stream' : revision;
    try {
      const result = await deps.eventStore.append(stream, toAppend, expected);
      deps.states?.set(stream, decider, result.nextRevision, events.reduce(evolve, state));
      return { position: result.position, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 1) throw error;
    }
  }
}

/** A stream's events folded into its decider's state. */
export function fold<State, Event extends DomainEvent>(
  history: ReadonlyArray<{ type: string; data: unknown }>,
  decider: Pick<Decider<State, never, Event>, 'initial' | 'evolve'>,
): State {
  return history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initial());
}

/** The state of `stream` as its decider knows it: what a command would be decided on. */
export async function currentState<State, Event extends DomainEvent>(
  eventStore: EventStore,
  stream: string,
  decider: Pick<Decider<State, never, Event>, 'initial' | 'evolve'>,
): Promise<State> {
  return fold(await eventStore.readStream(stream), decider);
}
