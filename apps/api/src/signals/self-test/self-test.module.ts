import { Module } from '@nestjs/common';
import { SecretBox } from '../event-sources/secret-box';
import { RoutingLookup } from '../ingest/routing-lookup';
import { PagingModule } from '../paging/paging.module';
import { SelfTestController } from './self-test.controller';
import { SelfTestDelivery } from './self-test-delivery';
import { SelfTestRounds } from './self-test-rounds';
import { SelfTestService } from './self-test.service';

/** The end-to-end self-test (issue 22): its settings, its rounds on a queue of their own, the ops page's reads. */
@Module({
  imports: [PagingModule],
  controllers: [SelfTestController],
  providers: [SelfTestRounds, SelfTestDelivery, SelfTestService, SecretBox, RoutingLookup],
})
export class SelfTestModule {}
