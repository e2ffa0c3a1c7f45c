import type { IncidentEvent } from '@tocsin/domain';
import { incidentFollowUpsView, type IncidentFollowUpDoc } from '../../../incidents/incident-tasks.read-model';
import type { Projection, RecordedEvent } from '../../../projection';

/** Follow-ups across incidents (`/incidents/follow_ups`): one document each, kept after the incident closes. */
export const incidentFollowUpsProjection: Projection<IncidentFollowUpDoc> = {
  name: incidentFollowUpsView.name,
  version: 1,
  collection: incidentFollowUpsView.collection,
  indexes: incidentFollowUpsView.indexes,
  handles: ['IncidentFollowUpAdded', 'IncidentFollowUpChanged'],
  documentIds: (event) => {
    const { incidentId, followUpId } = event.data as { incidentId: string; followUpId: string };
    return [`${incidentId}/${followUpId}`];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as IncidentEvent;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'IncidentFollowUpAdded') {
      if (doc) return doc;
      const { incidentId, followUpId } = event.data;
      const orgId = recorded.metadata.orgId ?? '';
      return { _id: `${incidentId}/${followUpId}`, orgId, ...event.data, created_at: at, updated_at: at };
    }
    if (event.type === 'IncidentFollowUpChanged') return doc && { ...doc, ...event.data, updated_at: at };
    return doc;
  },
};
