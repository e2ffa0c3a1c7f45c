import { Module } from '@nestjs/common';
import { TeamCommands } from './team.commands';
import { TeamLeaversReactor } from './team-leavers.reactor';
import { TeamMembershipsController } from './team-memberships.controller';
import { TeamsController } from './teams.controller';
import { TeamsQueries } from './teams.queries';

@Module({
  controllers: [TeamsController, TeamMembershipsController],
  providers: [TeamCommands, TeamsQueries, TeamLeaversReactor],
  exports: [TeamLeaversReactor],
})
export class TeamsModule {}
