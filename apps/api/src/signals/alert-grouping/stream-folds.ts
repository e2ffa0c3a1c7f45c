import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent } from '@tocsin/domain';
import { EVENT_STORE, type EventStore } from '../../runtime/ports';
import type { Decider } from '../../shared/event-sourced';
import { StreamStates } from '../../shared/stream-states';

/**
 * Streams folded to their latest event for grouping's reads (is this alert open, who leads the key's group),
 * each kept so the next read takes only what came after: a key's stream grows by an event per alert.
 */
@Injectable()
export class StreamFolds {
  private readonly folds = new StreamStates();

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async state<State, Command, Event extends DomainEvent>(
    stream: string,
    decider: Decider<State, Command, Event>,
  ): Promise<State> {
    const known = this.folds.get(stream, decider);
    const after = await this.eventStore.readStream(stream, known && { fromRevision: known.revision + 1 });
    let state = (known?.state as State | undefined) ?? decider.initial();
    for (const event of after) state = decider.evolve(state, { type: event.type, data: event.data } as Event);
    const revision = after.at(-1)?.revision;
    if (revision !== undefined) this.folds.set(stream, decider, revision, state);
    return state;
  }
}
