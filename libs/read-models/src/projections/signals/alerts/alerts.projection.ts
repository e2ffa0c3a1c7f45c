import type { AlertEvent, IncidentDeclared } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { alertsView, type AlertDoc } from '../../../signals/alerts.read-model';

const searchTextOf = (summary: string, labels: Record<string, string>) =>
  [summary, ...Object.entries(labels).map(([name, value]) => `${name}=${value}`)].join('\n').toLowerCase();

/** The alert as its current (or last) episode shows it; a new episode starts the document afresh. */
export const alertsProjection: Projection<AlertDoc> = {
  name: alertsView.name,
  version: 3,
  collection: alertsView.collection,
  indexes: alertsView.indexes,
  handles: [
    'AlertTriggered',
    'AlertDeduplicated',
    'AlertAcknowledged',
    'AlertResolved',
    'AlertReassigned',
    'IncidentDeclared',
  ],
  documentIds: (event) => {
    if (event.type !== 'IncidentDeclared') return [(event.data as { alertId: string }).alertId];
    const { alert } = event.data as IncidentDeclared['data'];
    return alert ? [alert.alertId] : [];
  },
  evolve(doc, recorded: RecordedEvent) {
    // an incident declared from the alert (issue 21): the alert names it, whatever episode comes next
    if (recorded.type === 'IncidentDeclared') {
      const { incidentId } = recorded.data as IncidentDeclared['data'];
      return doc && { ...doc, incidentIds: [...new Set([...(doc.incidentIds ?? []), incidentId])] };
    }
    const event = { type: recorded.type, data: recorded.data } as AlertEvent;
    switch (event.type) {
      case 'AlertTriggered': {
        const { alertId, orgId, sourceId, teamId, episode, summary, priority, labels, links, dedupKey } = event.data;
        const { policy, routing, at } = event.data;
        return {
          _id: alertId,
          orgId,
          sourceId,
          teamId,
          status: 'triggered',
          episode,
          summary,
          priority,
          labels,
          links,
          dedupKey,
          count: 1,
          policy,
          routing,
          acknowledged_by: null,
          resolved_by: null,
          searchText: searchTextOf(summary, labels),
          triggered_at: at,
          acknowledged_at: null,
          resolved_at: null,
          updated_at: at,
          groupId: event.data.grouping?.groupId ?? null,
          incidentIds: doc?.incidentIds ?? [],
        };
      }
      case 'AlertDeduplicated':
        return doc && { ...doc, count: event.data.count, updated_at: event.data.at };
      case 'AlertAcknowledged':
        return (
          doc && {
            ...doc,
            status: 'acknowledged',
            acknowledged_by: event.data.by,
            acknowledged_at: event.data.at,
            updated_at: event.data.at,
          }
        );
      case 'AlertResolved':
        return (
          doc && {
            ...doc,
            status: 'resolved',
            resolved_by: event.data.by,
            resolved_at: event.data.at,
            updated_at: event.data.at,
          }
        );
      case 'AlertReassigned':
        // an acknowledged alert handed over is triggered again, for the new person to take
        return doc?.status === 'acknowledged'
          ? { ...doc, status: 'triggered', acknowledged_by: null, acknowledged_at: null, updated_at: event.data.at }
          : doc;
      default:
        // paging's events on the alert stream (merged from i9-paging) do not change the alert's document
        return doc;
    }
  },
};
