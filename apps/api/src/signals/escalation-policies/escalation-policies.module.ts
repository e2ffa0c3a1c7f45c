import { Module } from '@nestjs/common';
import { EscalationPoliciesController } from './escalation-policies.controller';
import { EscalationPoliciesService } from './escalation-policies.service';
import { EscalationTargetsController } from './escalation-targets.controller';
import { EscalationTargetsQueries } from './escalation-targets.queries';

@Module({
  controllers: [EscalationPoliciesController, EscalationTargetsController],
  providers: [EscalationPoliciesService, EscalationTargetsQueries],
  exports: [EscalationPoliciesService],
})
export class EscalationPoliciesModule {}
