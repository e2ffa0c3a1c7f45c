import type { WebhookDeliveryEvent, WebhookTargetEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import {
  webhookDeliveriesView,
  webhookTargetsView,
  type WebhookDeliveryDoc,
  type WebhookTargetDoc,
} from '../../../signals/webhook-targets.read-model';

export const webhookTargetsProjection: Projection<WebhookTargetDoc> = {
  name: webhookTargetsView.name,
  version: 1,
  collection: webhookTargetsView.collection,
  indexes: webhookTargetsView.indexes,
  handles: [
    'WebhookTargetCreated',
    'WebhookTargetChanged',
    'WebhookTargetSecretRotated',
    'WebhookTargetRotationFinished',
    'WebhookTargetFailed',
    'WebhookTargetRecovered',
    'WebhookTargetPaused',
    'WebhookTargetResumed',
    'WebhookTargetDeleted',
  ],
  documentIds: (event) => [(event.data as { targetId: string }).targetId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as WebhookTargetEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'WebhookTargetCreated': {
        const { targetId, ...data } = event.data;
        return {
          _id: targetId,
          ...data,
          sortName: data.name.toLowerCase(),
          status: 'active',
          failures: 0,
          failingSince: null,
          pausedAt: null,
          previousSecret: null,
          since: recorded.position,
          created_at: at,
          updated_at: at,
        };
      }
      case 'WebhookTargetChanged': {
        const { targetId: _id, ...settings } = event.data;
        return doc && { ...doc, ...settings, sortName: settings.name.toLowerCase(), updated_at: at };
      }
      case 'WebhookTargetSecretRotated': {
        const { secret, secretHint, previousSecret } = event.data;
        return doc && { ...doc, secret, secretHint, previousSecret, updated_at: at };
      }
      case 'WebhookTargetRotationFinished':
        return doc && { ...doc, previousSecret: null, updated_at: at };
      case 'WebhookTargetFailed':
        return doc && { ...doc, failures: event.data.failures, failingSince: event.data.since };
      case 'WebhookTargetRecovered':
        return doc && { ...doc, failures: 0, failingSince: null };
      case 'WebhookTargetPaused':
        return doc && { ...doc, status: 'paused', pausedAt: event.data.at, updated_at: at };
      case 'WebhookTargetResumed':
        return doc && { ...doc, status: 'active', failures: 0, failingSince: null, pausedAt: null, updated_at: at };
      case 'WebhookTargetDeleted':
        return null;
    }
  },
};

/** The delivery log: one document per try. */
export const webhookDeliveriesProjection: Projection<WebhookDeliveryDoc> = {
  name: webhookDeliveriesView.name,
  version: 1,
  collection: webhookDeliveriesView.collection,
  indexes: webhookDeliveriesView.indexes,
  handles: ['WebhookDeliveryAttempted'],
  documentIds: (event) => {
    const { targetId, eventId, round, attempt } = event.data as { [k: string]: string | number };
    return [`${targetId}/${eventId}/${round}/${attempt}`];
  },
  evolve(_doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as WebhookDeliveryEvent;
    if (event.type !== 'WebhookDeliveryAttempted') return _doc;
    const { targetId, eventId, round, attempt } = event.data;
    return { _id: `${targetId}/${eventId}/${round}/${attempt}`, ...event.data, position: recorded.position };
  },
};
