import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DomainEvent } from '@tocsin/domain';
import { CLOCK, EVENT_STORE, type Clock, type EventStore } from '../runtime/ports';
import { handleCommand } from '../shared/event-sourced';
import { StreamQueue } from '../shared/stream-queue';
import { StreamStates } from '../shared/stream-states';
import { CommandMessage, type CommandOutcome } from './command-message';

/**
 * The api's one command handler, for every stream: read the message's stream, fold it with its decider,
 * decide, append with the expected revision (retried once on a concurrent write, then 409; a command id
 * already in the stream is not applied again). Commands on one stream run one after the other in this process,
 * so only another process can make a conflict.
 */
@CommandHandler(CommandMessage)
export class DecideCommandHandler implements ICommandHandler<CommandMessage> {
  /** Streams decided on lately, so a command made just now reads only what came after (see `handleCommand`). */
  private readonly states = new StreamStates();
  private readonly queue = new StreamQueue();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute<State, Cmd, Event extends DomainEvent>({
    decider,
    stream,
    command,
    context,
  }: CommandMessage<State, Cmd, Event>): Promise<CommandOutcome<Event>> {
    const { eventStore, clock, states } = this;
    return this.queue.run(stream, () =>
      handleCommand({ eventStore, clock, states }, stream, decider, command, context),
    );
  }
}
