import { incidentReference, type AlertEvent, type IncidentDeclared } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import {
  alertTimelineView,
  type AlertTimelineDetail,
  type AlertTimelineDoc,
} from '../../../signals/alert-timeline.read-model';

/**
 * `{alertId}/{event id}`: one entry per event; but one entry per episode for the repeats of a payload
 * (`{alertId}/deduplicated/{episode}`), which a noisy tool sends every few seconds for as long as the problem
 * lasts: it says how many and when the last came, and the view stays the size of what a person reads.
 */
const entryId = (event: RecordedEvent) => {
  if (event.type === 'IncidentDeclared')
    return `${(event.data as IncidentDeclared['data']).alert!.alertId}/${event.id}`;
  const { alertId, episode } = event.data as { alertId: string; episode: number };
  return event.type === 'AlertDeduplicated' ? `${alertId}/deduplicated/${episode}` : `${alertId}/${event.id}`;
};

function detailOf(event: AlertEvent): AlertTimelineDetail {
  switch (event.type) {
    case 'AlertTriggered': {
      const { summary, priority, teamId, routing, policy, grouping } = event.data;
      return { kind: 'triggered', summary, priority, teamId, routing, policy, ...(grouping && { grouping }) };
    }
    case 'AlertDeduplicated':
      return { kind: 'deduplicated', count: event.data.count };
    case 'AlertAcknowledged': {
      const { by, groupId } = event.data;
      return { kind: 'acknowledged', by, ...(groupId && { groupId }) };
    }
    case 'AlertResolved': {
      const { by, quietMinutes, groupId } = event.data;
      return { kind: 'resolved', by, ...(quietMinutes !== undefined && { quietMinutes }), ...(groupId && { groupId }) };
    }
    case 'PagingTargetUnreachable': {
      const { stage, target, userId, reason } = event.data;
      return { kind: 'target_unreachable', stage, target, userId, reason };
    }
    case 'EscalationStepReached':
      return { kind: 'step_reached', step: event.data.step };
    case 'OnCallResolved': {
      const { step, scheduleId, scheduleName, userIds, reasons, skipped } = event.data;
      return { kind: 'on_call_resolved', step, scheduleId, scheduleName, userIds, reasons, skipped };
    }
    case 'AlertEscalated': {
      const { fromStep, toStep, by } = event.data;
      return { kind: 'escalated', fromStep, toStep, by };
    }
    case 'AlertReassigned':
      return { kind: 'reassigned', userId: event.data.userId, by: event.data.by };
    case 'AlertSuppressed': {
      const { maintenanceId, maintenanceName, until, service } = event.data;
      return { kind: 'suppressed', maintenanceId, maintenanceName, until, ...(service && { service }) };
    }
    case 'AlertSuppressionEnded':
      return { kind: 'suppression_ended', maintenanceId: event.data.maintenanceId, reason: event.data.reason };
    case 'NotificationAttempted': {
      const { attemptId, stage, userId, channel, address } = event.data;
      return { kind: 'notification_attempted', attemptId, try: event.data.try, stage, userId, channel, address };
    }
    case 'NotificationSent': {
      const { attemptId, providerMessageId, answer } = event.data;
      return { kind: 'notification_sent', attemptId, try: event.data.try, providerMessageId, answer };
    }
    case 'NotificationFailed': {
      const { attemptId, answer, retryable, final } = event.data;
      return { kind: 'notification_failed', attemptId, try: event.data.try, answer, retryable, final };
    }
  }
}

/**
 * The alert's timeline (issue 9): every routing decision, the policy as copied at trigger, each step, each
 * notification attempt with the provider's answer, acknowledgement and resolution. One document per event,
 * written once, but for the repeats of the payload: one per episode, with their count and the last one's time
 * and position.
 */
export const alertTimelineProjection: Projection<AlertTimelineDoc> = {
  name: alertTimelineView.name,
  version: 2,
  collection: alertTimelineView.collection,
  indexes: alertTimelineView.indexes,
  handles: [
    'AlertTriggered',
    'PagingTargetUnreachable',
    'AlertDeduplicated',
    'AlertAcknowledged',
    'AlertResolved',
    'EscalationStepReached',
    'OnCallResolved',
    'AlertEscalated',
    'AlertReassigned',
    'AlertSuppressed',
    'AlertSuppressionEnded',
    'NotificationAttempted',
    'NotificationSent',
    'NotificationFailed',
    'IncidentDeclared',
  ],
  // the alert's id leads, so a browser showing one alert tells its entries' change notices from others'
  documentIds: (event) =>
    event.type === 'IncidentDeclared' && !(event.data as IncidentDeclared['data']).alert ? [] : [entryId(event)],
  evolve(doc, recorded: RecordedEvent) {
    if (recorded.type === 'IncidentDeclared') return doc ?? incidentEntry(recorded);
    // written once, except the episode's repeats entry, which moves to the latest repeat (a redelivered older one changes nothing)
    if (doc && (recorded.type !== 'AlertDeduplicated' || recorded.position <= doc.position)) return doc;
    const event = { type: recorded.type, data: recorded.data } as AlertEvent;
    const { alertId, episode, at } = event.data as { alertId: string; episode: number; at: string };
    return {
      _id: entryId(recorded),
      orgId: recorded.metadata.orgId ?? '',
      alertId,
      stream: recorded.stream,
      episode,
      position: recorded.position,
      at,
      ...detailOf(event),
    };
  },
};

/** An incident declared from the alert shows on the alert's timeline, in the episode it was declared from. */
function incidentEntry(recorded: RecordedEvent): AlertTimelineDoc {
  const { incidentId, number, fields, alert, at } = recorded.data as IncidentDeclared['data'];
  return {
    _id: entryId(recorded),
    orgId: recorded.metadata.orgId ?? '',
    alertId: alert!.alertId,
    stream: alert!.stream,
    episode: alert!.episode,
    position: recorded.position,
    at,
    kind: 'incident_declared',
    incidentId,
    reference: incidentReference(number),
    name: fields.name,
  };
}
