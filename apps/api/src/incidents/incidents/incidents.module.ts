import { Module } from '@nestjs/common';
import { IncidentItemsController } from './incident-items.controller';
import { IncidentPagesReactor } from './incident-pages.reactor';
import { IncidentPaging } from './incident-paging';
import { IncidentRoom } from './incident-room';
import { IncidentTimelineController } from './incident-timeline.controller';
import { IncidentTimelineService } from './incident-timeline.service';
import { IncidentWorkController } from './incident-work.controller';
import { IncidentsController } from './incidents.controller';
import { IncidentsService } from './incidents.service';

/** Incidents (issue 21): declared, worked, paged for, their timeline and their past. */
@Module({
  // the lists across incidents first: `/incidents/tasks` is not an incident called "tasks"
  controllers: [IncidentWorkController, IncidentsController, IncidentItemsController, IncidentTimelineController],
  providers: [IncidentsService, IncidentTimelineService, IncidentPaging, IncidentPagesReactor, IncidentRoom],
  // the retrospectives read the incident, its settings and people's names through these
  exports: [IncidentsService, IncidentTimelineService],
})
export class IncidentsModule {}
