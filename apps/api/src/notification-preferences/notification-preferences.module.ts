import { Module } from '@nestjs/common';
import { RealtimePush } from '../realtime/realtime-push';
import { ComplianceController } from './compliance.controller';
import { DestinationsController } from './destinations.controller';
import { HandoffNotificationsController } from './handoff-notifications.controller';
import { UserMatchProcessor } from './match-and-update.job';
import { MatchAndUpdateController } from './match-and-update.controller';
import { MatchAndUpdateRunner } from './match-and-update.runner';
import { NotificationSettingsController } from './notification-settings.controller';
import { OrganizationMatchProcessor } from './organization-match-and-update.job';
import { OrganizationMatchAndUpdateController } from './organization-match-and-update.controller';

@Module({
  controllers: [
    ComplianceController,
    DestinationsController,
    NotificationSettingsController,
    HandoffNotificationsController,
    MatchAndUpdateController,
    OrganizationMatchAndUpdateController,
  ],
  providers: [MatchAndUpdateRunner, UserMatchProcessor, OrganizationMatchProcessor, RealtimePush],
})
export class NotificationPreferencesModule {}
