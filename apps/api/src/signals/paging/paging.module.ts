import { Module } from '@nestjs/common';
import { DestinationsModule } from '../../destinations/destinations.module';
import { SignalsIngestModule } from '../signals-ingest.module';
import { ActionLinkSecret } from './action-link-secret';
import { ActionLinksController } from './action-links.controller';
import { AlertPagingController } from './alert-paging.controller';
import { AlertPaging } from './alert-paging.service';
import { ChannelReadinessReport } from './channel-readiness';
import { EscalationAuditor } from './escalation-auditor';
import { OperatorNotice } from './operator-notice';
import { PageProcessor } from './page.processor';
import { PagingAuditController } from './paging-audit.controller';
import { PagingPlanner } from './paging.planner';
import { PagingProcessManager } from './paging.process-manager';
import { SmsRepliesController } from './sms-replies.controller';

/** The paging engine (issue 9): scheduling, delivery, escalate now, reassign, signed links, the timeline. */
@Module({
  imports: [SignalsIngestModule, DestinationsModule],
  controllers: [AlertPagingController, ActionLinksController, SmsRepliesController, PagingAuditController],
  providers: [
    AlertPaging,
    ActionLinkSecret,
    PagingPlanner,
    PagingProcessManager,
    PageProcessor,
    EscalationAuditor,
    ChannelReadinessReport,
    OperatorNotice,
  ],
  exports: [PagingProcessManager, EscalationAuditor, OperatorNotice, ChannelReadinessReport],
})
export class PagingModule {}
