import { Module } from '@nestjs/common';
import { MailModule } from '../../mail/mail.module';
import { SecretBox } from '../event-sources/secret-box';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookPauseNotice } from './webhook-pause-notice';
import { WebhookRedelivery } from './webhook-redelivery';
import { WebhookTargetSecrets } from './webhook-target-secrets';
import { WebhookTargetsController } from './webhook-targets.controller';
import { WebhookTargetsService } from './webhook-targets.service';

/** Webhook targets (issue 20): the targets, the dispatcher that queues deliveries, the delivery jobs, the log. */
@Module({
  imports: [MailModule],
  controllers: [WebhookTargetsController],
  providers: [
    SecretBox,
    WebhookTargetsService,
    WebhookTargetSecrets,
    WebhookRedelivery,
    WebhookDispatcher,
    WebhookDeliveryProcessor,
    WebhookPauseNotice,
  ],
})
export class WebhookTargetsModule {}
