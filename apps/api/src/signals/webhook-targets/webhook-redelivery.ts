import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { webhookEventsView, type WebhookTargetDoc } from '@tocsin/read-models';
import { webhookDeliveryCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, JOB_QUEUE, READ_STORE, type Clock, type JobQueue, type ReadStore } from '../../runtime/ports';
import type { RequestContext } from '../../shared/request-context';
import { WEBHOOK_QUEUE, webhookJobOptions, type WebhookJobData } from './webhook.jobs';

const DELIVERY_NOT_FOUND = 'Delivery not found: this target was not sent that event';

/** A redelivery from the log: a new round of the same event id, its body byte for byte the first one's. */
@Injectable()
export class WebhookRedelivery {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  async request(target: WebhookTargetDoc, eventId: string, context: RequestContext) {
    const position = /^\d{1,15}$/.test(eventId) ? Number(eventId) : null;
    const event = position === null ? null : await webhookEventsView.find(this.store, target.orgId, position);
    if (!event) throw new NotFoundException({ error: 'not_found', message: DELIVERY_NOT_FOUND });
    const outcome = await this.commands.run(
      webhookDeliveryCommand(
        { type: 'RequestWebhookRedelivery', targetId: target._id, eventId, at: this.now() },
        context,
      ),
    );
    const requested = outcome.events.find((e) => e.type === 'WebhookRedeliveryRequested');
    const round = requested?.type === 'WebhookRedeliveryRequested' ? requested.data.round : 0;
    const data: WebhookJobData = {
      orgId: target.orgId,
      targetId: target._id,
      eventId,
      eventType: event.type,
      round,
      body: JSON.stringify(event.payload),
    };
    await this.jobs.add(WEBHOOK_QUEUE, 'deliver', data, webhookJobOptions(data));
    return { event_id: eventId, round };
  }
}
