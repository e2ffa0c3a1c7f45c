import { Module } from '@nestjs/common';
import { ComplianceController } from './compliance.controller';
import { DestinationsController } from './destinations.controller';
import { HandoffNotificationsCommandHandler } from './handoff-notifications.commands';
import { HandoffNotificationsController } from './handoff-notifications.controller';
import { NotificationSettingsCommandHandler } from './notification-settings.commands';
import { NotificationSettingsController } from './notification-settings.controller';

@Module({
  controllers: [ComplianceController, DestinationsController, NotificationSettingsController, HandoffNotificationsController],
  providers: [NotificationSettingsCommandHandler, HandoffNotificationsCommandHandler],
})
export class NotificationPreferencesModule {}
