import { Module } from '@nestjs/common';
import { AlertsController } from './alerts/alerts.controller';
import { AlertsQueries } from './alerts/alerts.queries';
import { AlertRoom } from './alerts/alert-room';
import { EventSourcesController } from './event-sources/event-sources.controller';
import { EventSourcesService } from './event-sources/event-sources.service';
import { SecretBox } from './event-sources/secret-box';
import { SourceRates } from './event-sources/source-rates';
import { IngestLogWriter } from './ingest/ingest-log.writer';
import { IngestController } from './ingest/ingest.controller';
import { IngestService } from './ingest/ingest.service';
import { RoutingLookup } from './ingest/routing-lookup';
import { RoutingService } from './ingest/routing.service';
import { SeenSignatures } from './ingest/seen-signatures';
import { AlertGroupingIngest } from './alert-grouping/alert-grouping.ingest';
import { StreamFolds } from './alert-grouping/stream-folds';
import { MaintenanceSuppression } from '../incidents/maintenances/maintenance-suppression';

/** Signals ingestion: event sources, the ingest URLs and their log, the alerts list and its actions. */
@Module({
  controllers: [EventSourcesController, IngestController, AlertsController],
  providers: [
    SecretBox,
    EventSourcesService,
    SourceRates,
    IngestLogWriter,
    IngestService,
    RoutingLookup,
    RoutingService,
    SeenSignatures,
    AlertsQueries,
    AlertRoom,
    AlertGroupingIngest,
    StreamFolds,
    MaintenanceSuppression,
  ],
  exports: [
    MaintenanceSuppression,
    IngestLogWriter,
    IngestService,
    RoutingLookup,
    RoutingService,
    AlertsQueries,
    SeenSignatures,
    SourceRates,
  ],
})
export class SignalsIngestModule {}
