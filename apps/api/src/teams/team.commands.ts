import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideTeam, evolveTeam, initialTeam, teamStream, type TeamCommand } from '@tocsin/domain';
import { teamsProjection } from '@tocsin/projector';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand, type DistributiveOmit } from '../shared/event-sourced';
import { ProjectionProgress } from '../shared/projection-progress';
import type { RequestContext } from '../shared/request-context';

/** One command class carries any of the team's commands; the decider tells them apart. */
export class TeamCommandMessage {
  constructor(
    readonly command: TeamCommand,
    readonly context: RequestContext,
  ) {}
}

const decider = { initial: initialTeam, evolve: evolveTeam, decide: decideTeam };

@CommandHandler(TeamCommandMessage)
export class TeamCommandHandler implements ICommandHandler<TeamCommandMessage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ command, context }: TeamCommandMessage) {
    const deps = { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
    return handleCommand(deps, teamStream(command.teamId), decider, command, context);
  }
}

/** Runs a team command in the caller's organization and returns once the teams view shows it (read-your-writes). */
@Injectable()
export class TeamCommands {
  constructor(
    private readonly bus: CommandBus,
    private readonly progress: ProjectionProgress,
  ) {}

  async run(command: DistributiveOmit<TeamCommand, 'orgId'>, context: RequestContext): Promise<void> {
    const full = { ...command, orgId: context.orgId } as TeamCommand;
    const outcome = await this.bus.execute<TeamCommandMessage, { position: number | null }>(new TeamCommandMessage(full, context));
    await this.progress.waitFor(teamsProjection.name, outcome.position);
  }
}
