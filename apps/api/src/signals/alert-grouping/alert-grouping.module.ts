import { Module } from '@nestjs/common';
import { AlertGroupingController } from './alert-grouping.controller';
import { AlertGroupingService } from './alert-grouping.service';
import { AlertGroupsController } from './alert-groups.controller';
import { AlertGroupsService } from './alert-groups.service';
import { StreamFolds } from './stream-folds';

/** Alert grouping (issue 20): its rules and the groups alerts formed. Grouping at ingest is in SignalsIngestModule. */
@Module({
  controllers: [AlertGroupingController, AlertGroupsController],
  providers: [AlertGroupingService, AlertGroupsService, StreamFolds],
})
export class AlertGroupingModule {}
