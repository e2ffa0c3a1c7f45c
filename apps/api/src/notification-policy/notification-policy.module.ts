import { Module } from '@nestjs/common';
import { PolicyItemsController } from './policy-items.controller';

@Module({ controllers: [PolicyItemsController] })
export class NotificationPolicyModule {}
