import { Module } from '@nestjs/common';
import { SignalsIngestModule } from '../../signals/signals-ingest.module';
import { MaintenanceReleaseProcessor } from './maintenance-release.job';
import { MaintenancesController } from './maintenances.controller';
import { MaintenancesProcessManager } from './maintenances.process-manager';
import { MaintenancesService } from './maintenances.service';

/**
 * Scheduled maintenances (issue 21): their API, and what follows from a change (where jobs run): the alerts a
 * maintenance holds are reviewed. The hold itself is decided at ingest and ended by the paging engine's jobs.
 */
@Module({
  imports: [SignalsIngestModule],
  controllers: [MaintenancesController],
  providers: [MaintenancesService, MaintenancesProcessManager, MaintenanceReleaseProcessor],
})
export class MaintenancesModule {}
