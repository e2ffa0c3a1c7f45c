import { Module } from '@nestjs/common';
import { SecretBox } from '../signals/event-sources/secret-box';
import { ChatDestinationsController } from './chat-destinations.controller';
import { ChatDestinationsService } from './chat-destinations.service';
import { DestinationAddresses } from './destination-addresses';
import { PushDevicesController } from './push-devices.controller';
import { PushDevicesService } from './push-devices.service';

/** A person's Slack and Teams webhooks and push devices: the destinations beside phones and emails (issue 20). */
@Module({
  controllers: [ChatDestinationsController, PushDevicesController],
  providers: [SecretBox, ChatDestinationsService, PushDevicesService, DestinationAddresses],
  exports: [DestinationAddresses],
})
export class DestinationsModule {}
