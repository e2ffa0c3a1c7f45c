import { Module } from '@nestjs/common';
import { IncidentsModule } from '../incidents/incidents.module';
import { RetrospectiveTemplatesController } from './retrospective-templates.controller';
import { RetrospectiveTemplatesService } from './retrospective-templates.service';
import { RetrospectiveRoom } from './retrospective-room';
import { RetrospectivesController } from './retrospectives.controller';
import { RetrospectivesService } from './retrospectives.service';

/**
 * Retrospectives (issue 21): the templates (settings), and each incident's retrospective with its Markdown and
 * PDF exports (`retrospectivePdf`), built from the incident as the incidents area reads it, and its live room.
 */
@Module({
  imports: [IncidentsModule],
  controllers: [RetrospectiveTemplatesController, RetrospectivesController],
  providers: [RetrospectiveTemplatesService, RetrospectivesService, RetrospectiveRoom],
})
export class RetrospectivesModule {}
