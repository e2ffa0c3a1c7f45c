import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DomainEvent } from '@tocsin/domain';
import { ProjectionProgress } from '../shared/projection-progress';
import type { CommandMessage, CommandOutcome } from './command-message';

/** Every write of the api: a command message through the bus to its one handler. */
@Injectable()
export class Commands {
  constructor(
    private readonly bus: CommandBus,
    private readonly progress: ProjectionProgress,
  ) {}

  /**
   * Decides and appends `message`; with `views`, returns once each of them shows its events (read-your-writes:
   * the client that just saved sees its change on its next read). Without, returns as soon as they are in the log.
   */
  async run<State, Cmd, Event extends DomainEvent>(
    message: CommandMessage<State, Cmd, Event>,
    ...views: string[]
  ): Promise<CommandOutcome<Event>> {
    const outcome = await this.bus.execute(message);
    for (const view of views) await this.progress.waitFor(view, outcome.position);
    return outcome;
  }
}
