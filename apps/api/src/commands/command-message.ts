import { Command } from '@nestjs/cqrs';
import type { DomainEvent } from '@tocsin/domain';
import type { CommandContext, Decider } from '../shared/event-sourced';

/** What the one handler answers: the global position of the last event written (null: the decision was "nothing"), and the events. */
export interface CommandOutcome<Event extends DomainEvent = DomainEvent> {
  position: number | null;
  events: Event[];
}

/**
 * A command for one stream: the decider that decides it and the stream it is read from and appended to.
 * Build one with the typed helpers in `aggregates.ts`; `Commands.run` sends it to the one handler.
 */
export class CommandMessage<State = unknown, Cmd = unknown, Event extends DomainEvent = DomainEvent> extends Command<
  CommandOutcome<Event>
> {
  constructor(
    readonly decider: Decider<State, Cmd, Event>,
    readonly stream: string,
    readonly command: Cmd,
    readonly context: CommandContext,
  ) {
    super();
  }
}
