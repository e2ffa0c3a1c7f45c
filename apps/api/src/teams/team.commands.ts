import { Injectable } from '@nestjs/common';
import type { TeamCommand } from '@tocsin/domain';
import { teamCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import type { DistributiveOmit } from '../shared/event-sourced';
import { teamsView } from '@tocsin/read-models';
import type { RequestContext } from '../shared/request-context';

/** Runs a team command in the caller's organization and returns once the teams view shows it (read-your-writes). */
@Injectable()
export class TeamCommands {
  constructor(private readonly commands: Commands) {}

  async run(command: DistributiveOmit<TeamCommand, 'orgId'>, context: RequestContext): Promise<void> {
    await this.commands.run(teamCommand(command, context), teamsView.name);
  }
}
