import { Module } from '@nestjs/common';
import { OnCallSchedulesController, OnCallSchedulesOverviewController } from './on-call-schedules.controller';
import { OnCallSchedulesService } from './on-call-schedules.service';
import { ScheduleFeedController } from './schedule-feed.controller';
import { ShiftHoursController } from './shift-hours.controller';

@Module({
  controllers: [
    OnCallSchedulesOverviewController,
    OnCallSchedulesController,
    ScheduleFeedController,
    ShiftHoursController,
  ],
  providers: [OnCallSchedulesService],
  exports: [OnCallSchedulesService],
})
export class OnCallSchedulesModule {}
