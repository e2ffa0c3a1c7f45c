import { Module } from '@nestjs/common';
import { TeamCommandHandler, TeamCommands } from './team.commands';
import { TeamMembershipsController } from './team-memberships.controller';
import { TeamsController } from './teams.controller';
import { TeamsQueries } from './teams.queries';

@Module({ controllers: [TeamsController, TeamMembershipsController], providers: [TeamCommandHandler, TeamCommands, TeamsQueries] })
export class TeamsModule {}
