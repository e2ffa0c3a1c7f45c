import { Module } from '@nestjs/common';
import { NotificationPolicyCommandHandler } from './policy-item.commands';
import { PolicyItemsController } from './policy-items.controller';

@Module({ controllers: [PolicyItemsController], providers: [NotificationPolicyCommandHandler] })
export class NotificationPolicyModule {}
