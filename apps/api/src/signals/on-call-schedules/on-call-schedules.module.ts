import { Module } from '@nestjs/common';
import { OnCallSchedulesController, OnCallSchedulesOverviewController } from './on-call-schedules.controller';
import { OnCallSchedulesService } from './on-call-schedules.service';
import { ScheduleFeedController } from './schedule-feed.controller';
import { ShiftHoursController } from './shift-hours.controller';
import { ShiftChangeNotices } from './shift-change-notices';
import { ShiftNotices } from './shift-notices';
import { DestinationsModule } from '../../destinations/destinations.module';

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

/**
 * Shift reminders, hand-off notices and "a future shift of mine changed" (issue 20): where jobs run (the app
 * embedded, or APP_ROLE worker), beside the paging engine.
 */
@Module({
  imports: [DestinationsModule],
  providers: [ShiftNotices, ShiftChangeNotices],
})
export class ShiftNoticesModule {}
